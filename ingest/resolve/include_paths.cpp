#include "resolve/include_paths.hpp"

#include <algorithm>

namespace trellis::ingest::resolve {

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

std::string_view without_extension(std::string_view path) {
  const auto dot = path.rfind('.');
  const auto slash = path.rfind('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) return path;
  return path.substr(0, dot);
}

std::string dotted_path(std::string_view path) {
  std::string out(path);
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

std::optional<std::string> normalized_path(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const auto slash = path.find('/');
    const std::string_view part = path.substr(0, slash);
    path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
    if (part.empty() || part == ".") continue;
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
      continue;
    }
    parts.push_back(part);
  }
  std::string out;
  for (const std::string_view part : parts) {
    if (!out.empty()) out += '/';
    out += part;
  }
  return out;
}

IncludePaths::IncludePaths(std::span<const FileFacts> files, const CompileCommands& commands)
    : files_(files), commands_(commands) {
  for (std::uint32_t f = 0; f < files.size(); ++f) by_path_.emplace(files[f].relative_path, f);
}

std::optional<std::uint32_t> IncludePaths::at(std::uint32_t file, std::string_view folder, std::string_view written) const {
  std::string candidate = folder.empty() ? std::string(written) : std::string(folder) + "/" + std::string(written);
  const auto path = normalized_path(candidate);
  if (!path) return std::nullopt;
  const auto it = by_path_.find(*path);
  if (it == by_path_.end() || it->second == file) return std::nullopt;
  return it->second;
}

std::optional<std::uint32_t> IncludePaths::find(std::uint32_t file, const Import& include) const {
  const bool quoted = include.level == 1;
  const std::string_view written = include.module;
  const std::string_view own = folder_of(files_[file].relative_path);
  if (quoted) {
    if (const auto target = at(file, own, written)) return target;
  }
  if (!commands_.empty()) {
    const auto listed = commands_.by_file.find(files_[file].relative_path);
    const CompileCommands::Folders& folders = listed != commands_.by_file.end() ? listed->second : commands_.all;
    if (quoted) {
      for (const std::string& folder : folders.quote) {
        if (const auto target = at(file, folder, written)) return target;
      }
    }
    for (const std::string& folder : folders.search) {
      if (const auto target = at(file, folder, written)) return target;
    }
  }
  for (std::string_view folder = own;;) {
    if ((quoted && folder != own) || folder.empty()) {
      if (const auto target = at(file, folder, written)) return target;
    }
    const std::string inside = folder.empty() ? std::string("include") : std::string(folder) + "/include";
    if (const auto target = at(file, inside, written)) return target;
    if (folder.empty()) break;
    folder = folder_of(folder);
  }
  return std::nullopt;
}

}  // namespace trellis::ingest::resolve
