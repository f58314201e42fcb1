// Completion candidates: the word before the cursor and what precedes it
// decide which table they come from (see completion.hpp).
#include "trellis/console/completion.hpp"

#include <algorithm>
#include <cctype>

#include "trellis/store/schema.hpp"

namespace trellis::console {
namespace {

constexpr std::string_view kKeywords[] = {
    "MATCH",      "OPTIONAL", "WHERE", "RETURN",  "WITH",   "UNWIND",   "UNION", "ALL",
    "DISTINCT",   "ORDER",    "BY",    "SKIP",    "LIMIT",  "ASC",      "DESC",  "ASCENDING",
    "DESCENDING", "AS",       "AND",   "OR",      "XOR",    "NOT",      "IN",    "IS",
    "NULL",       "TRUE",     "FALSE", "STARTS",  "ENDS",   "CONTAINS", "CASE",  "WHEN",
    "THEN",       "ELSE",     "END",   "EXPLAIN", "PROFILE"};

// The functions of issue 5, and the path functions of MATCH.
constexpr std::string_view kFunctions[] = {"count",      "collect",       "sum",
                                           "avg",        "min",           "max",
                                           "labels",     "type",          "keys",
                                           "properties", "length",        "size",
                                           "nodes",      "relationships", "startNode",
                                           "endNode",    "coalesce",      "toLower",
                                           "toUpper",    "toString",      "toInteger",
                                           "toFloat",    "substring",     "split",
                                           "trim",       "replace",       "abs",
                                           "head",       "last",          "range",
                                           "exists",     "shortestPath",  "allShortestPaths"};

constexpr std::string_view kCommands[] = {":help",    ":schema", ":param", ":params",
                                          ":explain", ":clear",  ":quit"};

bool is_word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return std::isalnum(u) != 0 || c == '_' || u >= 0x80;
}

bool starts_with_ignoring_case(std::string_view word, std::string_view prefix) {
  if (prefix.size() > word.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(word[i])) !=
        std::tolower(static_cast<unsigned char>(prefix[i]))) {
      return false;
    }
  }
  return true;
}

