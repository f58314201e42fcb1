#include "rust/rust_chains.hpp"

#include <algorithm>
#include <array>

#include "extract/tree_sitter_handles.hpp"
#include "resolve/type_table.hpp"
#include "resolve/typed_facts.hpp"

namespace trellis::ingest::rust {
namespace {

constexpr int kMaxDepth = 64;
using resolve::kElementLink;

bool one_of(std::string_view name, std::span<const std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Methods whose result is the receiver's element (typed_facts: collections).
constexpr std::array<std::string_view, 6> kElementMethods{"unwrap", "expect", "unwrap_or", "unwrap_or_default",
                                                          "unwrap_or_else", "unwrap_unchecked"};
// Methods whose result reads as the receiver.
constexpr std::array<std::string_view, 9> kSameMethods{"clone", "iter", "iter_mut", "into_iter", "as_ref",
                                                       "as_mut", "borrow", "borrow_mut", "to_owned"};
// Wrappers read through, and collections of their first / last type argument.
constexpr std::array<std::string_view, 5> kWrappers{"Box", "Rc", "Arc", "Cow", "Pin"};
constexpr std::array<std::string_view, 9> kCollections{"Vec", "Option", "Result", "VecDeque", "HashSet",
                                                       "BTreeSet", "BinaryHeap", "LinkedList", "IndexSet"};
constexpr std::array<std::string_view, 3> kMaps{"HashMap", "BTreeMap", "IndexMap"};

}  // namespace

std::string_view ChainReader::text(TSNode node) const {
  return ts_node_is_null(node) ? std::string_view{} : node_text(node, source_);
}

void ChainReader::append_segments(TSNode node, std::vector<std::string>& out, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxDepth) {
    out.clear();
    out.emplace_back();  // unreadable: an empty segment marks it
    return;
  }
  switch (syntax_.type(node)) {
    case NodeType::Identifier:
    case NodeType::TypeIdentifier:
    case NodeType::Self:
    case NodeType::Super:
    case NodeType::Crate: out.emplace_back(text(node)); return;
    case NodeType::ScopedIdentifier:
    case NodeType::ScopedTypeIdentifier: {
      const auto parts = fields(node);
      if (!ts_node_is_null(parts[Field::Path])) append_segments(parts[Field::Path], out, depth + 1);
      append_segments(parts[Field::Name], out, depth + 1);
      return;
    }
    case NodeType::GenericType:
    case NodeType::GenericTypeWithTurbofish: append_segments(syntax_.child(node, Field::Type), out, depth + 1); return;
    default: out.emplace_back(); return;
  }
}

std::vector<std::string> ChainReader::segments(TSNode path) const {
  std::vector<std::string> out;
  append_segments(path, out, 0);
  if (std::any_of(out.begin(), out.end(), [](const std::string& s) { return s.empty(); })) out.clear();
  return out;
}

std::vector<std::string> ChainReader::normalised(std::vector<std::string> segments,
                                                 std::span<const std::string> inline_modules) {
  if (segments.empty()) return segments;
  std::size_t supers = 0;
  while (supers < segments.size() && segments[supers] == "super") ++supers;
  const bool self_path = supers == 0 && segments[0] == "self" && segments.size() > 1;
  if (!self_path && (supers == 0 || inline_modules.empty())) return segments;
  std::size_t kept = inline_modules.size();
  if (supers > kept) return segments;  // above the file: left to the file's scope
  kept -= supers;
  std::vector<std::string> out{std::string(kFileModule)};
  out.insert(out.end(), inline_modules.begin(), inline_modules.begin() + static_cast<std::ptrdiff_t>(kept));
  out.insert(out.end(), segments.begin() + static_cast<std::ptrdiff_t>(self_path ? 1 : supers), segments.end());
  return out;
}

LinkChain ChainReader::chain_of(const std::vector<std::string>& segments) {
  LinkChain chain;
  chain.reserve(segments.size());
  for (const std::string& segment : segments) {
    chain.push_back({chain.empty() ? Link::Kind::Name : Link::Kind::Attribute, segment});
  }
  return chain;
}

std::string ChainReader::arity(TSNode arguments) const {
  return std::to_string(ts_node_is_null(arguments) ? 0 : ts_node_named_child_count(arguments));
}

// The method of std::ops (or std::cmp) an operator expression calls on its
// left operand: `a + b` is `a.add(b)`, `a += b` `a.add_assign(b)`, `-a`
// `a.neg()`, `a[i]` `a.index(i)`, `*a` `a.deref()` (the typer tells a
// reference's own `*` from it: typed_facts.hpp's kDerefMethod).
std::string_view operator_method(std::string_view op, bool unary) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 26> kBinary{{
      {"+", "add"},           {"-", "sub"},           {"*", "mul"},           {"/", "div"},
      {"%", "rem"},           {"&", "bitand"},        {"|", "bitor"},         {"^", "bitxor"},
      {"<<", "shl"},          {">>", "shr"},          {"==", "eq"},           {"!=", "ne"},
      {"<", "lt"},            {"<=", "le"},           {">", "gt"},            {">=", "ge"},
      {"+=", "add_assign"},   {"-=", "sub_assign"},   {"*=", "mul_assign"},   {"/=", "div_assign"},
      {"%=", "rem_assign"},   {"&=", "bitand_assign"}, {"|=", "bitor_assign"}, {"^=", "bitxor_assign"},
      {"<<=", "shl_assign"},  {">>=", "shr_assign"},
  }};
  if (unary) return op == "-" ? "neg" : op == "!" ? "not" : op == "*" ? resolve::kDerefMethod : "";
  for (const auto& [written, method] : kBinary) {
    if (written == op) return method;
  }
  return "";
}

