#include "ts_project.hpp"

#include <simdjson.h>

#include <algorithm>
#include <set>

#include "naming/module_path.hpp"
#include "trellis/common/file_io.hpp"

namespace trellis::ingest::typescript {
namespace {

constexpr std::string_view kExtensions[] = {".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"};

// JSON with comments and trailing commas (tsconfig.json's dialect) as JSON.
std::string strip_jsonc(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t start = i;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\') ++i;
      }
      out.append(text.substr(start, i - start + 1));
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      out += '\n';
    } else if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const std::size_t end = text.find("*/", i + 2);
      i = end == std::string_view::npos ? text.size() : end + 1;
    } else if (c == ',') {
      const std::size_t next = text.find_first_not_of(" \t\r\n", i + 1);
      if (next != std::string_view::npos && (text[next] == '}' || text[next] == ']')) continue;
      out += c;
    } else {
      out += c;
    }
  }
  return out;
}

std::string join(std::string_view folder, std::string_view path) {
  if (folder.empty() || folder == ".") return std::string(path);
  return std::string(folder) + "/" + std::string(path);
}

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

// Whether `text` ends with a script extension (".js", ".ts", ...).
std::string_view script_extension(std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return {};
  const std::string_view extension = path.substr(dot);
  for (const std::string_view known : kExtensions) {
    if (extension == known) return extension;
  }
  return {};
}

void read_tsconfig(const std::filesystem::path& root, ProjectConfig& config) {
  for (const char* name : {"tsconfig.json", "jsconfig.json"}) {
    const auto text = read_file(root / name);
    if (!text.ok()) continue;
    simdjson::dom::parser parser;
    simdjson::dom::element document;
    if (parser.parse(strip_jsonc(*text)).get(document) != simdjson::SUCCESS) return;
    simdjson::dom::object options;
    if (document["compilerOptions"].get(options) != simdjson::SUCCESS) return;
    std::string_view base_url;
    if (options["baseUrl"].get(base_url) == simdjson::SUCCESS) {
      config.base_url = normalize_path(base_url).value_or("");
    }
    simdjson::dom::object paths;
    if (options["paths"].get(paths) == simdjson::SUCCESS) {
      for (const auto field : paths) {
        PathMapping mapping;
        mapping.pattern = std::string(field.key);
        simdjson::dom::array targets;
        if (field.value.get(targets) != simdjson::SUCCESS) continue;
        for (const auto target : targets) {
          std::string_view value;
          if (target.get(value) == simdjson::SUCCESS) mapping.targets.emplace_back(value);
        }
        config.paths.push_back(std::move(mapping));
      }
    }
    return;
  }
}

void read_package(const std::filesystem::path& root, const std::string& folder, ProjectConfig& config) {
  const auto text = read_file(root / folder / "package.json");
  if (!text.ok()) return;
  simdjson::dom::parser parser;
  simdjson::dom::element document;
  if (parser.parse(*text).get(document) != simdjson::SUCCESS) return;
  ProjectConfig::Package package;
  std::string_view name;
  if (document["name"].get(name) != simdjson::SUCCESS || name.empty()) return;
  package.name = std::string(name);
  package.folder = folder;
  for (const char* field : {"source", "types", "typings", "module", "main"}) {
    std::string_view entry;
    if (document[field].get(entry) == simdjson::SUCCESS) {
      if (const auto path = normalize_path(join(folder, entry))) package.entries.push_back(*path);
    }
  }
  package.entries.push_back(join(folder, "src/index"));
  package.entries.push_back(join(folder, "index"));
  config.packages.push_back(std::move(package));
}

}  // namespace

std::optional<std::string> normalize_path(std::string_view path) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, end - start);
    if (part == "..") {
      if (parts.empty()) return std::nullopt;
      parts.pop_back();
    } else if (!part.empty() && part != ".") {
      parts.push_back(part);
    }
    start = end + 1;
  }
  std::string out;
  for (const std::string_view part : parts) {
    if (!out.empty()) out += '/';
    out += part;
  }
  return out;
}

std::string package_name(std::string_view specifier) {
  if (specifier.starts_with("node:")) specifier.remove_prefix(5);
  std::size_t end = specifier.find('/');
  if (specifier.starts_with('@') && end != std::string_view::npos) end = specifier.find('/', end + 1);
  return std::string(specifier.substr(0, end));
}

ProjectConfig read_project_config(const std::filesystem::path& root, std::span<const std::string> relative_paths) {
  ProjectConfig config;
  read_tsconfig(root, config);
  std::set<std::string> folders;
  for (const std::string& path : relative_paths) {
    for (std::string_view folder = folder_of(path);; folder = folder_of(folder)) {
      if (!folders.insert(std::string(folder)).second) break;
      if (folder.empty()) break;
    }
  }
  for (const std::string& folder : folders) {
    if (!folder.empty()) read_package(root, folder, config);
  }
  return config;
}

