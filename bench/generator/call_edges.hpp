// Generation stage two: CALLS {call_type, line}.
//
// Each function and method makes a geometric number of calls (mean 4).
// About half stay local: a method calls a sibling method (self.save()), a
// function or a class of its own module; a function calls a function or a
// class of its module. The rest go anywhere in the project, chosen over a
// random ranking of top-level functions, methods and classes with a Zipf
// tail, so the top-ranked callees are hubs called by thousands of callers
// (think logging and utility functions) while most are called a few times or
// never. Every nested function is called by the function that defines it,
// 2% of callers call themselves (recursion), and local calls between
// siblings close many cycles. A third of modules also call at top level
// (app = create_app()). call_type is direct for a Function callee, method
// for a Method and constructor for a Class; line lies within the caller.
#pragma once

#include <cstdint>

#include "generator/code_entities.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

void add_calls(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed);

}  // namespace trellis::bench
