#include "common/timed_generation.hpp"

#include "common/stopwatch.hpp"

namespace trellis::bench {

Result<TimedGraph> generate_and_build(std::uint32_t nodes, std::uint64_t seed) {
  TimedGraph out;
  const Stopwatch generation;
  auto builder = generate_code_graph(CodeGraphOptions{nodes, seed});
  if (!builder) return std::move(builder).take_error();
  out.generation_ms = generation.elapsed_ms();
  const Stopwatch build;
  auto built = std::move(*builder).build();
  if (!built) return std::move(built).take_error();
  out.build_ms = build.elapsed_ms();
  out.built = std::move(built).value();
  return out;
}

}  // namespace trellis::bench
