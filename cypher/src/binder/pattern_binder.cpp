#include <fmt/format.h>

#include <algorithm>

#include "binder/binder_state.hpp"
#include "trellis/common/suggestions.hpp"

namespace trellis::cypher {
namespace {

ExprPtr variable(Slot slot, std::string text) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Variable;
  e->slot = slot;
  e->text = std::move(text);
  return e;
}

ExprPtr equality(ExprPtr left, ExprPtr right) {
  auto e = std::make_unique<Expr>();
  e->kind = ExprKind::Compare;
  e->op = "=";
  e->text = left->text + " = " + right->text;
  e->args.push_back(std::move(left));
  e->args.push_back(std::move(right));
  return e;
}

std::vector<std::string> label_names() {
  std::vector<std::string> names;
  for (const LabelDef& def : all_labels()) names.emplace_back(def.name);
  return names;
}

std::vector<std::string> type_names() {
  std::vector<std::string> names;
  for (const RelTypeDef& def : all_rel_types()) names.emplace_back(def.name);
  return names;
}

}  // namespace

std::vector<Label> Binder::resolve_labels(const ast::LabelExpression& labels, bool& impossible) {
  std::vector<Label> result;
  bool first = true;
  for (const auto& alternatives : labels) {
    std::vector<Label> any;
    for (const ast::Name& name : alternatives) {
      const auto label = label_from_string(name.text);
      if (!label) semantic(fmt::format("Unknown label '{}'", name.text), name.position, suggest(name.text, label_names()));
      any.push_back(*label);
    }
    if (first) {
      result = any;
      first = false;
    } else {
      std::erase_if(result, [&](Label l) { return std::find(any.begin(), any.end(), l) == any.end(); });
      if (result.empty()) impossible = true;  // a node has one label: :A:B matches nothing
    }
  }
  return result;
}

ExprPtr Binder::bind_properties(const ast::Expression& map, const VarInfo& owner, const std::string& name) {
  ExprPtr where;
  const auto add = [&](const ast::Name& key, ExprPtr value) {
    check_property(owner, key);
    auto property = std::make_unique<Expr>();
    property->kind = ExprKind::Property;
    property->key = key.text;
    property->property = resolve_property(key.text);
    property->text = name + "." + key.text;
    property->args.push_back(variable(owner.slot, name));
    where = and_of(std::move(where), equality(std::move(property), std::move(value)));
  };
  if (const auto* literal = std::get_if<ast::MapLiteral>(&map.node)) {
    for (const ast::MapEntry& entry : literal->entries) add(entry.key, bind_expr(entry.value));
    return where;
  }
  if (const auto* param = std::get_if<ast::Parameter>(&map.node)) {
    const Value& value = parameter(param->name);
    if (value.kind() != ValueKind::Map) invalid(fmt::format("Parameter ${} must be a map of properties", param->name));
    for (const auto& [key, item] : value.as_map()) {
      auto e = std::make_unique<Expr>();
      e->literal = item;
      e->text = fmt::format("${}.{}", param->name, key);
      add(ast::Name{key, map.position}, std::move(e));
    }
    return where;
  }
  semantic("A pattern's properties must be a map literal or a parameter", map.position);
}

BoundNodePattern Binder::bind_node(const ast::NodePattern& node, bool in_predicate, ExprPtr& extra_where) {
  BoundNodePattern out;
  bool impossible = false;
  out.labels = resolve_labels(node.labels, impossible);
  if (impossible) {
    auto never = std::make_unique<Expr>();
    never->literal = false;
    never->text = "false";
    extra_where = and_of(std::move(extra_where), std::move(never));
  }
  VarInfo info{kNoSlot, VarKind::Node, out.labels, {}};
  if (node.variable) {
    out.name = node.variable->text;
    const auto it = scope_.find(out.name);
    if (it != scope_.end()) {
      if (it->second.kind != VarKind::Node && it->second.kind != VarKind::Value) {
        semantic(fmt::format("Variable '{}' is not a node", out.name), node.variable->position);
      }
      out.slot = it->second.slot;
      info = it->second;
      if (!out.labels.empty()) info.labels = out.labels;
    } else {
      if (in_predicate) {
        semantic(fmt::format("Variable '{}' is not defined (a pattern predicate cannot introduce variables)", out.name),
                 node.variable->position, suggest(out.name, scope_names()));
      }
      out.slot = new_slot();
      info.slot = out.slot;
      scope_[out.name] = info;
      if (new_slots_ != nullptr) new_slots_->push_back(out.slot);
    }
  } else {
    out.slot = new_slot();
    info.slot = out.slot;
    if (new_slots_ != nullptr) new_slots_->push_back(out.slot);
  }
  if (node.properties) {
    extra_where = and_of(std::move(extra_where), bind_properties(*node.properties, info, out.name.empty() ? "_" : out.name));
  }
  return out;
}