LinkChain ChainReader::value(TSNode expression, std::span<const std::string> inline_modules) const {
  LinkChain out;
  if (!ts_node_is_null(expression)) append_value(expression, inline_modules, out, 0);
  return out;
}

void ChainReader::append_value(TSNode node, std::span<const std::string> inline_modules, LinkChain& out, int depth) const {
  const auto opaque = [&] { out.push_back({Link::Kind::Opaque, {}}); };
  if (depth > kMaxDepth) return opaque();
  switch (syntax_.type(node)) {
    case NodeType::Identifier:
    case NodeType::Self: out.push_back({Link::Kind::Name, std::string(text(node))}); return;
    case NodeType::ScopedIdentifier: {
      const LinkChain path = chain_of(normalised(segments(node), inline_modules));
      if (path.empty()) return opaque();
      out.insert(out.end(), path.begin(), path.end());
      return;
    }
    case NodeType::GenericFunction:
      return append_value(syntax_.child(node, Field::Function), inline_modules, out, depth + 1);
    case NodeType::BinaryExpression: {  // `a + b` is what `a.add(b)` returns; a comparison a bool
      const auto parts = fields(node);
      const std::string_view method = operator_method(text(parts[Field::Operator]), false);
      if (method.empty() || method == "eq" || method == "ne" || method == "lt" || method == "le" || method == "gt" ||
          method == "ge") {
        out.push_back({Link::Kind::Literal, "bool"});
        return;
      }
      append_value(parts[Field::Left], inline_modules, out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(method)});
      out.push_back({Link::Kind::Call, "1"});
      return;
    }
    case NodeType::FieldExpression: {
      const auto parts = fields(node);
      append_value(parts[Field::Value], inline_modules, out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(text(parts[Field::Field]))});
      return;
    }
    case NodeType::CallExpression: {
      const auto parts = fields(node);
      TSNode function = parts[Field::Function];
      if (syntax_.is(function, NodeType::GenericFunction)) function = syntax_.child(function, Field::Function);
      if (syntax_.is(function, NodeType::FieldExpression)) {
        const auto member = fields(function);
        const std::string_view name = text(member[Field::Field]);
        if (one_of(name, kElementMethods) || one_of(name, kSameMethods)) {
          append_value(member[Field::Value], inline_modules, out, depth + 1);
          if (one_of(name, kElementMethods)) out.push_back({Link::Kind::Attribute, std::string(kElementLink)});
          return;
        }
      }
      append_value(function, inline_modules, out, depth + 1);
      out.push_back({Link::Kind::Call, arity(parts[Field::Arguments])});
      return;
    }
    case NodeType::TryExpression:
    case NodeType::IndexExpression: {
      const TSNode inner = ts_node_named_child(node, 0);
      if (ts_node_is_null(inner)) return opaque();
      append_value(inner, inline_modules, out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(kElementLink)});
      return;
    }
    case NodeType::AwaitExpression:
    case NodeType::ParenthesizedExpression:
    case NodeType::UnaryExpression: {
      const TSNode inner = ts_node_named_child(node, 0);
      if (ts_node_is_null(inner)) return opaque();
      append_value(inner, inline_modules, out, depth + 1);
      const bool dereference = syntax_.is(node, NodeType::UnaryExpression) && text(ts_node_child(node, 0)) == "*";
      if (dereference && out.back().kind != Link::Kind::Opaque) out.push_back({Link::Kind::Attribute, std::string(resolve::kIndirectionLink)});
      return;
    }
    case NodeType::ReferenceExpression:  // `&x`: a reference to x
      append_value(syntax_.child(node, Field::Value), inline_modules, out, depth + 1);
      if (out.back().kind != Link::Kind::Opaque) out.push_back({Link::Kind::Attribute, std::string(resolve::kReferenceLink)});
      return;
    case NodeType::StructExpression: {
      const LinkChain type = type_at(syntax_.child(node, Field::Name), inline_modules, depth + 1);
      if (type.empty()) return opaque();
      out.insert(out.end(), type.begin(), type.end());
      out.push_back({Link::Kind::Call, ""});
      return;
    }
    case NodeType::StringLiteral:
    case NodeType::RawStringLiteral: out.push_back({Link::Kind::Literal, "str"}); return;
    case NodeType::CharLiteral: out.push_back({Link::Kind::Literal, "char"}); return;
    case NodeType::IntegerLiteral: out.push_back({Link::Kind::Literal, "i32"}); return;
    case NodeType::FloatLiteral: out.push_back({Link::Kind::Literal, "f64"}); return;
    case NodeType::BooleanLiteral: out.push_back({Link::Kind::Literal, "bool"}); return;
    default: return opaque();
  }
}

