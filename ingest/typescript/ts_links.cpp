#include "ts_fact_reader.hpp"

namespace trellis::ingest::typescript {

LinkChain FactReader::links_of(TSNode node) const {
  LinkChain chain;
  if (!ts_node_is_null(node)) append_links(node, chain, 0);
  return chain;
}

LinkChain FactReader::annotation_links(TSNode node, int depth) const {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  switch (type(node)) {
    case NodeType::TypeAnnotation:
    case NodeType::ParenthesizedType:
      return ts_node_named_child_count(node) == 1 ? annotation_links(ts_node_named_child(node, 0), depth + 1)
                                                  : LinkChain{};
    case NodeType::TypeIdentifier:
    case NodeType::Identifier: return {{Link::Kind::Name, std::string(text(node))}};
    // Arrays, tuples, functions and primitives: a builtin's methods.
    case NodeType::ArrayType:
    case NodeType::TupleType:
    case NodeType::FunctionType: return {{Link::Kind::Literal, "builtins"}};
    case NodeType::PredefinedType: {
      const std::string_view name = text(node);
      if (name == "string" || name == "number" || name == "boolean" || name == "bigint" || name == "symbol") {
        return {{Link::Kind::Literal, "builtins"}};
      }
      return {};  // any, unknown, void, never, object: nothing known
    }
    case NodeType::NestedTypeIdentifier: {
      LinkChain chain = links_of(child(node, Field::Module));
      chain.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Name)))});
      return is_opaque(chain) ? LinkChain{} : chain;
    }
    case NodeType::MemberExpression: {
      LinkChain chain = links_of(node);
      return is_opaque(chain) ? LinkChain{} : chain;
    }
    case NodeType::GenericType: {
      const TSNode name = child(node, Field::Name);
      const std::string_view head = text(name);
      if (head == "Promise" || head == "PromiseLike" || head == "Readonly") {
        const TSNode arguments = ts_node_named_child(node, 1);
        if (ts_node_is_null(arguments) || ts_node_named_child_count(arguments) != 1) return {};
        return annotation_links(ts_node_named_child(arguments, 0), depth + 1);
      }
      return annotation_links(name, depth + 1);
    }
    case NodeType::UnionType: {
      // X | null | undefined names X.
      LinkChain named;
      const std::uint32_t count = ts_node_named_child_count(node);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode part = ts_node_named_child(node, i);
        const std::string_view part_text = text(part);
        if (part_text == "null" || part_text == "undefined") continue;
        if (!named.empty()) return {};
        named = annotation_links(part, depth + 1);
        if (named.empty()) return {};
      }
      return named;
    }
    default: return {};
  }
}

void FactReader::append_links(TSNode node, LinkChain& out, int depth) const {
  if (depth > kMaxChainDepth) {
    out.push_back({Link::Kind::Opaque, {}});
    return;
  }
  switch (type(node)) {
    case NodeType::Identifier: out.push_back({Link::Kind::Name, std::string(text(node))}); return;
    case NodeType::This: out.push_back({Link::Kind::Name, "this"}); return;
    case NodeType::Super: out.push_back({Link::Kind::Name, "super"}); return;
    case NodeType::MemberExpression:
      append_links(child(node, Field::Object), out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Property)))});
      return;
    case NodeType::CallExpression:
      append_links(child(node, Field::Function), out, depth + 1);
      out.push_back({Link::Kind::Call, {}});
      return;
    case NodeType::NewExpression:
      append_links(child(node, Field::Constructor), out, depth + 1);
      out.push_back({Link::Kind::Call, {}});
      return;
    case NodeType::ParenthesizedExpression:
    case NodeType::AwaitExpression:
    case NodeType::NonNullExpression:
    case NodeType::SatisfiesExpression:
      if (ts_node_named_child_count(node) >= 1) {
        append_links(ts_node_named_child(node, 0), out, depth + 1);
        return;
      }
      break;
    case NodeType::AsExpression: {
      // `x as Repo` is an instance of Repo: the class, called.
      LinkChain type_links = annotation_links(ts_node_named_child(node, 1));
      if (type_links.empty()) break;
      out.insert(out.end(), type_links.begin(), type_links.end());
      out.push_back({Link::Kind::Call, {}});
      return;
    }
    case NodeType::String:
    case NodeType::TemplateString:
    case NodeType::Number:
    case NodeType::Array:
    case NodeType::Object:
    case NodeType::Regex:
    case NodeType::True:
    case NodeType::False: out.push_back({Link::Kind::Literal, "builtins"}); return;
    default: break;
  }
  out.push_back({Link::Kind::Opaque, {}});
}

}  // namespace trellis::ingest::typescript
