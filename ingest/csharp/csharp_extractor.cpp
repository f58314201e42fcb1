#include "csharp_extractor.hpp"

#include <cstdint>
#include <utility>
#include <vector>

#include "../extract/complexity.hpp"
#include "../extract/scope_finder.hpp"
#include "csharp_fact_walk.hpp"
#include "csharp_reader.hpp"

extern "C" const TSLanguage* tree_sitter_c_sharp();

namespace trellis::ingest::csharp {

namespace {

// Decision points: branches, loops, `case` labels (not `default`), switch
// expression arms but the discard `_`, catch clauses, conditional
// expressions and the short-circuit operators `&&`, `||` and `??`.
constexpr DecisionPoints::Rule kDecisionRules[] = {
    {"if_statement"},
    {"for_statement"},
    {"foreach_statement"},
    {"while_statement"},
    {"do_statement"},
    {"switch_section", "case", DecisionPoints::Kind::Token},
    {"switch_expression_arm", "discard", DecisionPoints::Kind::Unless},
    {"catch_clause"},
    {"conditional_expression"},
    {"binary_expression", "&&", DecisionPoints::Kind::Operator},
    {"binary_expression", "||", DecisionPoints::Kind::Operator},
    {"binary_expression", "??", DecisionPoints::Kind::Operator},
};

}  // namespace

Result<CSharpQueries> CSharpQueries::compile() { return CSharpQueries(); }

CSharpQueries::CSharpQueries()
    : syntax_(tree_sitter_c_sharp()), decisions_(tree_sitter_c_sharp(), kDecisionRules) {}

CSharpExtractor::CSharpExtractor(const CSharpQueries& queries)
    : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), tree_sitter_c_sharp());
}

FileFacts CSharpExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  facts.relative_path = std::move(relative_path);
  facts.language = "csharp";
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());
  const TsTree tree(ts_parser_parse_string(parser_.get(), nullptr, source.data(),
                                           static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);

  const CSharpSyntax& syntax = queries_.syntax();
  const CSharpReader reader(syntax, source);
  FactWalk walk(reader, queries_.decisions(), facts);
  walk.run(root);

  const ScopeFinder scopes(facts.definitions, walk.take_body_starts());
  count_complexity(facts.definitions, scopes, walk.take_decisions());
  return facts;
}

}  // namespace trellis::ingest::csharp
