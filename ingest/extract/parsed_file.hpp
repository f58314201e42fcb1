// What every tree-sitter extractor starts with: a grammar's node ids and
// decision points, resolved once and shared read-only by every thread
// (SyntaxQueries), and per file the FileFacts header (path, language,
// measures) and the syntax tree, parsed once (parse_file).
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "extract/decision_points.hpp"
#include "extract/scope_finder.hpp"
#include "extract/tree_sitter_handles.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

template <class Syntax>
class SyntaxQueries {
 public:
  const Syntax& syntax() const { return syntax_; }
  const DecisionPoints& decisions() const { return decisions_; }

 protected:
  SyntaxQueries(const TSLanguage* grammar, std::span<const DecisionPoints::Rule> rules)
      : syntax_(grammar), decisions_(grammar, rules) {}

 private:
  Syntax syntax_;
  DecisionPoints decisions_;
};

struct ParsedFile {
  FileFacts facts;
  TsTree tree;  // null when the parser gave up: the facts then hold the header only
};

// Parses `source` with `parser` (its language set) into a tree and the facts'
// header: relative_path, language, line_count, byte_count, has_syntax_errors.
inline ParsedFile parse_file(TSParser* parser, std::string_view source, std::string relative_path,
                             std::string_view language) {
  ParsedFile parsed;
  FileFacts& facts = parsed.facts;
  facts.relative_path = std::move(relative_path);
  facts.language = std::string(language);
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());
  parsed.tree.reset(ts_parser_parse_string(parser, nullptr, source.data(), static_cast<std::uint32_t>(source.size())));
  if (parsed.tree) facts.has_syntax_errors = ts_node_has_error(ts_tree_root_node(parsed.tree.get()));
  return parsed;
}

}  // namespace trellis::ingest