BoundRelPattern Binder::bind_rel(const ast::RelationshipPattern& rel, bool in_predicate, ExprPtr& extra_where) {
  BoundRelPattern out;
  for (const ast::Name& name : rel.types) {
    const auto type = rel_type_from_string(name.text);
    if (!type) {
      semantic(fmt::format("Unknown relationship type '{}'", name.text), name.position, suggest(name.text, type_names()));
    }
    out.types.push_back(*type);
  }
  switch (rel.direction) {
    case ast::Direction::Outgoing: out.direction = Direction::Out; break;
    case ast::Direction::Incoming: out.direction = Direction::In; break;
    case ast::Direction::Undirected: out.direction = Direction::Both; break;
  }
  if (rel.length) {
    out.variable_length = true;
    out.min_hops = rel.length->min.value_or(1);
    const std::uint64_t max = rel.length->max.value_or(options_.max_hops);
    if (max > options_.max_hops) {
      invalid(fmt::format("A variable-length relationship may span at most {} hops (asked for {})", options_.max_hops, max));
    }
    out.max_hops = static_cast<std::size_t>(max);
    if (out.min_hops > out.max_hops) out.max_hops = out.min_hops = std::min<std::size_t>(out.min_hops, options_.max_hops + 1);
    out.segment = new_slot();
  }
  const VarKind kind = out.variable_length ? VarKind::RelationshipList : VarKind::Relationship;
  out.slot = new_slot();
  VarInfo info{out.slot, kind, {}, out.types};
  if (rel.variable) {
    out.name = rel.variable->text;
    const auto it = scope_.find(out.name);
    if (it != scope_.end()) {
      if (out.variable_length || it->second.kind != VarKind::Relationship) {
        semantic(fmt::format("Variable '{}' is already defined", out.name), rel.variable->position);
      }
      // A relationship bound earlier: this hop must be that same edge.
      extra_where = and_of(std::move(extra_where), equality(variable(out.slot, out.name), variable(it->second.slot, out.name)));
    } else {
      if (in_predicate) {
        semantic(fmt::format("Variable '{}' is not defined (a pattern predicate cannot introduce variables)", out.name),
                 rel.variable->position, suggest(out.name, scope_names()));
      }
      scope_[out.name] = info;
    }
  }
  if (new_slots_ != nullptr) {
    new_slots_->push_back(out.slot);
    if (out.segment != kNoSlot) new_slots_->push_back(out.segment);
  }
  if (rel.properties) {
    if (out.variable_length) semantic("Properties on a variable-length relationship are not supported", rel.position);
    extra_where = and_of(std::move(extra_where), bind_properties(*rel.properties, info, out.name.empty() ? "_" : out.name));
  }
  return out;
}

BoundPatternPart Binder::bind_part(const ast::PatternPart& part, bool in_predicate, ExprPtr& extra_where) {
  BoundPatternPart out;
  switch (part.function) {
    case ast::PathFunction::None: out.kind = PathKind::Plain; break;
    case ast::PathFunction::ShortestPath: out.kind = PathKind::Shortest; break;
    case ast::PathFunction::AllShortestPaths: out.kind = PathKind::AllShortest; break;
  }
  out.nodes.push_back(bind_node(part.element.start, in_predicate, extra_where));
  for (const ast::PatternStep& step : part.element.steps) {
    out.rels.push_back(bind_rel(step.relationship, in_predicate, extra_where));
    out.nodes.push_back(bind_node(step.node, in_predicate, extra_where));
  }
  if (out.kind != PathKind::Plain) {
    if (out.rels.size() != 1) semantic("shortestPath() takes a pattern with exactly one relationship", part.position);
    BoundRelPattern& rel = out.rels[0];
    if (!rel.variable_length) {
      rel.variable_length = true;
      rel.min_hops = 1;
      rel.max_hops = 1;
      rel.segment = new_slot();
      if (new_slots_ != nullptr) new_slots_->push_back(rel.segment);
    }
    if (rel.min_hops > 1) semantic("shortestPath() takes a minimal length of 0 or 1", part.position);
  }
  if (part.path_variable) {
    const std::string& name = part.path_variable->text;
    if (scope_.count(name) != 0) semantic(fmt::format("Variable '{}' is already defined", name), part.path_variable->position);
    out.path_slot = new_slot();
    scope_[name] = VarInfo{out.path_slot, VarKind::Path, {}, {}};
    if (new_slots_ != nullptr) new_slots_->push_back(out.path_slot);
  }
  return out;
}

}  // namespace trellis::cypher
