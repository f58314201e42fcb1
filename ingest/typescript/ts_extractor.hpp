// TypeScript and JavaScript extraction: one parse and one pass of the
// queries in queries/*.scm turn a file into FileFacts (definitions,
// imports and exports, calls, assignments, heritage). Three grammars read
// the eight extensions: TypeScript (.ts .mts .cts), TSX (.tsx) and
// JavaScript (.js .jsx .mjs .cjs); queries/typescript.scm and
// queries/javascript.scm hold what only one of them has. A declaration file
// (.d.ts) gives definitions but no calls. Nothing here is resolved: see
// ts_resolver.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "../extract/pattern_roots.hpp"
#include "../extract/tree_sitter_handles.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "ts_syntax.hpp"

namespace trellis::ingest::typescript {

enum class Dialect : std::uint8_t { TypeScript, Tsx, JavaScript };
inline constexpr std::size_t kDialectCount = 3;

// The dialect that reads a path by its extension; nullopt for other files.
std::optional<Dialect> dialect_of(std::string_view relative_path);
// "typescript" or "javascript".
std::string_view language_of(Dialect dialect);
// The grammar of a dialect.
const TSLanguage* grammar_of(Dialect dialect);
// Whether the file is a declaration file (`.d.ts`, `.d.mts`, `.d.cts`).
bool is_declaration_file(std::string_view relative_path);

// One dialect's compiled query and what the extractor resolves from it
// once; shared read-only by every extractor thread.
class TsQueries {
 public:
  static Result<TsQueries> compile(Dialect dialect);
  Dialect dialect() const { return dialect_; }
  const TSQuery* query() const { return query_.get(); }
  const PatternRoots& roots() const { return roots_; }
  const TsSyntax& syntax() const { return syntax_; }
  // The extractor's meaning of each capture id.
  std::span<const std::uint8_t> capture_kinds() const { return capture_kinds_; }

 private:
  TsQueries(Dialect dialect, TsQuery query, std::string text);
  Dialect dialect_;
  std::string text_;
  TsQuery query_;
  PatternRoots roots_;
  TsSyntax syntax_;
  std::vector<std::uint8_t> capture_kinds_;
};

// The three dialects' queries, in Dialect order; a dialect that no file
// needed may be left out.
using TsQuerySet = std::array<std::optional<TsQueries>, kDialectCount>;
// All three.
Result<TsQuerySet> compile_query_set();
// Those `wanted` that `set` lacks (tens of milliseconds each); INTERNAL
// when one does not compile.
Status compile_queries(TsQuerySet& set, std::array<bool, kDialectCount> wanted);

// One per thread: owns a parser per dialect and a query cursor.
class TsExtractor {
 public:
  explicit TsExtractor(const TsQuerySet& queries);

  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const TsQuerySet& queries_;
  std::array<TsParser, kDialectCount> parsers_;
  TsQueryCursor cursor_;
};

}  // namespace trellis::ingest::typescript
