#include "cpp/cpp_chains.hpp"

#include <algorithm>
#include <array>

#include "extract/tree_sitter_handles.hpp"
#include "resolve/type_table.hpp"

namespace trellis::ingest::cpp {
namespace {

constexpr int kMaxChainDepth = 64;
using resolve::kDerefLink;
using resolve::kElementLink;

bool one_of(std::string_view name, std::span<const std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Templates read as their first type argument, or as a collection of it.
constexpr std::array<std::string_view, 6> kWrappers{"unique_ptr", "shared_ptr", "weak_ptr",
                                                    "optional",   "reference_wrapper", "atomic"};
constexpr std::array<std::string_view, 12> kSequences{"vector", "list",          "deque",         "set",
                                                      "multiset", "unordered_set", "array",       "span",
                                                      "forward_list", "initializer_list", "queue", "stack"};
constexpr std::array<std::string_view, 4> kMaps{"map", "unordered_map", "multimap", "unordered_multimap"};
// Whether a template reads as its element or what it holds (above), not as itself.
bool reads_through(std::string_view template_name) {
  return one_of(template_name, kWrappers) || one_of(template_name, kSequences) || one_of(template_name, kMaps);
}

constexpr std::array<std::string_view, 4> kCasts{"static_cast", "dynamic_cast", "reinterpret_cast", "const_cast"};

}  // namespace

std::string_view ChainReader::text(TSNode node) const {
  return ts_node_is_null(node) ? std::string_view{} : node_text(node, source_);
}

TSNode ChainReader::sole_type_argument(TSNode function) const {
  for (int depth = 0; depth < kMaxChainDepth && !ts_node_is_null(function); ++depth) {
    switch (syntax_.type(function)) {
      case NodeType::FieldExpression: function = syntax_.child(function, Field::Field); continue;
      case NodeType::QualifiedIdentifier: function = syntax_.child(function, Field::Name); continue;
      case NodeType::TemplateFunction:
      case NodeType::TemplateMethod: {
        const std::vector<TSNode> arguments = named(syntax_.child(function, Field::Arguments));
        if (arguments.size() == 1 && syntax_.is(arguments.front(), NodeType::TypeDescriptor)) return arguments.front();
        return {};
      }
      default: return {};
    }
  }
  return {};
}

bool ChainReader::is_cast(TSNode function) const {
  return syntax_.is(function, NodeType::TemplateFunction) && one_of(text(syntax_.child(function, Field::Name)), kCasts);
}

std::string ChainReader::arity(TSNode arguments) const {
  return std::to_string(ts_node_is_null(arguments) ? 0 : ts_node_named_child_count(arguments));
}

void ChainReader::append_name(TSNode node, LinkChain& out, int depth) const {
  const auto push = [&](std::string_view name) {
    out.push_back({out.empty() ? Link::Kind::Name : Link::Kind::Attribute, std::string(name)});
  };
  if (ts_node_is_null(node) || depth > kMaxChainDepth) {
    out.push_back({Link::Kind::Opaque, {}});
    return;
  }
  switch (syntax_.type(node)) {
    case NodeType::Identifier:
    case NodeType::TypeIdentifier:
    case NodeType::FieldIdentifier:
    case NodeType::NamespaceIdentifier:
    case NodeType::DestructorName:
    case NodeType::OperatorName: push(text(node)); return;
    case NodeType::QualifiedIdentifier: {
      const auto parts = fields(node);
      if (!ts_node_is_null(parts[Field::Scope])) append_name(parts[Field::Scope], out, depth + 1);
      append_name(parts[Field::Name], out, depth + 1);
      return;
    }
    case NodeType::NestedNamespaceSpecifier:
      for (const TSNode part : named(node)) append_name(part, out, depth + 1);
      return;
    case NodeType::TemplateType:
    case NodeType::TemplateFunction:
    case NodeType::TemplateMethod: append_name(syntax_.child(node, Field::Name), out, depth + 1); return;
    default: out.push_back({Link::Kind::Opaque, {}}); return;
  }
}

LinkChain ChainReader::name(TSNode node) const {
  LinkChain out;
  append_name(node, out, 0);
  for (const Link& link : out) {
    if (link.kind == Link::Kind::Opaque || link.text.empty()) return {};  // empty: a name broken input lacks
  }
  return out;
}

LinkChain ChainReader::value(TSNode expression) const {
  LinkChain out;
  append_value(expression, out, 0);
  return out;
}

void ChainReader::append_value(TSNode node, LinkChain& out, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) {
    out.push_back({Link::Kind::Opaque, {}});
    return;
  }
  const auto constructed = [&](TSNode type, TSNode arguments) {
    if (syntax_.is(type, NodeType::TypeDescriptor)) type = syntax_.child(type, Field::Type);
    if (syntax_.is(type, NodeType::PrimitiveType)) {  // `static_cast<double>(x)`: a value of that type
      out.push_back({Link::Kind::Literal, std::string(text(type))});
      return;
    }
    LinkChain chain = this->type(type);
    if (chain.empty()) {
      out.push_back({Link::Kind::Opaque, {}});
      return;
    }
    out.insert(out.end(), chain.begin(), chain.end());
    out.push_back({Link::Kind::Call, arity(arguments)});
  };
  switch (syntax_.type(node)) {
    case NodeType::Identifier:
    case NodeType::QualifiedIdentifier:
    case NodeType::TemplateFunction: append_name(node, out, depth + 1); return;
    case NodeType::This: out.push_back({Link::Kind::Name, "this"}); return;
    case NodeType::FieldExpression: {
      const auto parts = fields(node);
      append_value(parts[Field::Argument], out, depth + 1);
      if (text(syntax_.child(node, Field::Operator)) == "->") out.push_back({Link::Kind::Attribute, std::string(kDerefLink)});
      LinkChain member;
      append_name(parts[Field::Field], member, depth + 1);
      if (member.empty()) return;
      out.push_back({member.back().kind == Link::Kind::Opaque ? Link::Kind::Opaque : Link::Kind::Attribute,
                     std::move(member.back().text)});
      return;
    }
    case NodeType::CallExpression: {
      const auto parts = fields(node);
      const TSNode function = parts[Field::Function];
      if (is_cast(function)) {
        const std::vector<TSNode> arguments = named(syntax_.child(function, Field::Arguments));
        constructed(arguments.empty() ? TSNode{} : arguments.front(), TSNode{});
        return;
      }
      if (const TSNode explicit_type = sole_type_argument(function); !ts_node_is_null(explicit_type)) {
        if (LinkChain type = this->type(explicit_type); !type.empty() && type.back().text != kElementLink) {
          out.insert(out.end(), type.begin(), type.end());  // `x.Cast<T>()`, `make_unique<T>(..)`: a T
          out.push_back({Link::Kind::Call, {}});
          return;
        }
      }
      append_value(function, out, depth + 1);
      out.push_back({Link::Kind::Call, arity(parts[Field::Arguments])});
      return;
    }
    case NodeType::NewExpression: {
      const auto parts = fields(node);
      constructed(parts[Field::Type], parts[Field::Arguments]);
      return;
    }
    case NodeType::CastExpression: constructed(syntax_.child(node, Field::Type), TSNode{}); return;
    case NodeType::ParenthesizedExpression: append_value(ts_node_named_child(node, 0), out, depth + 1); return;
    case NodeType::PointerExpression:  // `*p` dereferences, `&x` reads as x
      append_value(syntax_.child(node, Field::Argument), out, depth + 1);
      if (text(syntax_.child(node, Field::Operator)) == "*") out.push_back({Link::Kind::Attribute, std::string(resolve::kIndirectionLink)});
      return;
    case NodeType::SubscriptExpression:
      append_value(syntax_.child(node, Field::Argument), out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(kElementLink)});
      return;
    case NodeType::StringLiteral:
    case NodeType::RawStringLiteral: out.push_back({Link::Kind::Literal, "string"}); return;
    case NodeType::CharLiteral: out.push_back({Link::Kind::Literal, "char"}); return;
    case NodeType::NumberLiteral: {
      const std::string_view number = text(node);
      const bool hex = number.starts_with("0x") || number.starts_with("0X");
      const bool real = !hex && number.find_first_of(".eE") != std::string_view::npos;
      out.push_back({Link::Kind::Literal, real ? (number.ends_with('f') || number.ends_with('F') ? "float" : "double") : "int"});
      return;
    }
    case NodeType::True:
    case NodeType::False: out.push_back({Link::Kind::Literal, "bool"}); return;
    default: out.push_back({Link::Kind::Opaque, {}}); return;
  }
}

