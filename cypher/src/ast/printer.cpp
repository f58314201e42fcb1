// The S-expression printer of ast/printer.hpp: one overload per node kind.
#include "trellis/cypher/ast/printer.hpp"

#include <fmt/format.h>

#include <string>
#include <string_view>
#include <variant>

namespace trellis::cypher::ast {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

std::string quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out += c;
    }
  }
  out += '"';
  return out;
}

std::string_view op_name(BinaryOp op) {
  switch (op) {
    case BinaryOp::Or:
      return "or";
    case BinaryOp::Xor:
      return "xor";
    case BinaryOp::And:
      return "and";
    case BinaryOp::Add:
      return "+";
    case BinaryOp::Subtract:
      return "-";
    case BinaryOp::Multiply:
      return "*";
    case BinaryOp::Divide:
      return "/";
    case BinaryOp::Modulo:
      return "%";
    case BinaryOp::Power:
      return "^";
    case BinaryOp::In:
      return "in";
    case BinaryOp::StartsWith:
      return "starts-with";
    case BinaryOp::EndsWith:
      return "ends-with";
    case BinaryOp::Contains:
      return "contains";
    case BinaryOp::RegexMatch:
      return "=~";
  }
  return "?";
}

std::string_view op_name(ComparisonOp op) {
  switch (op) {
    case ComparisonOp::Equal:
      return "=";
    case ComparisonOp::NotEqual:
      return "<>";
    case ComparisonOp::Less:
      return "<";
    case ComparisonOp::LessEqual:
      return "<=";
    case ComparisonOp::Greater:
      return ">";
    case ComparisonOp::GreaterEqual:
      return ">=";
  }
  return "?";
}

std::string_view op_name(UnaryOp op) {
  switch (op) {
    case UnaryOp::Not:
      return "not";
    case UnaryOp::Negate:
      return "neg";
    case UnaryOp::Plus:
      return "pos";
  }
  return "?";
}

std::string print_float(double value) {
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".eEn") == std::string::npos)
    text += ".0";  // 2.0 prints as "2.0", not "2"
  return text;
}

std::string labels_sexpr(const LabelExpression& labels) {
  std::string out = "(labels";
  for (const auto& alternatives : labels) {
    out += " (";
    for (std::size_t i = 0; i < alternatives.size(); ++i) {
      if (i > 0) out += ' ';
      out += alternatives[i].text;
    }
    out += ')';
  }
  out += ')';
  return out;
}

std::string node_sexpr(const NodePattern& node) {
  std::string out = "(node";
  if (node.variable) out += " " + node.variable->text;
  if (!node.labels.empty()) out += " " + labels_sexpr(node.labels);
  if (node.properties) out += " (props " + to_sexpr(*node.properties) + ")";
  out += ')';
  return out;
}

std::string bound(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : std::string("-");
}

std::string rel_sexpr(const RelationshipPattern& rel) {
  std::string out = "(rel ";
  switch (rel.direction) {
    case Direction::Outgoing:
      out += "->";
      break;
    case Direction::Incoming:
      out += "<-";
      break;
    case Direction::Undirected:
      out += "--";
      break;
  }
  if (rel.variable) out += " " + rel.variable->text;
  if (!rel.types.empty()) {
    out += " (types";
    for (const auto& type : rel.types) out += " " + type.text;
    out += ')';
  }
  if (rel.length) out += " (len " + bound(rel.length->min) + " " + bound(rel.length->max) + ")";
  if (rel.properties) out += " (props " + to_sexpr(*rel.properties) + ")";
  out += ')';
  return out;
}

std::string list_of(const std::vector<Expression>& items) {
  std::string out;
  for (const auto& item : items) out += " " + to_sexpr(item);
  return out;
}

std::string projection_sexpr(const Projection& projection) {
  std::string out;
  if (projection.distinct) out += " distinct";
  if (projection.star) out += " *";
  for (const auto& item : projection.items) {
    out += " (item " + to_sexpr(item.expression) + " " + quote(item.text);
    if (item.alias) out += " " + item.alias->text;
    out += ')';
  }
  if (!projection.order_by.empty()) {
    out += " (order";
    for (const auto& sort : projection.order_by) {
      out += std::string(sort.descending ? " (desc " : " (asc ") + to_sexpr(sort.expression) + ")";
    }
    out += ')';
  }
  if (projection.skip) out += " (skip " + to_sexpr(*projection.skip) + ")";
  if (projection.limit) out += " (limit " + to_sexpr(*projection.limit) + ")";
  return out;
}

std::string single_query_sexpr(const SingleQuery& query) {
  std::string out = "(query";
  for (const auto& clause : query.clauses) out += " " + to_sexpr(clause);
  out += ')';
  return out;
}

}  // namespace