std::string module_name(std::string_view path, std::string_view root_name) {
  std::string_view stem = path;
  for (const std::string_view declaration : {".d.ts", ".d.mts", ".d.cts"}) {
    if (stem.ends_with(declaration)) {
      stem.remove_suffix(declaration.size());
      break;
    }
  }
  if (stem.size() == path.size()) stem.remove_suffix(script_extension(stem).size());
  if (stem == "index") return std::string(root_name);
  if (stem.ends_with("/index")) stem.remove_suffix(6);
  const auto slash = path.rfind('/');
  return dotted_module_path(stem, slash == std::string_view::npos ? path : path.substr(slash + 1));
}

ModuleResolver::ModuleResolver(std::span<const std::string> relative_paths, ProjectConfig config)
    : paths_(relative_paths), config_(std::move(config)) {
  for (std::uint32_t f = 0; f < relative_paths.size(); ++f) files_.emplace(relative_paths[f], f);
}

std::optional<std::uint32_t> ModuleResolver::probe_file(const std::string& path) const {
  const auto it = files_.find(path);
  return it == files_.end() ? std::nullopt : std::optional(it->second);
}

std::optional<std::uint32_t> ModuleResolver::probe(std::string_view path) const {
  std::string candidate(path);
  if (const auto exact = probe_file(candidate)) return exact;
  // `./a.js` written for `./a.ts` (ESM-style TypeScript imports).
  if (const std::string_view extension = script_extension(path); !extension.empty()) {
    const std::string_view stem = path.substr(0, path.size() - extension.size());
    const char* replacement = extension == ".js" ? ".ts" : extension == ".jsx" ? ".tsx"
                              : extension == ".mjs" ? ".mts" : extension == ".cjs" ? ".cts" : nullptr;
    if (replacement != nullptr) {
      if (const auto found = probe_file(std::string(stem) + replacement)) return found;
      if (extension == ".js") {
        if (const auto found = probe_file(std::string(stem) + ".tsx")) return found;
      }
    }
  }
  for (const std::string_view extension : kExtensions) {
    if (const auto found = probe_file(candidate + std::string(extension))) return found;
  }
  const std::string index = candidate.empty() ? std::string("index") : candidate + "/index";
  for (const std::string_view extension : kExtensions) {
    if (const auto found = probe_file(index + std::string(extension))) return found;
  }
  return std::nullopt;
}

ModuleTarget ModuleResolver::resolve(std::uint32_t from, std::string_view specifier) const {
  ModuleTarget target;
  if (specifier.empty()) return target;
  if (specifier.starts_with("./") || specifier.starts_with("../") || specifier == "." || specifier == "..") {
    if (const auto path = normalize_path(join(folder_of(paths_[from]), specifier))) {
      if (const auto file = probe(*path)) target.file = *file;
    }
    return target;
  }
  if (specifier.starts_with('/')) return target;
  for (const PathMapping& mapping : config_.paths) {
    const auto star = mapping.pattern.find('*');
    std::string_view rest;
    if (star == std::string::npos) {
      if (specifier != mapping.pattern) continue;
    } else {
      const std::string_view prefix = std::string_view(mapping.pattern).substr(0, star);
      const std::string_view suffix = std::string_view(mapping.pattern).substr(star + 1);
      if (!specifier.starts_with(prefix) || !specifier.ends_with(suffix) ||
          specifier.size() < prefix.size() + suffix.size()) {
        continue;
      }
      rest = specifier.substr(prefix.size(), specifier.size() - prefix.size() - suffix.size());
    }
    for (std::string substituted : mapping.targets) {
      if (const auto at = substituted.find('*'); at != std::string::npos) substituted.replace(at, 1, rest);
      if (const auto path = normalize_path(join(config_.base_url.value_or(""), substituted))) {
        if (const auto file = probe(*path)) {
          target.file = *file;
          return target;
        }
      }
    }
  }
  if (config_.base_url) {
    if (const auto path = normalize_path(join(*config_.base_url, specifier))) {
      if (const auto file = probe(*path)) {
        target.file = *file;
        return target;
      }
    }
  }
  for (const ProjectConfig::Package& package : config_.packages) {
    if (specifier == package.name) {
      for (const std::string& entry : package.entries) {
        if (const auto file = probe(entry)) {
          target.file = *file;
          return target;
        }
      }
    } else if (specifier.starts_with(package.name) && specifier[package.name.size()] == '/') {
      const std::string_view sub = specifier.substr(package.name.size() + 1);
      for (const std::string& folder : {join(package.folder, sub), join(package.folder, "src/" + std::string(sub))}) {
        if (const auto file = probe(folder)) {
          target.file = *file;
          return target;
        }
      }
    }
  }
  target.external = package_name(specifier);
  return target;
}

}  // namespace trellis::ingest::typescript
