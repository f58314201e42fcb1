// Names of the write clauses, as READ_ONLY errors spell them.
#include "trellis/cypher/ast/clause.hpp"

namespace trellis::cypher::ast {

std::string_view to_string(WriteClauseKind kind) {
  switch (kind) {
    case WriteClauseKind::Create:
      return "CREATE";
    case WriteClauseKind::Merge:
      return "MERGE";
    case WriteClauseKind::Set:
      return "SET";
    case WriteClauseKind::Delete:
      return "DELETE";
    case WriteClauseKind::DetachDelete:
      return "DETACH DELETE";
    case WriteClauseKind::Remove:
      return "REMOVE";
    case WriteClauseKind::LoadCsv:
      return "LOAD CSV";
    case WriteClauseKind::Call:
      return "CALL";
    case WriteClauseKind::Foreach:
      return "FOREACH";
  }
  return "?";
}

}  // namespace trellis::cypher::ast
