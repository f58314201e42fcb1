#include "trellis/common/error.hpp"

namespace trellis {

std::string_view to_string(ErrorCode code) {
  switch (code) {
    case ErrorCode::NodeNotFound: return "NODE_NOT_FOUND";
    case ErrorCode::AmbiguousName: return "AMBIGUOUS_NAME";
    case ErrorCode::InvalidArgument: return "INVALID_ARGUMENT";
    case ErrorCode::CypherSyntaxError: return "CYPHER_SYNTAX_ERROR";
    case ErrorCode::CypherSemanticError: return "CYPHER_SEMANTIC_ERROR";
    case ErrorCode::ReadOnly: return "READ_ONLY";
    case ErrorCode::Timeout: return "TIMEOUT";
    case ErrorCode::DatabaseError: return "DATABASE_ERROR";
    case ErrorCode::Internal: return "INTERNAL";
  }
  return "INTERNAL";
}

}  // namespace trellis