std::string to_sexpr(const Expression& expression) {
  return std::visit(
      Overloaded{
          [](const NullLiteral&) -> std::string { return "null"; },
          [](const BoolLiteral& e) -> std::string { return e.value ? "true" : "false"; },
          [](const IntLiteral& e) { return fmt::format("(int {})", e.value); },
          [](const FloatLiteral& e) { return "(float " + print_float(e.value) + ")"; },
          [](const StringLiteral& e) { return "(str " + quote(e.value) + ")"; },
          [](const ListLiteral& e) { return "(list" + list_of(e.items) + ")"; },
          [](const MapLiteral& e) {
            std::string out = "(map";
            for (const auto& entry : e.entries)
              out += " (" + entry.key.text + " " + to_sexpr(entry.value) + ")";
            return out + ")";
          },
          [](const Parameter& e) { return "(param " + e.name + ")"; },
          [](const Variable& e) { return "(var " + e.name + ")"; },
          [](const PropertyAccess& e) {
            return "(prop " + to_sexpr(*e.object) + " " + e.key.text + ")";
          },
          [](const FunctionCall& e) {
            std::string out = "(call " + e.name;
            if (e.distinct) out += " distinct";
            if (e.star) out += " *";
            return out + list_of(e.args) + ")";
          },
          [](const UnaryExpression& e) {
            return "(" + std::string(op_name(e.op)) + " " + to_sexpr(*e.operand) + ")";
          },
          [](const BinaryExpression& e) {
            return "(" + std::string(op_name(e.op)) + " " + to_sexpr(*e.left) + " " +
                   to_sexpr(*e.right) + ")";
          },
          [](const Comparison& e) {
            if (e.links.size() == 1) {
              return "(" + std::string(op_name(e.links[0].op)) + " " + to_sexpr(*e.first) + " " +
                     to_sexpr(e.links[0].operand) + ")";
            }
            std::string out = "(chain " + to_sexpr(*e.first);
            for (const auto& link : e.links)
              out += " " + std::string(op_name(link.op)) + " " + to_sexpr(link.operand);
            return out + ")";
          },
          [](const IsNull& e) {
            return std::string(e.negated ? "(is-not-null " : "(is-null ") + to_sexpr(*e.operand) +
                   ")";
          },
          [](const LabelPredicate& e) {
            std::string out = "(has-labels " + to_sexpr(*e.operand);
            for (const auto& label : e.labels) out += " " + label.text;
            return out + ")";
          },
          [](const CaseExpression& e) {
            std::string out = "(case";
            if (e.subject) out += " " + to_sexpr(**e.subject);
            for (const auto& alt : e.alternatives) {
              out += " (when " + to_sexpr(alt.when) + " " + to_sexpr(alt.then) + ")";
            }
            if (e.otherwise) out += " (else " + to_sexpr(**e.otherwise) + ")";
            return out + ")";
          },
          [](const IndexExpression& e) {
            return "(index " + to_sexpr(*e.list) + " " + to_sexpr(*e.index) + ")";
          },
          [](const SliceExpression& e) {
            return "(slice " + to_sexpr(*e.list) + " " +
                   (e.from ? to_sexpr(**e.from) : std::string("-")) + " " +
                   (e.to ? to_sexpr(**e.to) : std::string("-")) + ")";
          },
          [](const ListComprehension& e) {
            std::string out = "(comprehension " + e.variable.text + " " + to_sexpr(*e.list);
            if (e.predicate) out += " (where " + to_sexpr(**e.predicate) + ")";
            if (e.projection) out += " (map " + to_sexpr(**e.projection) + ")";
            return out + ")";
          },
          [](const PatternPredicate& e) { return "(exists " + to_sexpr(*e.pattern) + ")"; },
          [](const PatternSubquery& e) {
            std::string out = e.kind == SubqueryKind::Count ? "(count-subquery " : "(exists-subquery ";
            out += to_sexpr(*e.pattern);
            if (e.predicate) out += " (where " + to_sexpr(**e.predicate) + ")";
            return out + ")";
          },
      },
      expression.node);
}

std::string to_sexpr(const PatternElement& element) {
  std::string out = "(element " + node_sexpr(element.start);
  for (const auto& step : element.steps)
    out += " " + rel_sexpr(step.relationship) + " " + node_sexpr(step.node);
  return out + ")";
}

std::string to_sexpr(const Pattern& pattern) {
  std::string out = "(pattern";
  for (const auto& part : pattern.parts) {
    out += ' ';
    std::string element = to_sexpr(part.element);
    switch (part.function) {
      case PathFunction::None:
        break;
      case PathFunction::ShortestPath:
        element = "(shortest " + element + ")";
        break;
      case PathFunction::AllShortestPaths:
        element = "(all-shortest " + element + ")";
        break;
    }
    out += part.path_variable ? "(path " + part.path_variable->text + " " + element + ")" : element;
  }
  return out + ")";
}

std::string to_sexpr(const Clause& clause) {
  return std::visit(
      Overloaded{
          [](const Match& c) {
            std::string out = c.optional ? "(optional-match " : "(match ";
            out += to_sexpr(c.pattern);
            if (c.where) out += " (where " + to_sexpr(*c.where) + ")";
            return out + ")";
          },
          [](const Unwind& c) { return "(unwind " + to_sexpr(c.list) + " " + c.alias.text + ")"; },
          [](const With& c) {
            std::string out = "(with" + projection_sexpr(c.projection);
            if (c.where) out += " (where " + to_sexpr(*c.where) + ")";
            return out + ")";
          },
          [](const Return& c) { return "(return" + projection_sexpr(c.projection) + ")"; },
          [](const WriteClause& c) { return "(write " + std::string(to_string(c.kind)) + ")"; },
      },
      clause);
}

std::string to_sexpr(const Statement& statement) {
  std::string out;
  switch (statement.mode) {
    case QueryMode::Run:
      break;
    case QueryMode::Explain:
      out += "(explain ";
      break;
    case QueryMode::Profile:
      out += "(profile ";
      break;
  }
  if (statement.query.unions.empty()) {
    out += single_query_sexpr(statement.query.first);
  } else {
    out += "(union " + single_query_sexpr(statement.query.first);
    for (const auto& part : statement.query.unions) {
      out += std::string(part.all ? " all " : " distinct ") + single_query_sexpr(part.query);
    }
    out += ')';
  }
  if (statement.mode != QueryMode::Run) out += ')';
  return out;
}

}  // namespace trellis::cypher::ast
