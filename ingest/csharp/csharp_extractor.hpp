// C# extraction: one parse and one walk turn a file into FileFacts
// following resolve/typed_facts.hpp (namespaces as qualifiers, `using`
// directives as imports, types and members as definitions, fields and
// locals as assignments, calls with their argument chains), plus
// each method's cyclomatic complexity from the decision points it walks past. Nothing
// here is resolved.
#pragma once

#include <string>
#include <string_view>

#include "../extract/decision_points.hpp"
#include "../extract/tree_sitter_handles.hpp"
#include "csharp_syntax.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::csharp {

// The grammar's syntax ids and decision points, resolved once, shared
// read-only by every extractor thread.
class CSharpQueries {
 public:
  // An Internal error when the embedded query does not compile.
  static Result<CSharpQueries> compile();
  const CSharpSyntax& syntax() const { return syntax_; }
  const DecisionPoints& decisions() const { return decisions_; }

 private:
  CSharpQueries();
  CSharpSyntax syntax_;
  DecisionPoints decisions_;
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
};

}  // namespace trellis::ingest::csharp
