// A deterministic generator of code-shaped graphs, for benchmarks and tests.
//
// generate_code_graph({node_count, seed}) returns a GraphBuilder holding one
// Python project of exactly node_count nodes; the same options give the same
// builder calls, hence the same store byte for byte, on every machine (its
// own xoshiro256** generator and integer-only distributions, no std
// distributions or floating point).
//
// Shape, per CONTRACT.md's schema (details in the stage headers:
// definition_tree.hpp, call_edges.hpp, inheritance_edges.hpp,
// import_edges.hpp):
// - Nodes: one Project ("acme-platform"); Packages 1% (a forest under
//   "acme" and a few other roots, at most six deep); Modules 3% (files, many
//   packages with an __init__ Module sharing the package's name); Classes
//   10%; Functions 20% (a tenth nested in another function); up to 325
//   ExternalPackages (os, re, json, requests, ...); Methods for the rest
//   (about 66%).
// - Names follow the Python rules: acme.billing.invoices.InvoiceService.get_total,
//   acme.core.utils.parse_config.wrapper. Short names come from a vocabulary
//   of identifier parts, so they repeat across the graph as in real code.
// - Properties as Python ingest fills them: file_path, line and byte ranges
//   laid out like a file (children nest inside their parent), language
//   "python"; Module path and extension; Method class_name; decorators,
//   docstrings and is_async on a part of the functions and methods; Class
//   base_classes (names as written), decorators, docstring, is_abstract.
// - CONTAINS: the Project to every node but the ExternalPackages; a Package
//   to its Modules and sub-Packages. DEFINES: a Module to its top-level
//   Classes and Functions, a Class to its Methods, a Function to its nested
//   Functions.
// - CALLS: about 4 per function and method on average, half local, half
//   Zipf-distributed over the project so in-degree is heavy-tailed (hubs
//   called by thousands at a million nodes); recursion (self loops) and call
//   cycles; call_type direct|method|constructor (a constructor call points
//   at the Class) and a line within the caller's range. Some modules call at
//   top level.
// - INHERITS: Class -> Class, an acyclic forest with some multiple
//   inheritance, at most kMaxInheritanceDepth (8) steps deep.
// - IMPORTS: Module -> Module (with cycles) and Module -> ExternalPackage.
// At a million nodes this is about 5.7 million edges, 60% of them CALLS.
#pragma once

#include <cstdint>

#include "trellis/common/error.hpp"
#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

inline constexpr std::uint32_t kMinGeneratedNodes = 1'000;
inline constexpr std::uint32_t kMaxGeneratedNodes = 100'000'000;

struct CodeGraphOptions {
  std::uint32_t node_count = 100'000;
  std::uint64_t seed = 1;
};

// The builder, ready for build(). Refuses (INVALID_ARGUMENT) a node_count
// outside [kMinGeneratedNodes, kMaxGeneratedNodes].
Result<GraphBuilder> generate_code_graph(const CodeGraphOptions& options);

}  // namespace trellis::bench
