// The binder: resolves a parsed statement against the schema
// (trellis/store/schema.hpp) and the parameters. Labels, relationship
// types, property keys, variables and functions must exist; each variable
// gets a row slot, each aggregate an accumulator slot; parameters become
// literals. WITH starts a new scope holding only its projected names.
//
// Errors: CYPHER_SEMANTIC_ERROR with the position of the offending name
// and suggestions (closest known names); INVALID_ARGUMENT for a missing
// parameter, an invalid regular expression literal, a bad SKIP / LIMIT or a
// variable-length bound above options.max_hops.
#pragma once

#include "binder/bound_query.hpp"
#include "trellis/cypher/ast/query.hpp"

namespace trellis::cypher {

Result<BoundQuery> bind(const ast::Statement& statement, const Parameters& parameters, const CypherOptions& options);

}  // namespace trellis::cypher
