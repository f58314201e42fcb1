// Console::feed: statements are gathered until a ';' outside strings and
// comments (split_script), run through run_cypher, and printed with
// output::cypher_results_text plus the time taken.
#include "trellis/console/console.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <utility>

#include "trellis/cypher/statement_splitter.hpp"
#include "trellis/cypher/value/value_text.hpp"
#include "trellis/output/cypher_json.hpp"
#include "trellis/store/schema.hpp"

namespace trellis::console {
namespace {

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r\n");
  return text.substr(first, last - first + 1);
}

bool is_name(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// "error: <message>" and, when the error has a position, the offending line
// of the statement with a caret under the column.
std::string error_text(const Error& error, std::string_view statement) {
  std::string out = fmt::format("error: {}\n", error.message);
  if (!error.suggestions.empty())
    out += fmt::format("Did you mean {}?\n", fmt::join(error.suggestions, ", "));
  if (!error.position) return out;
  std::string_view rest = statement;
  for (std::uint32_t line = 1; line < error.position->line; ++line) {
    const auto newline = rest.find('\n');
    if (newline == std::string_view::npos) return out;
    rest.remove_prefix(newline + 1);
  }
  const std::string_view line = rest.substr(0, rest.find('\n'));
  out += fmt::format("  {}\n  {}^\n", line, std::string(error.position->column - 1, ' '));
  return out;
}

}  // namespace

Console::Console(const GraphStore& store, cypher::Parameters parameters,
                 cypher::CypherOptions options)
    : store_(store), parameters_(std::move(parameters)), options_(options) {}

std::string_view Console::prompt() const {
  return pending_.empty() ? "trellis> " : "      -> ";
}

std::string Console::feed(std::string_view line) {
  const std::string_view trimmed = trim(line);
  // Inside an unfinished statement only :clear and :quit are commands (a line
  // may continue a pattern with `:Label`).
  if (trimmed.starts_with(':') && (pending_.empty() || trimmed.starts_with(":clear") ||
                                   trimmed.starts_with(":quit") || trimmed.starts_with(":exit"))) {
    return command(trimmed);
  }
  if (pending_.empty() && trimmed.empty()) return {};
  if (!pending_.empty()) pending_ += '\n';
  pending_ += line;
  const cypher::ScriptSplit split = cypher::split_script(pending_);
  std::string out;
  for (const cypher::StatementText& statement : split.statements)
    out += run(trim(statement.text), false);
  pending_ =
      cypher::is_blank(split.remainder.text) ? std::string() : std::string(split.remainder.text);
  return out;
}

std::string Console::command(std::string_view line) {
  const auto space = line.find_first_of(" \t");
  const std::string_view name = line.substr(0, space);
  const std::string_view argument =
      space == std::string_view::npos ? std::string_view() : trim(line.substr(space));
  if (name == ":help") return std::string(help_text());
  if (name == ":schema") return schema_text();
  if (name == ":quit" || name == ":exit") {
    finished_ = true;
    return {};
  }
  if (name == ":clear") {
    discard_pending();
    return {};
  }
  if (name == ":params") {
    if (parameters_.empty()) return "no parameters set (:param name => value)\n";
    std::string out;
    for (const auto& [key, value] : parameters_)
      out += fmt::format("${} = {}\n", key, cypher::display_text(store_, value));
    return out;
  }
  if (name == ":param") return set_parameter(argument);
  if (name == ":explain") {
    std::string_view query = argument;
    while (!query.empty() && query.back() == ';') query = trim(query.substr(0, query.size() - 1));
    if (query.empty()) return "usage: :explain QUERY\n";
    return run(query, true);
  }
  return fmt::format("unknown command {} (:help lists the commands)\n", name);
}

std::string Console::set_parameter(std::string_view argument) {
  const auto arrow = argument.find("=>");
  const std::string_view name = trim(argument.substr(0, arrow));
  const std::string_view key = name.starts_with('$') ? name.substr(1) : name;
  if (!is_name(key))
    return "usage: :param name => value   (value as JSON: 'text', 42, [1, 2], {\"a\": 1})\n";
  const auto existing = std::find_if(parameters_.begin(), parameters_.end(),
                                     [&](const auto& entry) { return entry.first == key; });
  if (arrow == std::string_view::npos) {
    if (existing == parameters_.end()) return fmt::format("${} is not set\n", key);
    parameters_.erase(existing);
    return fmt::format("${} unset\n", key);
  }
  std::string json(trim(argument.substr(arrow + 2)));
  // Cypher's single-quoted strings are accepted too: 'abc' is "abc".
  if (json.size() >= 2 && json.front() == '\'' && json.back() == '\'' &&
      json.find('"') == std::string::npos) {
    json = "\"" + json.substr(1, json.size() - 2) + "\"";
  }
  auto value = cypher::value_from_json(json);
  if (!value.ok()) return fmt::format("error: {}\n", value.error().message);
  const std::string shown = cypher::display_text(store_, *value);
  if (existing != parameters_.end()) {
    existing->second = std::move(*value);
  } else {
    parameters_.emplace_back(std::string(key), std::move(*value));
  }
  return fmt::format("${} = {}\n", key, shown);
}

std::string Console::run(std::string_view statement, bool explain) {
  const std::string text = explain ? "EXPLAIN " + std::string(statement) : std::string(statement);
  const auto start = std::chrono::steady_clock::now();
  auto result = cypher::run_cypher(store_, text, parameters_, options_);
  const std::chrono::duration<double, std::milli> elapsed =
      std::chrono::steady_clock::now() - start;
  if (!result.ok()) return error_text(result.error(), text);
  std::string out = output::cypher_results_text(store_, *result);
  if (!out.empty() && out.back() == '\n') out.pop_back();
  out += fmt::format(" ({:.2f} ms)\n", elapsed.count());
  return out;
}

std::string_view help_text() {
  return "Type Cypher statements ended by ';' (they may span lines). Read-only: MATCH, OPTIONAL "
         "MATCH,\n"
         "WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT, UNION; EXPLAIN / PROFILE before a "
         "query.\n"
         "\n"
         "  :help                  this text\n"
         "  :schema                labels, properties and relationship types\n"
         "  :param name => value   set $name (JSON or 'text'); :param name unsets it\n"
         "  :params                list the parameters\n"
         "  :explain QUERY         show the plan of QUERY without running it\n"
         "  :clear                 drop the statement being typed\n"
         "  :quit                  leave (or Ctrl-D)\n"
         "Ctrl-C drops the statement being typed, or cancels the query that is running.\n"
         "\n"
         "Tab completes keywords, functions, labels (after ':'), relationship types (after '[:')\n"
         "and property names (after '.'). History is kept in ~/.trellis_history "
         "($TRELLIS_HISTORY).\n";
}

std::string schema_text() {
  std::string out = "Labels (every node also has qualified_name, name):\n";
  for (const LabelDef& label : all_labels()) {
    std::vector<std::string_view> names;
    for (const PropertyDef& property : label.properties) names.push_back(property.name);
    std::string line = fmt::format("  :{:<16} {}", label.name, fmt::join(names, ", "));
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  out += "Relationship types:\n";
  for (const RelTypeDef& type : all_rel_types()) {
    std::vector<std::string_view> from;
    std::vector<std::string_view> to;
    std::vector<std::string_view> properties;
    for (Label label : type.from) from.push_back(to_string(label));
    for (Label label : type.to) to.push_back(to_string(label));
    for (const PropertyDef& property : type.properties) properties.push_back(property.name);
    out += fmt::format(
        "  :{:<11} ({})-->({}){}\n", type.name, fmt::join(from, "|"), fmt::join(to, "|"),
        properties.empty() ? std::string() : fmt::format(" {{{}}}", fmt::join(properties, ", ")));
  }
  return out;
}

}  // namespace trellis::console
