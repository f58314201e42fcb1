// Clauses of a single query (issue 5, "Clauses"). Read clauses are complete;
// write clauses (CREATE, MERGE, SET, DELETE, DETACH DELETE, REMOVE, LOAD CSV,
// CALL, FOREACH) are recognised where a clause may start and kept only as
// their kind and position, so that parse_cypher can refuse them (READ_ONLY).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "trellis/cypher/ast/expression.hpp"
#include "trellis/cypher/ast/pattern.hpp"
#include "trellis/cypher/ast/source_position.hpp"

namespace trellis::cypher::ast {

// MATCH / OPTIONAL MATCH pattern, pattern [WHERE predicate]
struct Match {
  bool optional = false;
  Pattern pattern;
  std::optional<Expression> where;
  SourcePosition position;
};

// UNWIND list AS alias
struct Unwind {
  Expression list;
  Name alias;
  SourcePosition position;
};

// One projected column. `text` is the expression as written (comments and
// surrounding spaces excluded): the column's name when there is no alias
// (`RETURN f.name` has the column `f.name`).
struct ProjectionItem {
  Expression expression;
  std::optional<Name> alias;
  std::string text;

  // The column name: the alias if any, else the text.
  std::string_view column_name() const {
    return alias ? std::string_view(alias->text) : std::string_view(text);
  }
};

struct SortItem {
  Expression expression;
  bool descending = false;  // DESC / DESCENDING
};

// What WITH and RETURN share: [DISTINCT] (* | items) [ORDER BY ...]
// [SKIP n] [LIMIT n]. `*` may be followed by more items (`RETURN *, x`).
struct Projection {
  bool distinct = false;
  bool star = false;
  std::vector<ProjectionItem> items;
  std::vector<SortItem> order_by;
  std::optional<Expression> skip;
  std::optional<Expression> limit;
};

// WITH projection [WHERE predicate]: WHERE filters the projected rows.
struct With {
  Projection projection;
  std::optional<Expression> where;
  SourcePosition position;
};

struct Return {
  Projection projection;
  SourcePosition position;
};

enum class WriteClauseKind : std::uint8_t {
  Create,
  Merge,
  Set,
  Delete,
  DetachDelete,
  Remove,
  LoadCsv,
  Call,
  Foreach,
};
// The clause's keywords as written in errors: "CREATE", "DETACH DELETE", "LOAD CSV".
std::string_view to_string(WriteClauseKind kind);

// A write clause: its body is skipped (balanced brackets, strings and
// comments respected) up to the next clause keyword.
struct WriteClause {
  WriteClauseKind kind = WriteClauseKind::Create;
  SourcePosition position;
};

using Clause = std::variant<Match, Unwind, With, Return, WriteClause>;

}  // namespace trellis::cypher::ast
