// Python extraction: one parse and one pass of the query in queries/*.scm
// turn a file into FileFacts (definitions, imports, calls, assignments,
// bases, __all__). Nothing here is resolved; see the Python resolver.
// The query runs only on nodes where one of its patterns can start
// (extract/query_matches.hpp); the .scm files alone say what is captured.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "../extract/pattern_roots.hpp"
#include "../extract/tree_sitter_handles.hpp"
#include "python_syntax.hpp"

namespace trellis::ingest::python {

// The compiled query and what the extractor resolves from it and the
// grammar once; shared read-only by every extractor thread.
class PythonQueries {
 public:
  static Result<PythonQueries> compile();
  const TSQuery* query() const { return query_.get(); }
  const PatternRoots& roots() const { return roots_; }
  const PythonSyntax& syntax() const { return syntax_; }
  // The extractor's meaning of each capture id.
  std::span<const std::uint8_t> capture_kinds() const { return capture_kinds_; }

 private:
  explicit PythonQueries(TsQuery query);
  TsQuery query_;
  PatternRoots roots_;
  PythonSyntax syntax_;
  std::vector<std::uint8_t> capture_kinds_;
};

// One per thread: owns a parser, a query cursor and room for one file's matches.
class PythonExtractor {
 public:
  explicit PythonExtractor(const PythonQueries& queries);
  ~PythonExtractor();
  PythonExtractor(const PythonExtractor&) = delete;
  PythonExtractor& operator=(const PythonExtractor&) = delete;

  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  struct Matches;
  const PythonQueries& queries_;
  TsParser parser_;
  TsQueryCursor cursor_;
  std::unique_ptr<Matches> scratch_;
};

}  // namespace trellis::ingest::python