LinkChain ChainReader::type(TSNode type, std::span<const std::string> inline_modules) const {
  return ts_node_is_null(type) ? LinkChain{} : type_at(type, inline_modules, 0);
}

LinkChain ChainReader::type_at(TSNode node, std::span<const std::string> inline_modules, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxDepth) return {};
  switch (syntax_.type(node)) {
    case NodeType::TypeIdentifier:
    case NodeType::Identifier:
    case NodeType::PrimitiveType: return {{Link::Kind::Name, std::string(text(node))}};
    case NodeType::ScopedTypeIdentifier:
    case NodeType::ScopedIdentifier: return chain_of(normalised(segments(node), inline_modules));
    case NodeType::ReferenceType:
    case NodeType::PointerType: {  // a reference to T (not inside another type: a `Vec<&T>` is a Vec<T>)
      LinkChain referent = type_at(syntax_.child(node, Field::Type), inline_modules, depth + 1);
      if (depth == 0 && !referent.empty()) referent.push_back({Link::Kind::Attribute, std::string(resolve::kReferenceLink)});
      return referent;
    }
    case NodeType::DynamicType:
    case NodeType::AbstractType: return type_at(syntax_.child(node, Field::Trait), inline_modules, depth + 1);
    case NodeType::BoundedType: return type_at(ts_node_named_child(node, 0), inline_modules, depth + 1);
    case NodeType::ArrayType: {
      LinkChain element = type_at(syntax_.child(node, Field::Element), inline_modules, depth + 1);
      if (!element.empty()) element.push_back({Link::Kind::Attribute, std::string(kElementLink)});
      return element;
    }
    case NodeType::GenericType: {
      const auto parts = fields(node);
      LinkChain base = type_at(parts[Field::Type], inline_modules, depth + 1);
      if (base.size() != 1) return base;
      const std::string_view name = base[0].text;
      const bool wrapper = one_of(name, kWrappers);
      const bool collection = one_of(name, kCollections);
      const bool map = one_of(name, kMaps);
      if (!wrapper && !collection && !map) return base;
      std::vector<TSNode> arguments;
      for (const TSNode argument : named(parts[Field::TypeArguments])) {
        if (!node_is(argument, "lifetime")) arguments.push_back(argument);
      }
      if (arguments.empty()) return {};
      LinkChain element = type_at(map ? arguments.back() : arguments.front(), inline_modules, depth + 1);
      if (!wrapper && !element.empty()) element.push_back({Link::Kind::Attribute, std::string(kElementLink)});
      return element;
    }
    default: return {};
  }
}

}  // namespace trellis::ingest::rust
