// What the definition stage generated, kept for the edge stages: each
// entity's builder id, where it is defined and its line range. Entities are
// indexed by their position in these vectors, which is generation order:
// modules grouped by package, and within a module its classes, methods and
// functions (nested ones right after their parent) in source order.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "trellis/store/graph_builder.hpp"

namespace trellis::bench {

inline constexpr std::uint32_t kTopLevel = std::numeric_limits<std::uint32_t>::max();

struct LineRange {
  std::int32_t start = 1;
  std::int32_t end = 1;
};

struct PackageEntity {
  BuildId id = 0;
  std::uint32_t first_module = 0;  // its modules are [first_module, first_module + module_count)
  std::uint32_t module_count = 0;
};

struct ModuleEntity {
  BuildId id = 0;
  std::uint32_t package = 0;
  std::string name;
  LineRange lines;
  std::uint32_t first_class = 0;
  std::uint32_t class_count = 0;
  std::uint32_t first_function = 0;  // top-level and nested functions of the module
  std::uint32_t function_count = 0;
  std::uint32_t internal_imports = 0;  // import lines laid out for project modules
  std::uint32_t external_imports = 0;  // and for external packages
};

struct ClassEntity {
  BuildId id = 0;
  std::uint32_t module = 0;
  std::string name;
  std::uint32_t first_method = 0;
  std::uint32_t method_count = 0;
};

struct FunctionEntity {
  BuildId id = 0;
  std::uint32_t module = 0;
  std::uint32_t parent = kTopLevel;  // the enclosing function, for nested functions
  LineRange lines;
};

struct MethodEntity {
  BuildId id = 0;
  std::uint32_t class_index = 0;
  LineRange lines;
};

struct CodeEntities {
  BuildId project = 0;
  std::vector<BuildId> external_packages;  // most imported first
  std::vector<PackageEntity> packages;
  std::vector<ModuleEntity> modules;
  std::vector<ClassEntity> classes;
  std::vector<FunctionEntity> functions;
  std::vector<std::uint32_t> top_level_functions;  // indices into functions
  std::vector<MethodEntity> methods;
};

}  // namespace trellis::bench
