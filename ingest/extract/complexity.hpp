// Cyclomatic complexity of each function and method, from the syntax tree:
// 1 + the decision points in its body that lie outside nested definitions.
// What a decision point is belongs to each language: its queries capture
// them as @decision (python/queries/complexity.scm: if, elif, loops, except,
// case, conditional expressions, `and`/`or`, comprehension clauses;
// typescript/queries/complexity.scm: if, loops, case, catch, `?:`, `&&`,
// `||`, `??`). A decision point in a class body, a default value or at
// module level counts for no function.
#pragma once

#include <cstdint>
#include <span>

#include "extract/scope_finder.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest {

// Sets `complexity` on every Function and Method of `definitions` (the ones
// `scopes` finds in), given the first byte of every decision point.
inline void count_complexity(std::span<Definition> definitions, const ScopeFinder& scopes,
                             std::span<const std::uint32_t> decision_bytes) {
  for (Definition& definition : definitions) {
    const bool callable = definition.label == Label::Function || definition.label == Label::Method;
    definition.complexity = callable ? 1 : 0;
  }
  for (const std::uint32_t byte : decision_bytes) {
    const ScopeIndex scope = scopes.scope_at(byte);
    if (scope != kModuleScope && definitions[scope].complexity != 0) ++definitions[scope].complexity;
  }
}

}  // namespace trellis::ingest
