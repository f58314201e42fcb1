#include <doctest/doctest.h>
#include <tree_sitter/api.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "extract/pattern_roots.hpp"
#include "extract/query_matches.hpp"
#include "extract/tree_sitter_handles.hpp"

extern "C" const TSLanguage* tree_sitter_python();

using namespace trellis::ingest;

namespace {

// A match as comparable data: its pattern, then each capture's id and place.
using MatchKey = std::vector<std::uint32_t>;

MatchKey key_of(const TSQueryMatch& match) {
  MatchKey key{match.pattern_index};
  for (std::uint16_t c = 0; c < match.capture_count; ++c) {
    key.push_back(match.captures[c].index);
    key.push_back(ts_node_start_byte(match.captures[c].node));
    key.push_back(ts_node_end_byte(match.captures[c].node));
  }
  return key;
}

TsQuery compile(std::string_view text) {
  std::uint32_t offset = 0;
  TSQueryError error = TSQueryErrorNone;
  TsQuery query(ts_query_new(tree_sitter_python(), text.data(), static_cast<std::uint32_t>(text.size()), &offset,
                             &error));
  REQUIRE(query != nullptr);
  return query;
}

// Sorted keys of every match, from one cursor over the whole tree and from
// for_each_match.
std::pair<std::vector<MatchKey>, std::vector<MatchKey>> both_ways(std::string_view query_text,
                                                                  const std::string& source) {
  const TsQuery query = compile(query_text);
  const TsParser parser(ts_parser_new());
  ts_parser_set_language(parser.get(), tree_sitter_python());
  const TsTree tree(
      ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<std::uint32_t>(source.size())));
  const TSNode root = ts_tree_root_node(tree.get());

  std::vector<MatchKey> whole;
  const TsQueryCursor whole_cursor(ts_query_cursor_new());
  ts_query_cursor_exec(whole_cursor.get(), query.get(), root);
  TSQueryMatch match;
  while (ts_query_cursor_next_match(whole_cursor.get(), &match)) whole.push_back(key_of(match));

  std::vector<MatchKey> rooted;
  const PatternRoots roots(query.get(), query_text, tree_sitter_python());
  const TsQueryCursor cursor(ts_query_cursor_new());
  for_each_match(cursor.get(), query.get(), roots, root, [&](const TSQueryMatch& m) { rooted.push_back(key_of(m)); });

  std::sort(whole.begin(), whole.end());
  std::sort(rooted.begin(), rooted.end());
  return {whole, rooted};
}

const std::string kSource =
    "@decorate(x)\n"
    "class Shop(Base, mixins.Mixin, metaclass=Meta):\n"
    "    def buy(self, a, *rest):\n"
    "        (b, (c, d)), e = pay(fetch(a)(b)).then(c)\n"
    "        for f in items(): print(f)\n"
    "        with open(p) as (g, h): pass\n"
    "        return [k(i) for i in range(3) if (j := check(i))]\n";

}  // namespace

TEST_CASE("for_each_match finds exactly the matches of a cursor over the whole tree") {
  const std::string_view query =
      "; calls, nested ones included\n"
      "(call function: (_) @callee) @call\n"
      "(pattern_list (identifier) @binding)\n"
      "(tuple_pattern (identifier) @binding)\n"
      "(class_definition superclasses: (argument_list [(identifier) (attribute)] @base))\n"
      "(function_definition name: (identifier) @name) @function\n";
  const auto [whole, rooted] = both_ways(query, kSource);
  CHECK(whole.size() >= 12);
  CHECK(rooted == whole);
}

TEST_CASE("a query with a pattern that has no plain root type runs over the whole tree, with the same matches") {
  const std::string_view query = "[(identifier) (integer)] @leaf\n(_ (call) @inner)\n";
  const TsQuery compiled = compile(query);
  const PatternRoots roots(compiled.get(), query, tree_sitter_python());
  CHECK_FALSE(roots.all_plain());
  const auto [whole, rooted] = both_ways(query, kSource);
  CHECK(whole.size() >= 20);
  CHECK(rooted == whole);
  // tree-sitter starts `(_ (call))` at the call: node by node it would never match.
  const auto [wildcard_whole, wildcard_rooted] = both_ways("(_ (call) @inner)\n", kSource);
  CHECK(wildcard_whole.size() == 11);  // every call has a parent
  CHECK(wildcard_rooted == wildcard_whole);
}

TEST_CASE("pattern roots are the types the query's patterns start with") {
  const std::string_view query = "(call) @c\n  ; a comment\n(import_statement) @i\n";
  const TsQuery compiled = compile(query);
  const PatternRoots roots(compiled.get(), query, tree_sitter_python());
  const auto symbol = [](const char* name) {
    return ts_language_symbol_for_name(tree_sitter_python(), name, static_cast<std::uint32_t>(std::string_view(name).size()), true);
  };
  CHECK(roots.all_plain());
  CHECK(roots.may_start(symbol("call")));
  CHECK(roots.may_start(symbol("import_statement")));
  CHECK_FALSE(roots.may_start(symbol("identifier")));
  CHECK_FALSE(roots.may_start(symbol("module")));
}

TEST_CASE("bare patterns are matched without the query cursor, with the same matches") {
  // call and function_definition start only bare patterns; class_definition
  // also starts one with child steps, so the cursor runs there.
  const std::string_view query =
      "(call) @call\n"
      "(function_definition) @function ; a comment\n"
      "(class_definition) @class\n"
      "(class_definition superclasses: (argument_list (identifier) @base))\n"
      "(pattern_list (identifier) @binding)\n";
  const TsQuery compiled = compile(query);
  const PatternRoots roots(compiled.get(), query, tree_sitter_python());
  const auto symbol = [](const char* name) {
    return ts_language_symbol_for_name(tree_sitter_python(), name, static_cast<std::uint32_t>(std::string_view(name).size()), true);
  };
  CHECK(roots.only_bare(symbol("call")));
  CHECK(roots.only_bare(symbol("function_definition")));
  CHECK_FALSE(roots.only_bare(symbol("class_definition")));
  CHECK(roots.may_start(symbol("class_definition")));
  CHECK_FALSE(roots.only_bare(symbol("pattern_list")));
  CHECK_FALSE(roots.only_bare(symbol("identifier")));
  REQUIRE(roots.bare_patterns(symbol("call")).size() == 1);
  CHECK(roots.bare_patterns(symbol("call"))[0].pattern == 0);
  std::uint32_t length = 0;
  const char* name = ts_query_capture_name_for_id(compiled.get(), roots.bare_patterns(symbol("call"))[0].capture, &length);
  CHECK(std::string_view(name, length) == "call");

  const auto [whole, rooted] = both_ways(query, kSource);
  CHECK(whole.size() == 15);  // 11 calls, the function, the class, its base Base, the binding e
  CHECK(rooted == whole);
}

TEST_CASE("a pattern with a predicate or a quantifier is not bare") {
  const std::string_view query = "((call) @c (#eq? @c \"f()\"))\n(call)+ @calls\n(call) @call @again\n";
  const TsQuery compiled = compile(query);
  const PatternRoots roots(compiled.get(), query, tree_sitter_python());
  const auto call = ts_language_symbol_for_name(tree_sitter_python(), "call", 4, true);
  CHECK_FALSE(roots.only_bare(call));
}
