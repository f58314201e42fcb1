// C# extraction: one parse and one walk turn a file into FileFacts
// following resolve/typed_facts.hpp (namespaces as qualifiers, `using`
// directives as imports, types and members as definitions, fields and
// locals as assignments, calls with their argument chains), plus
// queries/complexity.scm for each method's cyclomatic complexity. Nothing
// here is resolved.
#pragma once

#include <string>
#include <string_view>

#include "../extract/pattern_roots.hpp"
#include "../extract/tree_sitter_handles.hpp"
#include "csharp_syntax.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::csharp {

// The compiled complexity query and the grammar's syntax ids; compiled
// once, shared read-only by every extractor thread.
class CSharpQueries {
 public:
  // An Internal error when the embedded query does not compile.
  static Result<CSharpQueries> compile();
  const TSQuery* query() const { return query_.get(); }
  const PatternRoots& roots() const { return roots_; }
  const CSharpSyntax& syntax() const { return syntax_; }

 private:
  CSharpQueries(TsQuery query, std::string text);
  std::string text_;
  TsQuery query_;
  PatternRoots roots_;
  CSharpSyntax syntax_;
};

// One per thread: owns a parser and a query cursor.
class CSharpExtractor {
 public:
  explicit CSharpExtractor(const CSharpQueries& queries);

  // The facts of one file; language "csharp". A file that does not parse
  // gives facts with no definitions.
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const CSharpQueries& queries_;
  TsParser parser_;
  TsQueryCursor cursor_;
};

}  // namespace trellis::ingest::csharp
