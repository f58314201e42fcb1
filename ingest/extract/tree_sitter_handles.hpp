// RAII owners for tree-sitter's C objects, and small node helpers shared by
// the language extractors.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <memory>
#include <string_view>

namespace trellis::ingest {

struct TsParserDelete {
  void operator()(TSParser* p) const { ts_parser_delete(p); }
};
struct TsTreeDelete {
  void operator()(TSTree* t) const { ts_tree_delete(t); }
};
struct TsQueryDelete {
  void operator()(TSQuery* q) const { ts_query_delete(q); }
};
struct TsQueryCursorDelete {
  void operator()(TSQueryCursor* c) const { ts_query_cursor_delete(c); }
};

using TsParser = std::unique_ptr<TSParser, TsParserDelete>;
using TsTree = std::unique_ptr<TSTree, TsTreeDelete>;
using TsQuery = std::unique_ptr<TSQuery, TsQueryDelete>;
using TsQueryCursor = std::unique_ptr<TSQueryCursor, TsQueryCursorDelete>;

// A tree cursor is a value type in the C API that still owns a stack.
class TsTreeCursor {
 public:
  explicit TsTreeCursor(TSNode node) : cursor_(ts_tree_cursor_new(node)) {}
  ~TsTreeCursor() { ts_tree_cursor_delete(&cursor_); }
  TsTreeCursor(const TsTreeCursor&) = delete;
  TsTreeCursor& operator=(const TsTreeCursor&) = delete;
  TSTreeCursor* get() { return &cursor_; }

 private:
  TSTreeCursor cursor_;
};

// The source text a node covers.
inline std::string_view node_text(TSNode node, std::string_view source) {
  const std::uint32_t start = ts_node_start_byte(node);
  const std::uint32_t end = ts_node_end_byte(node);
  if (start >= source.size() || end <= start) return {};
  return source.substr(start, std::min<std::size_t>(end, source.size()) - start);
}

inline TSNode child_by_field(TSNode node, std::string_view field) {
  return ts_node_child_by_field_name(node, field.data(), static_cast<std::uint32_t>(field.size()));
}

inline bool node_is(TSNode node, std::string_view type) {
  return !ts_node_is_null(node) && type == ts_node_type(node);
}

}  // namespace trellis::ingest