bool is_lower(std::string_view text) {
  return std::none_of(text.begin(), text.end(),
                      [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
}

// Inside [...] (a relationship) rather than (...) (a node)? The innermost
// unclosed bracket before the cursor decides.
bool inside_relationship(std::string_view text) {
  int parens = 0;
  int brackets = 0;
  for (std::size_t i = text.size(); i-- > 0;) {
    const char c = text[i];
    if (c == ')') ++parens;
    if (c == ']') ++brackets;
    if (c == '(') {
      if (parens == 0) return false;
      --parens;
    }
    if (c == '[') {
      if (brackets == 0) return true;
      --brackets;
    }
  }
  return false;
}

// The labels (in a node) or relationship types (in a relationship) the
// text gives `variable`: `(f:Function)`, `(f:Class:Interface)`, `(f:A|B)`,
// `[r:CALLS]`, across every pattern that names it.
struct VariableTypes {
  std::vector<Label> labels;
  std::vector<RelType> types;
};

VariableTypes types_of(std::string_view text, std::string_view variable) {
  VariableTypes found;
  if (variable.empty()) return found;
  for (std::size_t at = text.find(variable); at != std::string_view::npos; at = text.find(variable, at + 1)) {
    // The variable as a whole word, just inside '(' or '['.
    std::size_t open = at;
    while (open > 0 && text[open - 1] == ' ') --open;
    if (open == 0 || (text[open - 1] != '(' && text[open - 1] != '[')) continue;
    const bool relationship = text[open - 1] == '[';
    std::size_t i = at + variable.size();
    if (i < text.size() && is_word_char(text[i])) continue;
    while (i < text.size() && text[i] == ' ') ++i;
    while (i < text.size() && (text[i] == ':' || text[i] == '|' || text[i] == '&')) {
      ++i;
      while (i < text.size() && text[i] == ' ') ++i;
      const std::size_t name_start = i;
      while (i < text.size() && is_word_char(text[i])) ++i;
      const std::string_view name = text.substr(name_start, i - name_start);
      if (relationship) {
        if (const auto type = rel_type_from_string(name)) found.types.push_back(*type);
      } else if (const auto label = label_from_string(name)) {
        found.labels.push_back(*label);
      }
      while (i < text.size() && text[i] == ' ') ++i;
    }
  }
  return found;
}

// Property names after `variable.`: those of its labels or relationship
// types when the text names them, else every property of the schema.
void add_property_names(std::string_view text, std::string_view variable, std::vector<std::string>& out) {
  const VariableTypes types = types_of(text, variable);
  if (!types.labels.empty() || types.types.empty()) {
    out.emplace_back("qualified_name");
    out.emplace_back("name");
  }
  if (types.labels.empty() && types.types.empty()) {
    for (const LabelDef& label : all_labels()) {
      for (const PropertyDef& property : label.properties) out.emplace_back(property.name);
    }
    for (const RelTypeDef& type : all_rel_types()) {
      for (const PropertyDef& property : type.properties) out.emplace_back(property.name);
    }
    return;
  }
  for (const Label label : types.labels) {
    for (const PropertyDef& property : label_def(label).properties) out.emplace_back(property.name);
  }
  for (const RelType type : types.types) {
    for (const PropertyDef& property : rel_type_def(type).properties) out.emplace_back(property.name);
  }
}

}  // namespace

Completion complete(std::string_view text) {
  std::size_t start = text.size();
  while (start > 0 && is_word_char(text[start - 1])) --start;
  const std::string_view prefix = text.substr(start);
  const char before = start > 0 ? text[start - 1] : '\0';

  std::vector<std::string> pool;
  bool keep_case = true;  // schema names complete exactly as defined
  const std::size_t line_start =
      text.rfind('\n') == std::string_view::npos ? 0 : text.rfind('\n') + 1;
  if (before == ':' && start - 1 == line_start) {
    for (std::string_view command : kCommands) pool.emplace_back(command.substr(1));
  } else if (before == ':') {
    if (inside_relationship(text.substr(0, start))) {
      for (const RelTypeDef& type : all_rel_types()) pool.emplace_back(type.name);
    } else {
      for (const LabelDef& label : all_labels()) pool.emplace_back(label.name);
    }
  } else if (before == '.') {
    std::size_t variable_start = start - 1;
    while (variable_start > 0 && is_word_char(text[variable_start - 1])) --variable_start;
    add_property_names(text, text.substr(variable_start, start - 1 - variable_start), pool);
  } else {
    keep_case = false;
    for (std::string_view word : kKeywords) pool.emplace_back(word);
    for (std::string_view word : kFunctions) pool.emplace_back(word);
  }

  Completion completion;
  completion.word_start = start;
  for (std::string& word : pool) {
    if (!starts_with_ignoring_case(word, prefix)) continue;
    // Keywords follow the case typed so far: `mat` -> `match`, `MAT` -> `MATCH`.
    const bool keyword = std::all_of(word.begin(), word.end(), [](char c) {
      return !std::islower(static_cast<unsigned char>(c));
    });
    if (!keep_case && keyword && !prefix.empty() && is_lower(prefix)) {
      std::transform(word.begin(), word.end(), word.begin(), [](char c) {
        return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      });
    }
    completion.candidates.push_back(std::move(word));
  }
  if (completion.candidates.size() == 1 && !keep_case) {
    const std::string& only = completion.candidates.front();
    completion.space_after_single =
        std::any_of(std::begin(kKeywords), std::end(kKeywords), [&](std::string_view k) {
          return starts_with_ignoring_case(k, only) && k.size() == only.size();
        });
  }
  std::sort(completion.candidates.begin(), completion.candidates.end());
  completion.candidates.erase(
      std::unique(completion.candidates.begin(), completion.candidates.end()),
      completion.candidates.end());
  return completion;
}

std::string common_prefix(const std::vector<std::string>& candidates) {
  if (candidates.empty()) return {};
  std::string prefix = candidates.front();
  for (const std::string& candidate : candidates) {
    std::size_t n = 0;
    while (n < prefix.size() && n < candidate.size() && prefix[n] == candidate[n]) ++n;
    prefix.resize(n);
  }
  return prefix;
}

}  // namespace trellis::console
