#include "rust/rust_crates.hpp"

#include <fstream>
#include <sstream>

namespace trellis::ingest::rust {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

std::string identifier(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c == '-' || c == '.') c = '_';
  }
  return out;
}

std::string_view parent_folder(std::string_view folder) {
  const auto slash = folder.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : folder.substr(0, slash);
}

}  // namespace

std::string crate_name_of(std::string_view cargo_toml) {
  std::string section;
  std::string package;
  std::string lib;
  while (!cargo_toml.empty()) {
    const auto end = cargo_toml.find('\n');
    std::string_view line = trimmed(cargo_toml.substr(0, end));
    cargo_toml.remove_prefix(end == std::string_view::npos ? cargo_toml.size() : end + 1);
    if (line.starts_with('[')) {
      section = std::string(trimmed(line.substr(1, line.find(']') - 1)));
      continue;
    }
    if (section != "package" && section != "lib") continue;
    const auto equals = line.find('=');
    if (equals == std::string_view::npos || trimmed(line.substr(0, equals)) != "name") continue;
    const std::string_view value = trimmed(line.substr(equals + 1));
    if (value.size() < 2 || (value.front() != '"' && value.front() != '\'')) continue;
    const auto close = value.find(value.front(), 1);
    if (close == std::string_view::npos) continue;
    (section == "lib" ? lib : package) = identifier(value.substr(1, close - 1));
  }
  return lib.empty() || package.empty() ? package : lib;
}

CrateRoots::CrateRoots(std::string root, std::string project) : root_(std::move(root)), project_(identifier(project)) {}

const std::pair<std::string, std::string>& CrateRoots::crate_of(const std::string& folder) {
  if (const auto it = crates_.find(folder); it != crates_.end()) return it->second;
  std::pair<std::string, std::string> found;
  std::ifstream in(root_ + "/" + (folder.empty() ? std::string() : folder + "/") + "Cargo.toml", std::ios::binary);
  if (in) {
    std::ostringstream text;
    text << in.rdbuf();
    found = {folder, crate_name_of(text.str())};
  }
  if (found.second.empty() && !folder.empty()) found = crate_of(std::string(parent_folder(folder)));
  return crates_.emplace(folder, std::move(found)).first->second;
}

ModulePath CrateRoots::module_of(std::string_view relative_path) {
  ModulePath out;
  const auto& [folder, name] = crate_of(std::string(parent_folder(relative_path)));
  out.crate = name.empty() ? project_ : name;
  out.crate_folder = name.empty() ? std::string() : folder;
  std::string_view below = relative_path.substr(out.crate_folder.empty() ? 0 : out.crate_folder.size() + 1);
  if (below.ends_with(".rs")) below.remove_suffix(3);
  const bool in_src = !name.empty() && below.starts_with("src/");
  if (in_src) below.remove_prefix(4);
  while (!below.empty()) {
    const auto slash = below.find('/');
    out.segments.emplace_back(below.substr(0, slash));
    below.remove_prefix(slash == std::string_view::npos ? below.size() : slash + 1);
  }
  out.stem = out.segments.empty() ? std::string() : out.segments.back();
  if (in_src && out.segments.size() == 1 && (out.stem == "lib" || out.stem == "main")) out.segments.clear();
  if (out.stem == "mod" && out.segments.size() > 1) out.segments.pop_back();
  return out;
}

}  // namespace trellis::ingest::rust
