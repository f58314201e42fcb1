#include "generator/call_edges.hpp"

#include <optional>
#include <vector>

#include "generator/random.hpp"
#include "generator/schema_column.hpp"

namespace trellis::bench {
namespace {

constexpr std::uint64_t kCallStream = 2;
constexpr std::uint32_t kMeanCalls = 4;
constexpr std::uint32_t kRecursionPercent = 2;
constexpr std::uint32_t kModuleCallerPercent = 33;

struct Callee {
  BuildId id = 0;
  CallType type = CallType::Direct;
};

class CallWriter {
 public:
  CallWriter(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed)
      : builder_(builder),
        entities_(entities),
        random_(seed, kCallStream),
        function_rank_(
            random_.permutation(static_cast<std::uint32_t>(entities.top_level_functions.size()))),
        method_rank_(random_.permutation(static_cast<std::uint32_t>(entities.methods.size()))),
        class_rank_(random_.permutation(static_cast<std::uint32_t>(entities.classes.size()))) {}

  void run() {
    for (const MethodEntity& method : entities_.methods) add_method_calls(method);
    for (const FunctionEntity& function : entities_.functions) add_function_calls(function);
    for (const ModuleEntity& module : entities_.modules) add_module_calls(module);
  }

 private:
  void call(BuildId caller, LineRange lines, Callee callee) {
    const std::uint32_t edge = builder_.add_edge(RelType::Calls, caller, callee.id);
    builder_.set_edge_string(RelType::Calls, edge, call_type_column_, to_string(callee.type));
    const std::int32_t line = lines.end > lines.start
                                  ? lines.start + 1 +
                                        static_cast<std::int32_t>(random_.below(
                                            static_cast<std::uint64_t>(lines.end - lines.start)))
                                  : lines.start;
    builder_.set_edge_int(RelType::Calls, edge, line_column_, line);
  }

  // A top-level function of the module (the outermost enclosing function
  // when the draw lands on a nested one).
  std::optional<Callee> function_in(const ModuleEntity& module) {
    if (module.function_count == 0) return std::nullopt;
    std::uint32_t f = module.first_function + random_.below32(module.function_count);
    while (entities_.functions[f].parent != kTopLevel) f = entities_.functions[f].parent;
    return Callee{entities_.functions[f].id, CallType::Direct};
  }

  std::optional<Callee> class_in(const ModuleEntity& module) {
    if (module.class_count == 0) return std::nullopt;
    return Callee{entities_.classes[module.first_class + random_.below32(module.class_count)].id,
                  CallType::Constructor};
  }

  Callee method_of(const ClassEntity& klass) {
    return Callee{entities_.methods[klass.first_method + random_.below32(klass.method_count)].id,
                  CallType::Method};
  }

  Callee anywhere() {
    const auto roll = random_.below(100);
    if (roll < 45) {
      const std::uint32_t f =
          entities_.top_level_functions[function_rank_[random_.zipf(rank_size(function_rank_))]];
      return Callee{entities_.functions[f].id, CallType::Direct};
    }
    if (roll < 90) {
      return Callee{entities_.methods[method_rank_[random_.zipf(rank_size(method_rank_))]].id,
                    CallType::Method};
    }
    return Callee{entities_.classes[class_rank_[random_.zipf(rank_size(class_rank_))]].id,
                  CallType::Constructor};
  }

  void add_method_calls(const MethodEntity& method) {
    const ClassEntity& klass = entities_.classes[method.class_index];
    const ModuleEntity& module = entities_.modules[klass.module];
    for (std::uint32_t calls = random_.geometric(kMeanCalls); calls > 0; --calls) {
      const auto roll = random_.below(100);
      std::optional<Callee> callee;
      if (roll < 35) {
        callee = method_of(klass);
      } else if (roll < 45) {
        callee = function_in(module);
      } else if (roll < 50) {
        callee = class_in(module);
      }
      call(method.id, method.lines, callee ? *callee : anywhere());
    }
    if (random_.percent(kRecursionPercent))
      call(method.id, method.lines, Callee{method.id, CallType::Method});
  }

  void add_function_calls(const FunctionEntity& function) {
    const ModuleEntity& module = entities_.modules[function.module];
    if (function.parent != kTopLevel) {
      const FunctionEntity& parent = entities_.functions[function.parent];
      call(parent.id, parent.lines, Callee{function.id, CallType::Direct});
    }
    for (std::uint32_t calls = random_.geometric(kMeanCalls); calls > 0; --calls) {
      const auto roll = random_.below(100);
      std::optional<Callee> callee;
      if (roll < 30) {
        callee = function_in(module);
      } else if (roll < 38) {
        callee = class_in(module);
      }
      call(function.id, function.lines, callee ? *callee : anywhere());
    }
    if (random_.percent(kRecursionPercent))
      call(function.id, function.lines, Callee{function.id, CallType::Direct});
  }

  void add_module_calls(const ModuleEntity& module) {
    if (!random_.percent(kModuleCallerPercent)) return;
    for (std::uint32_t calls = 1 + random_.geometric(1); calls > 0; --calls) {
      const std::optional<Callee> local = random_.percent(70) ? function_in(module) : std::nullopt;
      call(module.id, module.lines, local ? *local : anywhere());
    }
  }

  static std::uint32_t rank_size(const std::vector<std::uint32_t>& rank) {
    return static_cast<std::uint32_t>(rank.size());
  }

  GraphBuilder& builder_;
  const CodeEntities& entities_;
  Random random_;
  const std::vector<std::uint32_t> function_rank_;
  const std::vector<std::uint32_t> method_rank_;
  const std::vector<std::uint32_t> class_rank_;
  const std::size_t call_type_column_ = column_of(RelType::Calls, "call_type");
  const std::size_t line_column_ = column_of(RelType::Calls, "line");
};

}  // namespace

void add_calls(GraphBuilder& builder, const CodeEntities& entities, std::uint64_t seed) {
  CallWriter(builder, entities, seed).run();
}

}  // namespace trellis::bench
