// Java extraction: one parse and one walk of the syntax tree turn a file
// into facts as resolve/typed_facts.hpp describes them (package, imports,
// types and members, fields and locals with their declared types, call
// sites with their arguments). Nothing here is resolved.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "extract/tree_sitter_handles.hpp"
#include "java/java_syntax.hpp"
#include "trellis/common/error.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::java {

const TSLanguage* grammar();

// What every extractor thread shares, read-only.
class JavaQueries {
 public:
  static Result<JavaQueries> compile();
  const JavaSyntax& syntax() const { return syntax_; }
  // Per symbol, whether the walk reads what such a node holds from the node
  // itself, never entering it (package, import and modifiers): FlatTree's skip_under.
  std::span<const std::uint8_t> read_whole() const { return read_whole_; }
  // Per symbol, whether the walk reads fields of such a node: FlatTree's fields_under.
  std::span<const std::uint8_t> fields_read() const { return fields_read_; }

 private:
  JavaQueries();
  JavaSyntax syntax_;
  std::vector<std::uint8_t> read_whole_;
  std::vector<std::uint8_t> fields_read_;
};

// One per thread.
class JavaExtractor {
 public:
  explicit JavaExtractor(const JavaQueries& queries);
  FileFacts extract(std::string_view source, std::string relative_path);

 private:
  const JavaQueries& queries_;
  TsParser parser_;
};

}  // namespace trellis::ingest::java
