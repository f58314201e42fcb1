#include "go_bindings.hpp"

#include <algorithm>
#include <utility>

#include "resolve/typed_facts.hpp"

namespace trellis::ingest::go {

ScopeIndex function_at(const ScopeFinder& scopes, std::uint32_t byte) {
  const auto definitions = scopes.definitions();
  ScopeIndex index = scopes.scope_at(byte);
  while (index != kModuleScope && definitions[index].label != Label::Function &&
         definitions[index].label != Label::Method) {
    index = definitions[index].parent;
  }
  return index;
}

void BindingReader::read(TSNode node, std::uint32_t block_end) {
  scope_ = function_at(scopes_, ts_node_start_byte(node));
  line_ = line_of(ts_node_start_point(node));
  block_end_ = block_end;
  reassigns_ = false;
  switch (syntax_.type(node)) {
    case NodeType::ShortVarDeclaration:
      bind(names_in(syntax_.child(node, Field::Left)), values_in(syntax_.child(node, Field::Right)), {});
      break;
    case NodeType::VarSpec:
    case NodeType::ConstSpec: {
      std::vector<TSNode> names;
      chains_.for_each_in_field(node, Field::Name, [&](TSNode name) { names.push_back(name); });
      const LinkChain annotation = chains_.type(syntax_.child(node, Field::Type));
      bind(names, values_in(syntax_.child(node, Field::Value)), annotation);
      if (scope_ == kModuleScope) {
        for (const TSNode name : names) {
          if (is_exported(chains_.text(name))) facts_.all_names.emplace_back(chains_.text(name));
        }
      }
      break;
    }
    case NodeType::RangeClause: {
      // `for i, v := range xs`: v is an element of xs (of a slice, an array
      // or a map); the first name (an index, a key, or a channel's element)
      // stays untyped.
      const std::vector<TSNode> names = names_in(syntax_.child(node, Field::Left));
      bind(names, {}, {});
      if (names.size() == 2 && !ts_node_is_null(names[1]) && !facts_.assignments.empty() &&
          facts_.assignments.back().target == LinkChain{{Link::Kind::Name, std::string(chains_.text(names[1]))}}) {
        LinkChain element = chains_.value(syntax_.child(node, Field::Right));
        if (!element.empty() && !is_opaque(element)) {
          element.push_back({Link::Kind::Attribute, "[]"});
          facts_.assignments.back().value = std::move(element);
        }
      }
      break;
    }
    case NodeType::ReceiveStatement:
      bind(names_in(syntax_.child(node, Field::Left)), {}, {});
      break;
    case NodeType::TypeSwitchStatement: bind(names_in(syntax_.child(node, Field::Alias)), {}, {}); break;
    case NodeType::AssignmentStatement: {
      // `run = func() {...}`: only closures (other values keep the type the
      // declaration gave).
      reassigns_ = true;
      const std::vector<TSNode> names = names_in(syntax_.child(node, Field::Left));
      const std::vector<TSNode> values = values_in(syntax_.child(node, Field::Right));
      for (std::size_t i = 0; i < names.size() && names.size() == values.size(); ++i) {
        if (ts_node_is_null(names[i])) continue;
        if (LinkChain value = closure_value(values[i]); !value.empty()) {
          add(std::string(chains_.text(names[i])), std::move(value), {});
        }
      }
      break;
    }
    case NodeType::FuncLiteral: {
      if (!closure_value(node).empty()) break;  // a closure: its parameters are its own
      Definition parameters;
      declarations_.read_parameters(syntax_.child(node, Field::Parameters), parameters);
      for (auto& [name, type] : parameters.annotated_parameters) add(std::move(name), {}, std::move(type));
      break;
    }
    default: break;
  }
}

// The identifiers of an expression list (null for anything else, which binds nothing).
std::vector<TSNode> BindingReader::names_in(TSNode list) const {
  std::vector<TSNode> names;
  if (ts_node_is_null(list)) return names;
  for (const TSNode child : chains_.named(list)) {
    if (syntax_.is(child, NodeType::Comment)) continue;
    names.push_back(syntax_.is(child, NodeType::Identifier) ? child : TSNode{});
  }
  return names;
}
std::vector<TSNode> BindingReader::values_in(TSNode list) const {
  std::vector<TSNode> values;
  if (ts_node_is_null(list)) return values;
  for (const TSNode child : chains_.named(list)) {
    if (!syntax_.is(child, NodeType::Comment)) values.push_back(child);
  }
  return values;
}

// Names get the value at their position; with one call for several names
// (`x, err := f()`), each gets its result of it (typed_facts.hpp).
void BindingReader::bind(const std::vector<TSNode>& names, const std::vector<TSNode>& values, const LinkChain& annotation) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (ts_node_is_null(names[i])) continue;
    const bool paired = values.size() == names.size() || (i == 0 && !values.empty());
    LinkChain value = paired ? chains_.value(values[i]) : LinkChain{};
    if (!paired && values.size() == 1 && syntax_.is(values[0], NodeType::CallExpression)) {
      value = chains_.value(values[0]);
      if (!value.empty() && value.back().kind == Link::Kind::Call) {
        value.push_back({Link::Kind::Attribute, "#" + std::to_string(i)});
      } else {
        value.clear();
      }
    }
    if (paired) {
      if (LinkChain closure = closure_value(values[i]); !closure.empty()) value = std::move(closure);
    }
    if (is_opaque(value)) value.clear();
    add(std::string(chains_.text(names[i])), std::move(value), annotation);
  }
}

LinkChain BindingReader::closure_value(TSNode value) const {
  if (!syntax_.is(value, NodeType::FuncLiteral)) return {};
  const std::uint32_t byte = ts_node_start_byte(value);
  const auto it = std::lower_bound(closures_.begin(), closures_.end(), byte,
                                   [](const auto& closure, std::uint32_t b) { return closure.first < b; });
  if (it == closures_.end() || it->first != byte) return {};
  return {{Link::Kind::Name, std::string(resolve::kFunctionLiteralLink)}, {Link::Kind::Attribute, std::to_string(it->second)}};
}

void BindingReader::add(std::string name, LinkChain value, LinkChain annotation) {
  if (name.empty() || name == "_") return;
  Assignment assignment;
  assignment.scope = scope_;
  assignment.line = line_;
  assignment.target = {{Link::Kind::Name, std::move(name)}};
  assignment.value = std::move(value);
  assignment.annotation = std::move(annotation);
  assignment.block_end = block_end_;
  assignment.reassigns = reassigns_;
  facts_.assignments.push_back(std::move(assignment));
}

}  // namespace trellis::ingest::go
