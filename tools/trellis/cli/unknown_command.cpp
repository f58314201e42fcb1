#include "trellis/cli/unknown_command.hpp"

#include <fmt/format.h>

#include <string>
#include <vector>

#include "trellis/common/suggestions.hpp"

namespace trellis::cli {

std::optional<Error> unknown_command_error(const CLI::App& app) {
  const CLI::App* current = &app;
  while (true) {
    const auto parsed = current->get_subcommands();
    if (parsed.empty()) break;
    current = parsed.front();
  }
  std::vector<std::string> names;
  for (const CLI::App* sub : current->get_subcommands({})) names.push_back(sub->get_name());
  if (names.empty()) return std::nullopt;
  for (const std::string& word : current->remaining()) {
    if (word.empty() || word.front() == '-') continue;
    const bool under_query = current->get_name() == "query";
    Error error =
        make_error(ErrorCode::InvalidArgument,
                   fmt::format("unknown {} '{}'", under_query ? "query" : "command", word));
    error.suggestions = suggest(word, names);
    return error;
  }
  return std::nullopt;
}

}  // namespace trellis::cli
