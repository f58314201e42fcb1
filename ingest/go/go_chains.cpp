#include "go_chains.hpp"

#include <algorithm>

#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest::go {
namespace {

// Deeper expressions read as Opaque: a hostile file cannot exhaust the stack.
constexpr int kMaxChainDepth = 128;

// The Go type of a literal node, or empty when `type` is no literal.
std::string_view literal_type(NodeType type) {
  switch (type) {
    case NodeType::InterpretedStringLiteral:
    case NodeType::RawStringLiteral: return "string";
    case NodeType::IntLiteral:
    case NodeType::Iota: return "int";
    case NodeType::FloatLiteral: return "float64";
    case NodeType::ImaginaryLiteral: return "complex128";
    case NodeType::RuneLiteral: return "rune";
    case NodeType::True:
    case NodeType::False: return "bool";
    default: return {};
  }
}

}  // namespace

bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(), [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}

std::string_view ChainReader::text(TSNode node) const {
  return ts_node_is_null(node) ? std::string_view{} : node_text(node, source_);
}

LinkChain ChainReader::value(TSNode expression) const {
  LinkChain chain;
  if (!ts_node_is_null(expression)) append_value(expression, chain, 0);
  return chain;
}

LinkChain ChainReader::type(TSNode node) const { return type_at(node, 0); }

std::vector<LinkChain> ChainReader::arguments(TSNode argument_list) const {
  std::vector<LinkChain> chains;
  if (ts_node_is_null(argument_list)) return chains;
  for (const TSNode argument : named(argument_list)) {
    if (syntax_.is(argument, NodeType::Comment)) continue;
    const TSNode expression =
        syntax_.is(argument, NodeType::VariadicArgument) ? ts_node_named_child(argument, 0) : argument;
    LinkChain chain = value(expression);
    if (is_opaque(chain)) chain.clear();
    chains.push_back(std::move(chain));
  }
  return chains;
}

std::string ChainReader::arity(TSNode argument_list) const {
  if (ts_node_is_null(argument_list)) return {};
  std::size_t count = 0;
  bool spread = false;
  for (const TSNode argument : named(argument_list)) {
    if (syntax_.is(argument, NodeType::Comment)) continue;
    ++count;
    spread = spread || syntax_.is(argument, NodeType::VariadicArgument);
  }
  return spread ? std::string{} : std::to_string(count);
}

TSNode ChainReader::allocated_type(const GoSyntax::Fields& call) const {
  const TSNode function = call[Field::Function];
  if (!syntax_.is(function, NodeType::Identifier) || text(function) != "new") return TSNode{};
  const TSNode arguments = call[Field::Arguments];
  if (ts_node_is_null(arguments) || ts_node_named_child_count(arguments) != 1) return TSNode{};
  return ts_node_named_child(arguments, 0);
}

void ChainReader::append_value(TSNode node, LinkChain& out, int depth) const {
  if (depth > kMaxChainDepth) {
    out.push_back({Link::Kind::Opaque, {}});
    return;
  }
  const NodeType node_type = syntax_.type(node);
  switch (node_type) {
    case NodeType::Identifier: out.push_back({Link::Kind::Name, std::string(text(node))}); return;
    case NodeType::SelectorExpression: {
      const auto parts = fields(node);
      append_value(parts[Field::Operand], out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(text(parts[Field::Field]))});
      return;
    }
    case NodeType::CallExpression: {
      const auto parts = fields(node);
      const TSNode allocated = allocated_type(parts);
      if (!ts_node_is_null(allocated)) {
        LinkChain type_links = type_at(allocated, depth + 1);
        if (type_links.empty()) break;
        out.insert(out.end(), type_links.begin(), type_links.end());
        out.push_back({Link::Kind::Call, {}});
        return;
      }
      append_value(parts[Field::Function], out, depth + 1);
      out.push_back({Link::Kind::Call, arity(parts[Field::Arguments])});
      return;
    }
    case NodeType::CompositeLiteral:
    case NodeType::TypeAssertionExpression:
    case NodeType::TypeConversionExpression: {
      // A value of the named type: that type's constructor, called (a
      // collection's literal, `[]T{...}`, says nothing a chain can).
      LinkChain type_links = type_at(syntax_.child(node, Field::Type), depth + 1);
      if (type_links.empty() || type_links.back().text == "[]") break;
      out.insert(out.end(), type_links.begin(), type_links.end());
      out.push_back({Link::Kind::Call, {}});
      return;
    }
    case NodeType::UnaryExpression: {
      const auto parts = fields(node);
      const TSNode operand = parts[Field::Operand];
      const std::string_view op = text(parts[Field::Operator]);
      if (op == "&" || op == "*") {
        append_value(operand, out, depth + 1);
        return;
      }
      // `-1` is still an int; `!x`, `<-ch` and the rest are unknown here.
      const std::string_view literal = literal_type(syntax_.type(operand));
      if ((op == "-" || op == "+" || op == "^") && !literal.empty()) {
        out.push_back({Link::Kind::Literal, std::string(literal)});
        return;
      }
      break;
    }
    case NodeType::IndexExpression:  // an element: `pool[0]`, `m[key]`
      append_value(syntax_.child(node, Field::Operand), out, depth + 1);
      out.push_back({Link::Kind::Attribute, "[]"});
      return;
    case NodeType::ParenthesizedExpression:
      if (ts_node_named_child_count(node) == 1) {
        append_value(ts_node_named_child(node, 0), out, depth + 1);
        return;
      }
      break;
    default: {
      const std::string_view literal = literal_type(node_type);
      if (!literal.empty()) {
        out.push_back({Link::Kind::Literal, std::string(literal)});
        return;
      }
      break;
    }
  }
  out.push_back({Link::Kind::Opaque, {}});
}

LinkChain ChainReader::type_at(TSNode node, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  switch (syntax_.type(node)) {
    case NodeType::TypeIdentifier:
    case NodeType::Identifier: return {{Link::Kind::Name, std::string(text(node))}};
    case NodeType::QualifiedType:
      return {{Link::Kind::Name, std::string(text(syntax_.child(node, Field::Package)))},
              {Link::Kind::Attribute, std::string(text(syntax_.child(node, Field::Name)))}};
    case NodeType::SelectorExpression: {
      LinkChain chain = value(node);
      const bool names_only = std::all_of(chain.begin(), chain.end(), [](const Link& l) {
        return l.kind == Link::Kind::Name || l.kind == Link::Kind::Attribute;
      });
      return names_only ? chain : LinkChain{};
    }
    case NodeType::PointerType:
    case NodeType::ParenthesizedType:
    case NodeType::ParenthesizedExpression:
      return ts_node_named_child_count(node) == 1 ? type_at(ts_node_named_child(node, 0), depth + 1) : LinkChain{};
    case NodeType::UnaryExpression:  // `*T` where the grammar reads an expression
      return text(syntax_.child(node, Field::Operator)) == "*" ? type_at(syntax_.child(node, Field::Operand), depth + 1)
                                                               : LinkChain{};
    case NodeType::GenericType: return type_at(syntax_.child(node, Field::Type), depth + 1);
    case NodeType::SliceType:
    case NodeType::ArrayType:
    case NodeType::ChannelType:
    case NodeType::MapType: {
      // A collection: its element's chain, then "[]" (typed_facts.hpp).
      LinkChain element = type_at(syntax_.child(node, syntax_.is(node, NodeType::MapType) ? Field::Value : Field::Element), depth + 1);
      if (!element.empty()) element.push_back({Link::Kind::Attribute, "[]"});
      return element;
    }
    default: return {};
  }
}

}  // namespace trellis::ingest::go
