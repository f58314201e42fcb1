#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/cypher/parser.hpp"

namespace trellis::cypher {

Result<CypherResult> run_cypher(const GraphStore& store, std::string_view query, const Parameters& parameters,
                                const CypherOptions& options) {
  auto statement = parse_cypher(query);
  if (!statement.ok()) return std::move(statement).take_error();
  return run_statement(store, *statement, parameters, options);
}

}  // namespace trellis::cypher