LinkChain ChainReader::type(TSNode node) const { return type_at(node, 0, false); }

LinkChain ChainReader::declared_type(TSNode node) const { return type_at(node, 0, true); }

LinkChain ChainReader::type_at(TSNode node, int depth, bool with_arguments) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  switch (syntax_.type(node)) {
    case NodeType::TypeIdentifier:
    case NodeType::Identifier:
    case NodeType::QualifiedIdentifier: {
      // `std::unique_ptr<A>` is a qualified name whose last part is a template.
      TSNode last = node;
      while (syntax_.is(last, NodeType::QualifiedIdentifier)) last = syntax_.child(last, Field::Name);
      if (syntax_.is(last, NodeType::TemplateType)) {
        LinkChain wrapped = type_at(last, depth + 1, with_arguments);
        const std::string_view template_name = text(syntax_.child(last, Field::Name));
        if (reads_through(template_name) && !(wrapped.size() == 1 && wrapped[0].text == template_name)) {
          return wrapped;  // a wrapper or collection read through
        }
        LinkChain named = name(node);
        if (!named.empty() && !wrapped.empty()) named.insert(named.end(), wrapped.begin() + 1, wrapped.end());
        return named;
      }
      return name(node);
    }
    case NodeType::TemplateType: {
      const std::string_view template_name = text(syntax_.child(node, Field::Name));
      std::vector<TSNode> arguments;
      for (const TSNode argument : named(syntax_.child(node, Field::Arguments))) {
        if (syntax_.is(argument, NodeType::TypeDescriptor)) arguments.push_back(argument);
      }
      if (one_of(template_name, kWrappers) && !arguments.empty()) {
        LinkChain held = type_at(arguments.front(), depth + 1, with_arguments);
        if (!held.empty() && held.back().text != kElementLink) held.push_back({Link::Kind::Attribute, std::string(kDerefLink)});
        return held;
      }
      const bool sequence = one_of(template_name, kSequences);
      if ((sequence && !arguments.empty()) || (one_of(template_name, kMaps) && arguments.size() >= 2)) {
        LinkChain element = type_at(sequence ? arguments.front() : arguments[1], depth + 1, with_arguments);
        if (!element.empty()) element.push_back({Link::Kind::Attribute, std::string(kElementLink)});
        return element;
      }
      LinkChain named = name(syntax_.child(node, Field::Name));
      if (!with_arguments || named.empty()) return named;
      for (const TSNode argument : arguments) {  // each as a group; one not read is an empty group
        named.push_back({Link::Kind::Element, std::string(resolve::kTypeArgumentOpen)});
        LinkChain argument_type = type_at(argument, depth + 1, true);
        named.insert(named.end(), argument_type.begin(), argument_type.end());
        named.push_back({Link::Kind::Element, std::string(resolve::kTypeArgumentClose)});
      }
      return named;
    }
    case NodeType::TypeDescriptor: return type_at(syntax_.child(node, Field::Type), depth + 1, with_arguments);
    case NodeType::PrimitiveType: return {{Link::Kind::Name, std::string(text(node))}};  // the language's own
    case NodeType::ClassSpecifier:
    case NodeType::StructSpecifier:
    case NodeType::UnionSpecifier:
    case NodeType::EnumSpecifier: return type_at(syntax_.child(node, Field::Name), depth + 1, with_arguments);
    default: return {};  // auto, decltype, primitive and dependent types
  }
}

