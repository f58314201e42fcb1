// Python extraction: one parse and one pass of the query in queries/*.scm
// turn a file into FileFacts (definitions, imports, calls, assignments,
// bases, __all__). Nothing here is resolved; see the Python resolver.
#pragma once

#include <string>
#include <string_view>

#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "../extract/tree_sitter_handles.hpp"

namespace trellis::ingest::python {

// The compiled query, shared read-only by every extractor thread.
class PythonQueries {
 public:
  static Result<PythonQueries> compile();
  const TSQuery* query() const { return query_.get(); }

 private:
  explicit PythonQueries(TsQuery query) : query_(std::move(query)) {}
  TsQuery query_;
};

// One per thread: owns a parser and a query cursor.
class PythonExtractor {
 public:
  explicit PythonExtractor(const PythonQueries& queries);

  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const PythonQueries& queries_;
  TsParser parser_;
  TsQueryCursor cursor_;
};

}  // namespace trellis::ingest::python
