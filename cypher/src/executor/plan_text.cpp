#include <fmt/format.h>

#include "executor/operator.hpp"

namespace trellis::cypher {
namespace {

void write(const Operator& op, bool profiled, int depth, std::string& out) {
  out += std::string(static_cast<std::size_t>(depth) * 2, ' ');
  out += op.describe();
  if (profiled) out += fmt::format("  [rows {}, {:.3f} ms]", op.rows(), op.elapsed_ms());
  out += '\n';
  for (const Operator* extra : op.extra_children()) write(*extra, profiled, depth + 2, out);
  if (op.child() != nullptr) write(*op.child(), profiled, depth + 1, out);
}

}  // namespace

std::string plan_text(const Operator& root, bool profiled) {
  std::string out;
  write(root, profiled, 0, out);
  return out;
}

}  // namespace trellis::cypher
