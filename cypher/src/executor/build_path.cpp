#include "executor/operators.hpp"

namespace trellis::cypher {
namespace {

// p = (a)-[r]->(b)...: the path value from the part's bound nodes,
// relationships and variable-length segments.
class BuildPath final : public Operator {
 public:
  BuildPath(OperatorPtr input, const BoundPatternPart& part) : part_(part) { set_child(std::move(input)); }
  std::string describe() const override { return "BuildPath"; }

 protected:
  bool do_next(ExecContext& ctx, Row& row) override {
    if (!input().next(ctx, row)) return false;
    PathValue path;
    const Value& start = row.slots[part_.nodes[0].slot];
    if (start.kind() != ValueKind::Node) {
      row.slots[part_.path_slot] = Value();
      return true;
    }
    path.nodes.push_back(start.as_node().id);
    for (std::size_t i = 0; i < part_.rels.size(); ++i) {
      const BoundRelPattern& rel = part_.rels[i];
      if (rel.variable_length) {
        const Value& segment = row.slots[rel.segment];
        if (segment.kind() != ValueKind::Path) {
          row.slots[part_.path_slot] = Value();
          return true;
        }
        const PathValue& walked = segment.as_path();
        path.nodes.insert(path.nodes.end(), walked.nodes.begin() + 1, walked.nodes.end());
        path.rels.insert(path.rels.end(), walked.rels.begin(), walked.rels.end());
      } else {
        const Value& edge = row.slots[rel.slot];
        const Value& node = row.slots[part_.nodes[i + 1].slot];
        if (edge.kind() != ValueKind::Relationship || node.kind() != ValueKind::Node) {
          row.slots[part_.path_slot] = Value();
          return true;
        }
        path.rels.push_back(edge.as_rel());
        path.nodes.push_back(node.as_node().id);
      }
    }
    row.slots[part_.path_slot] = std::move(path);
    return true;
  }

 private:
  const BoundPatternPart& part_;
};

}  // namespace

OperatorPtr make_build_path(OperatorPtr input, const BoundPatternPart& part) {
  return std::make_unique<BuildPath>(std::move(input), part);
}

}  // namespace trellis::cypher