std::string ChainReader::signature_text(TSNode type, TSNode declarator) const {
  // The type's last name as written, template arguments dropped.
  TSNode named_type = type;
  for (int depth = 0; depth < kMaxChainDepth && syntax_.is(named_type, NodeType::QualifiedIdentifier); ++depth) {
    named_type = syntax_.child(named_type, Field::Name);
  }
  if (syntax_.is(named_type, NodeType::TemplateType)) named_type = syntax_.child(named_type, Field::Name);
  std::string out;
  for (const char c : text(named_type)) {
    if (c != ' ' && c != '\n' && c != '\t') out += c;
  }
  for (TSNode at = declarator; !ts_node_is_null(at); at = syntax_.child(at, Field::Declarator)) {
    const NodeType kind = syntax_.type(at);
    if (kind == NodeType::PointerDeclarator || kind == NodeType::AbstractPointerDeclarator) out += '*';
    if (kind == NodeType::ReferenceDeclarator || kind == NodeType::AbstractReferenceDeclarator) {
      out += text(at).starts_with("&&") ? "&&" : "&";
    }
    if (kind == NodeType::ReferenceDeclarator || kind == NodeType::AbstractReferenceDeclarator) {
      // A reference declarator's inner declarator is its named child, not a field.
      const TSNode inner = ts_node_named_child(at, 0);
      if (ts_node_is_null(inner) || syntax_.is(inner, NodeType::Identifier)) break;
      at = inner;
      if (syntax_.type(at) == NodeType::PointerDeclarator) out += '*';
      break;
    }
  }
  return out;
}

}  // namespace trellis::ingest::cpp
