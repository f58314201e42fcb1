#include "resolve/compile_commands.hpp"

#include <simdjson.h>

#include <algorithm>

#include "resolve/facts_digest.hpp"
#include "trellis/common/file_io.hpp"

namespace trellis::ingest::resolve {
namespace {

// A command line split as a POSIX shell would split it (quotes and backslashes; no expansions).
std::vector<std::string> split_command(std::string_view command) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (std::size_t i = 0; i < command.size(); ++i) {
    const char c = command[i];
    if (quote != 0) {
      if (c == quote) {
        quote = 0;
      } else if (c == '\\' && quote == '"' && i + 1 < command.size()) {
        word += command[++i];
      } else {
        word += c;
      }
      continue;
    }
    if (c == '"' || c == '\'') {
      quote = c;
      in_word = true;
    } else if (c == '\\' && i + 1 < command.size()) {
      word += command[++i];
      in_word = true;
    } else if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(std::move(word));
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) out.push_back(std::move(word));
  return out;
}

// `path` (relative to `directory`) relative to `root`; nullopt outside it.
std::optional<std::string> under_root(const std::filesystem::path& directory, std::string_view path,
                                      const std::filesystem::path& root) {
  const std::filesystem::path absolute = (directory / std::filesystem::path(path)).lexically_normal();
  const std::filesystem::path relative = absolute.lexically_relative(root);
  const std::string text = relative.generic_string();
  if (relative.empty() || text == ".." || text.starts_with("../")) return std::nullopt;
  return text == "." ? std::string() : text;
}

void add_unique(std::vector<std::string>& folders, const std::string& folder) {
  if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(folder);
}

}  // namespace

Result<CompileCommands> read_compile_commands(const std::filesystem::path& file, const std::filesystem::path& root) {
  CompileCommands commands;
  const auto text = read_file(file);
  if (!text.ok()) return commands;
  simdjson::dom::parser parser;
  simdjson::dom::array entries;
  if (parser.parse(*text).get(entries) != simdjson::SUCCESS) {
    return make_error(ErrorCode::InvalidArgument, file.string() + " is no compilation database (a JSON array)");
  }
  const std::filesystem::path canonical_root = std::filesystem::weakly_canonical(root).lexically_normal();
  const std::filesystem::path database = std::filesystem::weakly_canonical(file);
  for (const auto entry : entries) {
    std::string_view directory_text;
    std::string_view file_text;
    if (entry["directory"].get(directory_text) != simdjson::SUCCESS || entry["file"].get(file_text) != simdjson::SUCCESS) {
      continue;
    }
    // A relative directory is relative to the database's own folder.
    const std::filesystem::path directory = (database.parent_path() / std::filesystem::path(directory_text)).lexically_normal();
    std::vector<std::string> arguments;
    simdjson::dom::array listed;
    std::string_view command;
    if (entry["arguments"].get(listed) == simdjson::SUCCESS) {
      for (const auto argument : listed) {
        std::string_view value;
        if (argument.get(value) == simdjson::SUCCESS) arguments.emplace_back(value);
      }
    } else if (entry["command"].get(command) == simdjson::SUCCESS) {
      arguments = split_command(command);
    }
    const auto source = under_root(directory, file_text, canonical_root);
    if (!source) continue;
    CompileCommands::Folders& folders = commands.by_file[*source];
    for (std::size_t i = 0; i < arguments.size(); ++i) {
      const std::string& argument = arguments[i];
      for (const std::string_view flag : {"-iquote", "-isystem", "-I"}) {
        if (!argument.starts_with(flag)) continue;
        std::string_view value = std::string_view(argument).substr(flag.size());
        if (value.empty() && i + 1 < arguments.size()) value = arguments[++i];
        if (const auto folder = under_root(directory, value, canonical_root)) {
          auto& into = flag == "-iquote" ? folders.quote : folders.search;
          auto& all = flag == "-iquote" ? commands.all.quote : commands.all.search;
          add_unique(into, *folder);
          add_unique(all, *folder);
        }
        break;
      }
    }
  }
  return commands;
}

CompileCommands compile_commands_for(const std::filesystem::path& root, const std::string& named) {
  const std::filesystem::path file = named.empty() ? root / "compile_commands.json" : std::filesystem::path(named);
  auto commands = read_compile_commands(file, root);
  return commands.ok() ? std::move(commands).value() : CompileCommands{};
}

std::uint64_t include_folders_digest(const std::filesystem::path& root, const std::string& named) {
  const CompileCommands commands = compile_commands_for(root, named);
  std::vector<const std::pair<const std::string, CompileCommands::Folders>*> listed;
  for (const auto& entry : commands.by_file) listed.push_back(&entry);
  std::sort(listed.begin(), listed.end(), [](const auto* a, const auto* b) { return a->first < b->first; });
  FactsDigest digest;
  const auto folders = [&](const CompileCommands::Folders& of) {
    digest.texts(of.quote);
    digest.texts(of.search);
  };
  digest.u32(static_cast<std::uint32_t>(listed.size()));
  for (const auto* entry : listed) {
    digest.text(entry->first);
    folders(entry->second);
  }
  folders(commands.all);
  return digest.value();
}

}  // namespace trellis::ingest::resolve
