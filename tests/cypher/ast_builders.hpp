// Small builders of typed ASTs for executor tests that must not depend on
// the parser (tests/cypher/engine_ast_test.cpp).
#pragma once

#include <string>
#include <vector>

#include "trellis/cypher/ast/query.hpp"

namespace trellis::testing::cypher_ast {

namespace ast = trellis::cypher::ast;

inline ast::Expression expr(ast::Expression::Node node) { return ast::Expression{std::move(node), {}}; }
inline ast::Expression var(std::string name) { return expr(ast::Variable{std::move(name)}); }
inline ast::Expression integer(std::int64_t v) { return expr(ast::IntLiteral{v}); }
inline ast::Expression text(std::string v) { return expr(ast::StringLiteral{std::move(v)}); }
inline ast::Expression param(std::string name) { return expr(ast::Parameter{std::move(name)}); }
inline ast::Expression prop(ast::Expression object, std::string key) {
  return expr(ast::PropertyAccess{std::move(object), ast::Name{std::move(key), {}}});
}
inline ast::Expression call(std::string name, std::vector<ast::Expression> args, bool distinct = false) {
  return expr(ast::FunctionCall{std::move(name), distinct, false, std::move(args)});
}
inline ast::Expression count_star() { return expr(ast::FunctionCall{"count", false, true, {}}); }
inline ast::Expression equal(ast::Expression a, ast::Expression b) {
  ast::Comparison c{std::move(a), {}};
  c.links.push_back(ast::ComparisonLink{ast::ComparisonOp::Equal, std::move(b)});
  return expr(std::move(c));
}

inline ast::NodePattern node(std::string variable, std::vector<std::string> labels = {},
                             std::optional<ast::Expression> properties = std::nullopt) {
  ast::NodePattern n;
  if (!variable.empty()) n.variable = ast::Name{std::move(variable), {}};
  if (!labels.empty()) {
    n.labels.emplace_back();
    for (auto& l : labels) n.labels.back().push_back(ast::Name{std::move(l), {}});
  }
  n.properties = std::move(properties);
  return n;
}
inline ast::Expression map(std::string key, ast::Expression value) {
  ast::MapLiteral m;
  m.entries.push_back(ast::MapEntry{ast::Name{std::move(key), {}}, std::move(value)});
  return expr(std::move(m));
}
inline ast::RelationshipPattern rel(std::vector<std::string> types, ast::Direction direction, std::string variable = "",
                                    std::optional<ast::VariableLength> length = std::nullopt) {
  ast::RelationshipPattern r;
  if (!variable.empty()) r.variable = ast::Name{std::move(variable), {}};
  for (auto& t : types) r.types.push_back(ast::Name{std::move(t), {}});
  r.direction = direction;
  r.length = length;
  return r;
}
inline ast::PatternPart chain(ast::NodePattern start, std::vector<std::pair<ast::RelationshipPattern, ast::NodePattern>> steps) {
  ast::PatternPart part;
  part.element.start = std::move(start);
  for (auto& [r, n] : steps) part.element.steps.push_back(ast::PatternStep{std::move(r), std::move(n)});
  return part;
}
inline ast::Clause match(std::vector<ast::PatternPart> parts, std::optional<ast::Expression> where = std::nullopt,
                         bool optional = false) {
  ast::Match m;
  m.optional = optional;
  m.pattern.parts = std::move(parts);
  m.where = std::move(where);
  return m;
}
inline ast::ProjectionItem item(ast::Expression e, std::string text, std::string alias = "") {
  ast::ProjectionItem i{std::move(e), std::nullopt, std::move(text)};
  if (!alias.empty()) i.alias = ast::Name{std::move(alias), {}};
  return i;
}
inline ast::Clause ret(std::vector<ast::ProjectionItem> items, bool distinct = false,
                       std::vector<ast::SortItem> order = {}, std::optional<std::int64_t> limit = std::nullopt) {
  ast::Return r;
  r.projection.distinct = distinct;
  r.projection.items = std::move(items);
  r.projection.order_by = std::move(order);
  if (limit) r.projection.limit = integer(*limit);
  return r;
}
inline ast::Statement statement(std::vector<ast::Clause> clauses) {
  ast::Statement s;
  s.query.first.clauses = std::move(clauses);
  return s;
}

}  // namespace trellis::testing::cypher_ast
