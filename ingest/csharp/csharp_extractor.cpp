#include "csharp_extractor.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <utility>
#include <vector>

#include "../extract/complexity.hpp"
#include "../extract/query_matches.hpp"
#include "../extract/scope_finder.hpp"
#include "csharp_fact_walk.hpp"
#include "csharp_reader.hpp"

extern "C" const TSLanguage* tree_sitter_c_sharp();

namespace trellis::ingest::csharp {

// queries/complexity.scm, embedded by CMake.
extern const std::string_view kQueryText;

Result<CSharpQueries> CSharpQueries::compile() {
  std::string text(kQueryText);
  std::uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query =
      ts_query_new(tree_sitter_c_sharp(), text.data(), static_cast<std::uint32_t>(text.size()),
                   &error_offset, &error_type);
  if (query == nullptr) {
    return make_error(ErrorCode::Internal,
                      fmt::format("the C# queries do not compile: error {} at byte {}",
                                  static_cast<int>(error_type), error_offset));
  }
  return CSharpQueries(TsQuery(query), std::move(text));
}

CSharpQueries::CSharpQueries(TsQuery query, std::string text)
    : text_(std::move(text)),
      query_(std::move(query)),
      roots_(query_.get(), text_, tree_sitter_c_sharp()),
      syntax_(tree_sitter_c_sharp()) {}

CSharpExtractor::CSharpExtractor(const CSharpQueries& queries)
    : queries_(queries), parser_(ts_parser_new()), cursor_(ts_query_cursor_new()) {
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
  FactWalk walk(reader, facts);
  walk.run(root);

  std::vector<std::uint32_t> decisions;  // first bytes of decision points (complexity.scm)
  for_each_match(cursor_.get(), queries_.query(), queries_.roots(), root,
                 [&](const TSQueryMatch& match) {
                   for (std::uint16_t c = 0; c < match.capture_count; ++c) {
                     const TSNode node = match.captures[c].node;
                     // `_ => ...` is a switch expression's default.
                     if (syntax.is(node, NodeType::SwitchExpressionArm) &&
                         syntax.is(ts_node_named_child(node, 0), NodeType::Discard)) {
                       continue;
                     }
                     decisions.push_back(ts_node_start_byte(node));
                   }
                 });
  const ScopeFinder scopes(facts.definitions, walk.take_body_starts());
  count_complexity(facts.definitions, scopes, decisions);
  return facts;
}

}  // namespace trellis::ingest::csharp
