// Expressions, types and arguments as link chains.
#include <algorithm>

#include "csharp_reader.hpp"
#include "extract/tree_sitter_handles.hpp"

namespace trellis::ingest::csharp {
namespace {

// Deeper chains are unreadable: a bound on the recursion over hostile input.
constexpr int kMaxChainDepth = 64;

const char* literal_type(NodeType type) {
  switch (type) {
    case NodeType::StringLiteral:
    case NodeType::VerbatimStringLiteral:
    case NodeType::RawStringLiteral:
    case NodeType::InterpolatedStringExpression:
      return "string";
    case NodeType::IntegerLiteral:
      return "int";
    case NodeType::RealLiteral:
      return "double";
    case NodeType::BooleanLiteral:
      return "bool";
    case NodeType::CharacterLiteral:
      return "char";
    case NodeType::NullLiteral:
      return "null";
    default:
      return nullptr;
  }
}

std::string without_spaces(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.push_back(c);
  }
  return out;
}

}  // namespace

bool has_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const Link& link) { return link.kind == Link::Kind::Opaque; });
}

std::string_view CSharpReader::text(TSNode node) const {
  return ts_node_is_null(node) ? std::string_view{} : node_text(node, source_);
}

// `Foo` of `Foo`, `Foo<T>` and `global::Foo`.
std::string CSharpReader::simple_name(TSNode name) const {
  switch (type(name)) {
    case NodeType::GenericName:
      return std::string(text(ts_node_named_child(name, 0)));
    case NodeType::AliasQualifiedName:
      return simple_name(ts_node_named_child(name, ts_node_named_child_count(name) - 1));
    default:
      return std::string(text(name));
  }
}

LinkChain CSharpReader::links_of(TSNode expression) const {
  LinkChain chain;
  if (!ts_node_is_null(expression)) append_links(expression, chain, 0);
  return chain;
}

void CSharpReader::append_links(TSNode node, LinkChain& chain, int depth) const {
  if (depth > kMaxChainDepth) {
    chain.push_back({Link::Kind::Opaque, {}});
    return;
  }
  const NodeType node_type = type(node);
  if (const char* literal = literal_type(node_type)) {
    chain.push_back({Link::Kind::Literal, literal});
    return;
  }
  switch (node_type) {
    case NodeType::Identifier:
    case NodeType::This:
    case NodeType::Base:
    case NodeType::PredefinedType:
    case NodeType::GenericName:
    case NodeType::AliasQualifiedName:
      chain.push_back({Link::Kind::Name, simple_name(node)});
      return;
    case NodeType::QualifiedName:
      append_links(child(node, Field::Qualifier), chain, depth + 1);
      chain.push_back({Link::Kind::Attribute, simple_name(child(node, Field::Name))});
      return;
    case NodeType::MemberAccessExpression:
      append_links(child(node, Field::Expression), chain, depth + 1);
      chain.push_back({Link::Kind::Attribute, simple_name(child(node, Field::Name))});
      return;
    case NodeType::ConditionalAccessExpression: {
      // `x?.M`: the condition, then the member it binds.
      append_links(child(node, Field::Condition), chain, depth + 1);
      const TSNode binding = ts_node_named_child(node, ts_node_named_child_count(node) - 1);
      if (is(binding, NodeType::MemberBindingExpression)) {
        chain.push_back({Link::Kind::Attribute, simple_name(child(binding, Field::Name))});
      } else {
        chain.push_back({Link::Kind::Opaque, {}});
      }
      return;
    }
    case NodeType::InvocationExpression: {
      const TSNode arguments = child(node, Field::Arguments);
      append_links(child(node, Field::Function), chain, depth + 1);
      chain.push_back({Link::Kind::Call, arity(arguments)});
      return;
    }
    case NodeType::ObjectCreationExpression: {
      LinkChain created = type_links(child(node, Field::Type), depth + 1);
      if (created.empty()) created.push_back({Link::Kind::Opaque, {}});
      chain.insert(chain.end(), created.begin(), created.end());
      chain.push_back({Link::Kind::Call, arity(child(node, Field::Arguments))});
      return;
    }
    case NodeType::CastExpression:
      append_links(child(node, Field::Value), chain, depth + 1);
      return;
    case NodeType::AwaitExpression:
    case NodeType::ParenthesizedExpression:
    case NodeType::PostfixUnaryExpression:  // `x!`
      if (ts_node_named_child_count(node) == 1) {
        append_links(ts_node_named_child(node, 0), chain, depth + 1);
        return;
      }
      break;
    default:
      break;
  }
  chain.push_back({Link::Kind::Opaque, {}});
}

LinkChain CSharpReader::type_links(TSNode type) const {
  return type_links(type, 0);
}

LinkChain CSharpReader::type_links(TSNode node, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  switch (type(node)) {
    case NodeType::Identifier:
    case NodeType::GenericName:
    case NodeType::AliasQualifiedName:
      return {{Link::Kind::Name, simple_name(node)}};
    case NodeType::PredefinedType:
      if (text(node) == "void") return {};
      return {{Link::Kind::Name, std::string(text(node))}};
    case NodeType::QualifiedName: {
      LinkChain chain = type_links(child(node, Field::Qualifier), depth + 1);
      if (chain.empty()) return {};
      chain.push_back({Link::Kind::Attribute, simple_name(child(node, Field::Name))});
      return chain;
    }
    case NodeType::NullableType:
    case NodeType::RefType:
      return type_links(child(node, Field::Type), depth + 1);
    default:
      return {};  // var, arrays, tuples, pointers, function pointers
  }
}

std::string CSharpReader::erased_type(TSNode type) const {
  return erased_type(type, 0);
}

std::string CSharpReader::erased_type(TSNode node, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  switch (type(node)) {
    case NodeType::Identifier:
    case NodeType::GenericName:
    case NodeType::AliasQualifiedName:
    case NodeType::PredefinedType:
      return simple_name(node);
    case NodeType::QualifiedName:
      return simple_name(child(node, Field::Name));
    case NodeType::NullableType:
      return erased_type(child(node, Field::Type), depth + 1) + "?";
    case NodeType::RefType:
      return erased_type(child(node, Field::Type), depth + 1);
    default:
      break;
  }
  // Arrays: the element type's erased name, then the ranks as written.
  const TSNode element = child(node, Field::Type);
  if (!ts_node_is_null(element) && ts_node_named_child_count(node) == 2) {
    return erased_type(element, depth + 1) + without_spaces(text(ts_node_named_child(node, 1)));
  }
  return without_spaces(text(node));
}

std::string CSharpReader::arity(TSNode argument_list) {
  if (ts_node_is_null(argument_list)) return "0";
  return std::to_string(ts_node_named_child_count(argument_list));
}

std::vector<LinkChain> CSharpReader::arguments(TSNode argument_list) const {
  std::vector<LinkChain> result;
  const std::uint32_t count =
      ts_node_is_null(argument_list) ? 0 : ts_node_named_child_count(argument_list);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode argument = ts_node_named_child(argument_list, i);
    // The value is the argument's last named child (after `name:`).
    const std::uint32_t parts = ts_node_named_child_count(argument);
    const TSNode value = parts == 0 ? TSNode{} : ts_node_named_child(argument, parts - 1);
    if (ts_node_is_null(value) || is(value, NodeType::DeclarationExpression)) {
      result.emplace_back();  // `out var x`: no value to type the argument by
      continue;
    }
    LinkChain chain = links_of(value);
    if (has_opaque(chain)) chain = {{Link::Kind::Opaque, {}}};
    result.push_back(std::move(chain));
  }
  return result;
}

}  // namespace trellis::ingest::csharp
