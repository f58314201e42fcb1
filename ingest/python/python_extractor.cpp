#include "python_extractor.hpp"

#include "../extract/child_nodes.hpp"
#include "../extract/complexity.hpp"
#include "../extract/left_out_spans.hpp"
#include "../extract/query_matches.hpp"
#include "../extract/scope_finder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <unordered_map>
#include <span>
#include <tuple>
#include <vector>

extern "C" const TSLanguage* tree_sitter_python();

namespace trellis::ingest::python {

extern const std::string_view kQueryText;  // queries/*.scm, embedded by CMake

namespace {

// Expression chains deeper than this (generated code) are not followed.
constexpr int kMaxChainDepth = 64;
constexpr std::size_t kMaxCallText = 200;

enum class Capture : std::uint8_t {
  Other,
  Class,
  Function,
  Import,
  ImportFrom,
  Call,
  Assignment,
  AugmentedAssignment,
  Base,
  Binding,
  Decorated,
  Decision,
  Lambda,
  Return,
  Loop,
  With,
  Raise,
  Block,
  Yield,
  Operator,
  Branches,
  LoopElse,
};

Capture capture_kind(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Capture>, 21> kNames{{
      {"definition.class", Capture::Class},
      {"definition.function", Capture::Function},
      {"import", Capture::Import},
      {"import.from", Capture::ImportFrom},
      {"call", Capture::Call},
      {"assignment", Capture::Assignment},
      {"assignment.augmented", Capture::AugmentedAssignment},
      {"base", Capture::Base},
      {"binding", Capture::Binding},
      {"decorated", Capture::Decorated},
      {"decision", Capture::Decision},
      {"definition.lambda", Capture::Lambda},
      {"return", Capture::Return},
      {"loop", Capture::Loop},
      {"with", Capture::With},
      {"raise", Capture::Raise},
      {"block", Capture::Block},
      {"yield", Capture::Yield},
      {"operator", Capture::Operator},
      {"branches", Capture::Branches},
      {"loop.else", Capture::LoopElse},
  }};
  for (const auto& [text, kind] : kNames) {
    if (text == name) return kind;
  }
  return Capture::Other;
}


SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), line_of(ts_node_end_point(node)),
          ts_node_start_byte(node), ts_node_end_byte(node)};
}

// The builtin type of a literal node ("" when the node is no literal).
std::string_view literal_type(NodeType type) {
  switch (type) {
    case NodeType::None: return "None";
    case NodeType::True:
    case NodeType::False: return "bool";
    case NodeType::String:
    case NodeType::ConcatenatedString: return "str";
    case NodeType::Integer: return "int";
    case NodeType::Float: return "float";
    case NodeType::List:
    case NodeType::ListComprehension: return "list";
    case NodeType::Dictionary:
    case NodeType::DictionaryComprehension: return "dict";
    case NodeType::Set:
    case NodeType::SetComprehension: return "set";
    case NodeType::Tuple:
    case NodeType::ExpressionList: return "tuple";
    default: return {};
  }
}

bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}


struct OpenDefinition {
  TSNode node;
  bool is_class;
  TSNode decorated;  // the decorated_definition holding it, or a null node
  bool is_lambda = false;
};

// The name of a `<lambdaN>` definition.
std::string lambda_name(std::uint32_t n) { return fmt::format("<lambda{}>", n); }

// Containers' element facts stop here (generated tables of data).
constexpr std::uint32_t kMaxElements = 256;
// A literal argument longer than this (a message) is no key worth carrying.
constexpr std::size_t kMaxKeyArgument = 40;

// Reads facts out of the nodes of one file's tree.
class FactReader {
 public:
  FactReader(const PythonSyntax& syntax, std::string_view source)
      : syntax_(syntax),
        source_(source),
        mentions_type_checking_(source.find("TYPE_CHECKING") != std::string_view::npos) {}

  std::string_view text(TSNode node) const { return node_text(node, source_); }

  // Lambdas by start byte, named once the definitions are known: a lambda
  // in an expression reads as a name of its enclosing scope.
  void set_lambda_names(std::vector<std::pair<std::uint32_t, std::string>> names) { lambda_names_ = std::move(names); }

  // The key of `xs[key]` as an Element link's text: "s:<text>" for a string,
  // "i:<digits>" for an integer, "" when it is no literal.
  std::string element_key(TSNode key) const {
    if (is(key, NodeType::String)) {
      const std::string value = string_value(key);  // "" for f-strings too
      return value.empty() ? std::string() : "s:" + value;
    }
    if (is(key, NodeType::Integer)) return "i:" + std::string(text(key));
    return {};
  }
  TSNode child(TSNode node, Field field) const { return syntax_.child(node, field); }
  bool is(TSNode node, NodeType type) const { return syntax_.is(node, type); }

  // The method a binary or unary operator node runs on its (left) operand;
  // empty for an operator without one.
  std::string_view operator_method(TSNode node) const { return operator_method(node, operator_parts(node).second); }
  std::string_view operator_method(TSNode node, TSNode op) const {
    if (ts_node_is_null(op)) return {};
    const std::string_view token = ts_node_type(op);
    if (is(node, NodeType::UnaryOperator)) {
      return token == "-" ? "__neg__" : token == "+" ? "__pos__" : token == "~" ? "__invert__" : "";
    }
    return binary_method(token);
  }

  // An operator node's operand (a binary one's left, a unary one's
  // argument) and its operator token, by position: the grammar puts them
  // first (`left op right`, `op argument`), where ts_node_child_by_field_id
  // scans the children and the field map again for each, at every level of
  // a long `a + b + ...`. A comment among them falls back to the fields.
  std::pair<TSNode, TSNode> operator_parts(TSNode node) const {
    const bool binary = is(node, NodeType::BinaryOperator);
    if (ts_node_child_count(node) >= 2) {
      const TSNode first = ts_node_child(node, 0);
      const TSNode second = ts_node_child(node, 1);
      if (!ts_node_is_extra(first) && !ts_node_is_extra(second)) {
        return binary ? std::pair{first, second} : std::pair{second, first};
      }
    }
    return {child(node, binary ? Field::Left : Field::Argument), child(node, Field::Operator)};
  }

  LinkChain links_of(TSNode node) const {
    LinkChain chain;
    if (!ts_node_is_null(node)) append_links(node, chain, 0, false);
    return chain;
  }

  // links_of when no part is opaque, else empty. It stops at the first
  // opaque part: each operator of a long `a + b + ...` reads its left
  // operand, and past kMaxChainDepth those chains would be built only to be
  // dropped.
  LinkChain value_links(TSNode node) const {
    LinkChain chain;
    if (ts_node_is_null(node) || !append_links(node, chain, 0, true)) chain.clear();
    return chain;
  }

  // The text of a string literal without quotes or prefixes ("" for f-strings
  // with interpolations, which have no fixed text).
  std::string string_value(TSNode node) const {
    std::string value;
    const std::uint32_t count = ts_node_named_child_count(node);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_named_child(node, i);
      const NodeType type = syntax_.type(part);
      if (type == NodeType::Interpolation) return {};
      if (type == NodeType::StringContent) value += text(part);
    }
    return value;
  }

  // The class a type annotation names: `Service`, `models.Service`,
  // `"Service"`, `Optional[Service]`, `Service | None`. Empty when it names
  // no single class.
  LinkChain annotation_links(TSNode node, int depth = 0) const {
    if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
    const NodeType type = syntax_.type(node);
    if (type == NodeType::Type && ts_node_named_child_count(node) == 1) {
      return annotation_links(ts_node_named_child(node, 0), depth + 1);
    }
    if (type == NodeType::Identifier || type == NodeType::Attribute) return links_of(node);
    if (type == NodeType::String) {
      const std::string value = string_value(node);
      return value.empty() ? LinkChain{} : dotted_links(value);
    }
    if (type == NodeType::GenericType || type == NodeType::Subscript) {
      // Optional[X] names X; other generics (list[X], Dict[K, V]) name no single class.
      const bool subscript = type == NodeType::Subscript;
      const TSNode head = subscript ? child(node, Field::Value) : ts_node_named_child(node, 0);
      const LinkChain head_links = links_of(head);
      if (!head_links.empty() && head_links.back().text == "Optional") {
        TSNode argument = subscript ? child(node, Field::Subscript) : ts_node_named_child(node, 1);
        if (is(argument, NodeType::TypeParameter)) argument = ts_node_named_child(argument, 0);
        return annotation_links(argument, depth + 1);
      }
      return {};
    }
    if (type == NodeType::BinaryOperator || type == NodeType::UnionType) {
      // X | None names X.
      const bool binary = type == NodeType::BinaryOperator;
      const TSNode left = binary ? child(node, Field::Left) : ts_node_named_child(node, 0);
      const TSNode right = binary ? child(node, Field::Right) : ts_node_named_child(node, 1);
      const bool left_none = is(left, NodeType::None) || text(left) == "None";
      const bool right_none = is(right, NodeType::None) || text(right) == "None";
      if (right_none && !left_none) return annotation_links(left, depth + 1);
      if (left_none && !right_none) return annotation_links(right, depth + 1);
      return {};
    }
    return {};
  }

  // Whether `node` sits in the body of an `if TYPE_CHECKING:` of its own scope.
  bool under_type_checking(TSNode node) const {
    // Finding a node's parent starts from the root: not done for the many
    // files that never name TYPE_CHECKING.
    if (!mentions_type_checking_) return false;
    for (TSNode at = node, parent = ts_node_parent(node); !ts_node_is_null(parent);
         at = parent, parent = ts_node_parent(parent)) {
      if (is(parent, NodeType::ClassDefinition) || is(parent, NodeType::FunctionDefinition)) return false;
      if (!is(parent, NodeType::IfStatement) || !ts_node_eq(child(parent, Field::Consequence), at)) continue;
      const std::string_view condition = text(child(parent, Field::Condition));
      if (condition == "TYPE_CHECKING" || condition.ends_with(".TYPE_CHECKING")) return true;
    }
    return false;
  }

  Definition read_definition(const OpenDefinition& open) const {
    Definition definition;
    if (open.is_lambda) {
      definition.label = Label::Function;
      definition.span = span_of(open.node);
      read_parameters(child(open.node, Field::Parameters), definition);
      return definition;
    }
    definition.label = open.is_class ? Label::Class : Label::Function;
    definition.name = std::string(text(child(open.node, Field::Name)));
    definition.span = span_of(open.node);
    definition.docstring = docstring_of(open.node);
    definition.typing_only = under_type_checking(open.node);
    if (!ts_node_is_null(open.decorated)) {
      const std::uint32_t count = ts_node_named_child_count(open.decorated);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode decorator = ts_node_named_child(open.decorated, i);
        if (!is(decorator, NodeType::Decorator) || ts_node_named_child_count(decorator) == 0) continue;
        definition.decorators.emplace_back(text(ts_node_named_child(decorator, 0)));
      }
    }
    if (!open.is_class) {
      definition.is_async = ts_node_child_count(open.node) > 0 && is(ts_node_child(open.node, 0), NodeType::Async);
      read_parameters(child(open.node, Field::Parameters), definition);
      definition.return_annotation = annotation_links(child(open.node, Field::ReturnType));
    }
    return definition;
  }

  void read_import(TSNode node, bool is_from, ScopeIndex scope, std::vector<Import>& out) const {
    Import base;
    base.scope = scope;
    base.line = line_of(ts_node_start_point(node));
    base.is_from = is_from;
    if (is_from) {
      const TSNode module = child(node, Field::ModuleName);
      if (is(module, NodeType::RelativeImport)) {
        const std::uint32_t count = ts_node_named_child_count(module);
        for (std::uint32_t i = 0; i < count; ++i) {
          const TSNode part = ts_node_named_child(module, i);
          if (is(part, NodeType::ImportPrefix)) {
            const std::string_view dots = text(part);
            base.level = static_cast<std::uint32_t>(std::count(dots.begin(), dots.end(), '.'));
          } else if (is(part, NodeType::DottedName)) {
            base.module = std::string(text(part));
          }
        }
      } else {
        base.module = std::string(text(module));
      }
    }
    const std::uint32_t count = ts_node_named_child_count(node);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode item = ts_node_named_child(node, i);
      const char* field = ts_node_field_name_for_named_child(node, i);
      const bool is_name = field != nullptr && std::string_view(field) == "name";
      Import import = base;
      if (is(item, NodeType::WildcardImport)) {
        import.name.assign(1, '*');
      } else if (!is_name) {
        continue;
      } else if (is(item, NodeType::AliasedImport)) {
        import.alias = std::string(text(child(item, Field::Alias)));
        set_imported(import, text(child(item, Field::Name)));
      } else {
        set_imported(import, text(item));
      }
      out.push_back(std::move(import));
    }
  }

  void read_all_names(TSNode list, FileFacts& facts) const {
    if (!is(list, NodeType::List) && !is(list, NodeType::Tuple)) return;
    facts.has_all = true;
    const std::uint32_t count = ts_node_named_child_count(list);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode item = ts_node_named_child(list, i);
      if (is(item, NodeType::String)) {
        std::string value = string_value(item);
        if (!value.empty()) facts.all_names.push_back(std::move(value));
      }
    }
  }

 private:
  // Appends node's links to out; false when a part is opaque. `strict`
  // stops there, else an Opaque link stands for the part and the rest follows.
  bool append_links(TSNode node, LinkChain& out, int depth, bool strict) const {
    const auto opaque = [&] {
      if (!strict) out.push_back({Link::Kind::Opaque, {}});
      return false;
    };
    deepest_ = std::max(deepest_, depth);
    if (depth > kMaxChainDepth) return opaque();
    const NodeType type = syntax_.type(node);
    if (type == NodeType::Identifier) {
      out.push_back({Link::Kind::Name, std::string(text(node))});
      return true;
    }
    if (type == NodeType::Attribute) {
      const bool whole = append_links(child(node, Field::Object), out, depth + 1, strict);
      if (!whole && strict) return false;
      out.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Attribute)))});
      return whole;
    }
    if (type == NodeType::Call) {
      const bool whole = append_links(child(node, Field::Function), out, depth + 1, strict);
      if (!whole && strict) return false;
      out.push_back({Link::Kind::Call, {}});
      return whole;
    }
    if (type == NodeType::ParenthesizedExpression && ts_node_named_child_count(node) == 1) {
      return append_links(ts_node_named_child(node, 0), out, depth + 1, strict);
    }
    if (type == NodeType::Subscript) {
      const bool whole = append_links(child(node, Field::Value), out, depth + 1, strict);
      if (!whole && strict) return false;
      // A slice is a container of the same elements: `x[n:]` or `x[n:m]`
      // shifted by n (an Element link "x:<n>"), any other the same one.
      // One key of several (`x[a, b]`) is no literal key.
      const TSNode key = child(node, Field::Subscript);
      if (is(key, NodeType::Slice)) {
        if (const std::string start = slice_start(key); !start.empty()) out.push_back({Link::Kind::Element, "x:" + start});
        return whole;
      }
      // A name as key (`xs[i]`) is "n:<name>": the resolver reads the literal it may hold.
      const bool single = ts_node_named_child_count(node) == 2;
      out.push_back({Link::Kind::Element, !single                        ? std::string()
                                          : is(key, NodeType::Identifier) ? "n:" + std::string(text(key))
                                                                          : element_key(key)});
      return whole;
    }
    if (type == NodeType::BinaryOperator || type == NodeType::UnaryOperator) {
      return strict ? append_operator_memoised(node, out, depth) : append_operator(node, out, depth, strict);
    }
    if (type == NodeType::Await && ts_node_named_child_count(node) == 1) {
      return append_links(ts_node_named_child(node, 0), out, depth + 1, strict);
    }
    if (type == NodeType::Lambda) {
      const std::uint32_t start = ts_node_start_byte(node);
      const auto it = std::lower_bound(lambda_names_.begin(), lambda_names_.end(), start,
                                       [](const auto& entry, std::uint32_t b) { return entry.first < b; });
      if (it == lambda_names_.end() || it->first != start) return opaque();
      out.push_back({Link::Kind::Name, it->second});
      return true;
    }
    if (const std::string_view literal = literal_type(type); !literal.empty()) {
      out.push_back({Link::Kind::Literal, std::string(literal)});
      return true;
    }
    return opaque();
  }

  // `a + b` is a.__add__(b), `-a` a.__neg__(): what the method returns.
  bool append_operator(TSNode node, LinkChain& out, int depth, bool strict) const {
    const auto [operand, op] = operator_parts(node);
    const std::string_view method = operator_method(node, op);
    if (method.empty()) {
      if (!strict) out.push_back({Link::Kind::Opaque, {}});
      return false;
    }
    const bool whole = append_links(operand, out, depth + 1, strict);
    if (!whole && strict) return false;
    out.push_back({Link::Kind::Attribute, std::string(method)});
    out.push_back({Link::Kind::Call, {}});
    return whole;
  }

  // Each operator of `a + b + c + ...` reads its left operand's chain, so
  // a strict walk of the same levels again for each would be quadratic in
  // tree reads: an operator's whole chain is kept, with how many levels it
  // reads below itself, and copied when it is asked again at a depth that
  // leaves it as many (past kMaxChainDepth it would be opaque); one that is
  // opaque is kept with the depth it was read at, as it is from there down.
  bool append_operator_memoised(TSNode node, LinkChain& out, int depth) const {
    if (const auto it = operator_chains_.find(node.id); it != operator_chains_.end()) {
      const OperatorChain& known = it->second;
      if (known.whole && depth + known.height <= kMaxChainDepth) {
        out.insert(out.end(), known.links.begin(), known.links.end());
        deepest_ = std::max(deepest_, depth + known.height);
        return true;
      }
      if (known.whole || depth >= known.opaque_from) return false;
    }
    const std::size_t start = out.size();
    const int outer_deepest = std::exchange(deepest_, depth);
    const bool whole = append_operator(node, out, depth, true);
    const int height = deepest_ - depth;
    deepest_ = std::max(outer_deepest, deepest_);
    OperatorChain& known = operator_chains_[node.id];
    known = whole ? OperatorChain{LinkChain(out.begin() + static_cast<std::ptrdiff_t>(start), out.end()), height, true, 0}
                  : OperatorChain{{}, 0, false, depth};
    return whole;
  }

 public:
  // Reads an operator's chain ahead, innermost operators first (then each
  // is its operand's, already kept, plus one level), so that the
  // extraction's reads in source order find them all.
  void read_operator_ahead(TSNode node) const {
    if (!is(node, NodeType::BinaryOperator) && !is(node, NodeType::UnaryOperator)) return;
    LinkChain scratch;
    append_operator_memoised(node, scratch, 0);
  }

 private:
  // The literal start of a slice without a step (`1` of `xs[1:3]`); empty
  // for any other slice, or one from the start.
  std::string slice_start(TSNode slice) const {
    TSNode start{};
    int colons = 0;
    const std::uint32_t count = ts_node_child_count(slice);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode part = ts_node_child(slice, i);
      if (!ts_node_is_named(part)) {
        ++colons;
      } else if (colons == 0) {
        start = part;
      } else if (colons >= 2) {
        return {};  // a step
      }
    }
    if (ts_node_is_null(start) || !is(start, NodeType::Integer)) return {};
    const std::string_view digits = text(start);
    if (digits.empty() || digits.size() > 6 || digits == "0" ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
      return {};
    }
    return std::string(digits);
  }

  std::string docstring_of(TSNode definition) const {
    const TSNode body = child(definition, Field::Body);
    if (ts_node_is_null(body) || ts_node_named_child_count(body) == 0) return {};
    const TSNode first = ts_node_named_child(body, 0);
    if (!is(first, NodeType::ExpressionStatement) || ts_node_named_child_count(first) != 1) return {};
    const TSNode literal = ts_node_named_child(first, 0);
    if (!is(literal, NodeType::String)) return {};
    return string_value(literal);
  }

  void read_parameters(TSNode parameters, Definition& definition) const {
    if (ts_node_is_null(parameters)) return;  // `lambda: x`
    const std::uint32_t count = ts_node_named_child_count(parameters);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode parameter = ts_node_named_child(parameters, i);
      const NodeType type = syntax_.type(parameter);
      TSNode name;
      const TSNode annotation = child(parameter, Field::Type);
      if (type == NodeType::Identifier) {
        name = parameter;
      } else if (type == NodeType::TypedParameter) {
        name = ts_node_named_child(parameter, 0);
      } else {
        name = child(parameter, Field::Name);
      }
      if (type == NodeType::ListSplatPattern || type == NodeType::DictionarySplatPattern) {
        name = ts_node_named_child(parameter, 0);
      }
      const bool plain_name = is(name, NodeType::Identifier);
      if (plain_name) definition.parameters.emplace_back(text(name));
      if (plain_name && (type == NodeType::DefaultParameter || type == NodeType::TypedDefaultParameter)) {
        definition.defaulted |= std::uint64_t{1} << std::min<std::size_t>(definition.parameters.size() - 1, 63);
      }
      if (i == 0 && plain_name) definition.first_parameter = std::string(text(name));
      if (plain_name && (type == NodeType::ListSplatPattern || type == NodeType::DictionarySplatPattern)) {
        // `*args` is a tuple, `**kwargs` a dict, whatever their elements' annotation says.
        definition.annotated_parameters.emplace_back(
            std::string(text(name)), LinkChain{{Link::Kind::Name, type == NodeType::ListSplatPattern ? "tuple" : "dict"}});
      } else if (plain_name && !ts_node_is_null(annotation)) {
        LinkChain links = annotation_links(annotation);
        if (!links.empty() && !is_opaque(links)) {
          definition.annotated_parameters.emplace_back(std::string(text(name)), std::move(links));
        }
      }
    }
  }

  // `import a.b` names a module; `from m import a` names something in m.
  static void set_imported(Import& import, std::string_view name) {
    if (import.is_from) {
      import.name.assign(name.data(), name.size());
    } else {
      import.module.assign(name.data(), name.size());
    }
  }

  const PythonSyntax& syntax_;
  std::string_view source_;
  bool mentions_type_checking_;
  std::vector<std::pair<std::uint32_t, std::string>> lambda_names_;
  // append_operator_memoised's chains, by operator node.
  struct OperatorChain {
    LinkChain links;
    int height;       // whole: levels read below the operator
    bool whole;       // else opaque when read at opaque_from or deeper
    int opaque_from;
  };
  mutable std::unordered_map<const void*, OperatorChain> operator_chains_;
  mutable int deepest_ = 0;  // the deepest level append_links reached in the current walk
};

// The caller of a call in `index`: functions, methods or the module run
// calls; class bodies run as part of the enclosing scope.
ScopeIndex caller_of(std::span<const Definition> definitions, ScopeIndex index) {
  while (index != kModuleScope && definitions[index].label == Label::Class) index = definitions[index].parent;
  return index;
}

// How many named children a node has (0 for a null node: broken input
// leaves fields empty, and tree-sitter does not check).
std::uint32_t named_count(TSNode node) { return ts_node_is_null(node) ? 0 : ts_node_named_child_count(node); }

bool is_scalar_literal(const LinkChain& chain) {
  if (chain.size() != 1 || chain[0].kind != Link::Kind::Literal) return false;
  const std::string& type = chain[0].text;
  return type != "list" && type != "dict" && type != "set" && type != "tuple";
}

LinkChain with_link(LinkChain chain, Link::Kind kind, std::string text = {}) {
  chain.push_back({kind, std::move(text)});
  return chain;
}

// The first bytes of the bodies of functions and classes, sorted: a block
// starting at one is a scope's own block.
class ScopeBodies {
 public:
  explicit ScopeBodies(std::vector<std::uint32_t> starts) : starts_(std::move(starts)) {
    std::sort(starts_.begin(), starts_.end());
  }
  bool holds(TSNode block) const { return std::binary_search(starts_.begin(), starts_.end(), ts_node_start_byte(block)); }
  // What Assignment::block_end says of a statement whose innermost block
  // is `block` (a null node at module level).
  std::uint32_t block_end(const FactReader& reader, TSNode block) const {
    return !reader.is(block, NodeType::Block) || holds(block) ? 0xFFFFFFFFu : last_line_of(block);
  }

 private:
  std::vector<std::uint32_t> starts_;
};

// Each assignment's (or call's) innermost enclosing block's last line, or
// kNoLine when that is a scope's own block (blocks nest, so one sweep in
// line order with a stack of open blocks finds them). `blocks` are sorted
// by their first byte.
template <class Statement>
void set_block_ends(std::span<const TSNode> blocks, const ScopeBodies& bodies, std::vector<Statement>& statements) {
  struct Open {
    std::uint32_t last_line;
    std::uint32_t block_end;
  };
  std::vector<Open> open;  // the blocks holding the line reached
  std::size_t next = 0;
  for (Statement& statement : statements) {  // sorted by line
    const std::uint32_t line = statement.line;
    while (next < blocks.size() && line_of(ts_node_start_point(blocks[next])) <= line) {
      const std::uint32_t first = line_of(ts_node_start_point(blocks[next]));
      while (!open.empty() && open.back().last_line < first) open.pop_back();
      const std::uint32_t last = last_line_of(blocks[next]);
      open.push_back({last, bodies.holds(blocks[next]) ? 0xFFFFFFFFu : last});
      ++next;
    }
    while (!open.empty() && open.back().last_line < line) open.pop_back();
    statement.block_end = open.empty() ? 0xFFFFFFFFu : open.back().block_end;
  }
}

// An if/elif/else whose every branch assigns a name (in its own
// statements) overwrites what the name held: the last of those assignments
// dominates the if's block, and those from the if on are its alternatives.
// `assignments` are sorted by line, their block ends set.
void mark_exhaustive_branches(const FactReader& reader, const ScopeBodies& scope_bodies, TSNode statement,
                              std::vector<Assignment>& assignments) {
  std::vector<TSNode> bodies{reader.child(statement, Field::Consequence)};
  bool has_else = false;
  const std::uint32_t count = ts_node_named_child_count(statement);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode clause = ts_node_named_child(statement, i);
    if (reader.is(clause, NodeType::ElifClause)) bodies.push_back(reader.child(clause, Field::Consequence));
    if (reader.is(clause, NodeType::ElseClause)) {
      bodies.push_back(reader.child(clause, Field::Body));
      has_else = true;
    }
  }
  if (!has_else) return;
  // Per branch: each name its statements assign, with the line of the last.
  std::vector<std::pair<std::string_view, std::uint32_t>> common;
  for (std::size_t b = 0; b < bodies.size(); ++b) {
    if (ts_node_is_null(bodies[b])) return;
    std::vector<std::pair<std::string_view, std::uint32_t>> assigned;
    const std::uint32_t statements = ts_node_named_child_count(bodies[b]);
    for (std::uint32_t s = 0; s < statements; ++s) {
      const TSNode line = ts_node_named_child(bodies[b], s);
      if (!reader.is(line, NodeType::ExpressionStatement) || ts_node_named_child_count(line) != 1) continue;
      const TSNode assignment = ts_node_named_child(line, 0);
      if (!reader.is(assignment, NodeType::Assignment)) continue;
      const TSNode left = reader.child(assignment, Field::Left);
      if (!reader.is(left, NodeType::Identifier)) continue;
      const std::string_view name = reader.text(left);
      const std::uint32_t at = line_of(ts_node_start_point(assignment));
      const auto it = std::find_if(assigned.begin(), assigned.end(), [&](const auto& a) { return a.first == name; });
      if (it == assigned.end()) {
        assigned.emplace_back(name, at);
      } else {
        it->second = at;
      }
    }
    if (b == 0) {
      common = std::move(assigned);
    } else {
      std::erase_if(common, [&](auto& c) {
        const auto it = std::find_if(assigned.begin(), assigned.end(), [&](const auto& a) { return a.first == c.first; });
        if (it == assigned.end()) return true;
        c.second = it->second;  // the last branch's line
        return false;
      });
    }
    if (common.empty()) return;
  }
  const std::uint32_t block_end = scope_bodies.block_end(reader, ts_node_parent(statement));
  const std::uint32_t first = line_of(ts_node_start_point(statement));
  for (const auto& [name, at] : common) {
    const auto line = std::lower_bound(assignments.begin(), assignments.end(), at,
                                       [](const Assignment& a, std::uint32_t l) { return a.line < l; });
    for (auto it = line; it != assignments.end() && it->line == at; ++it) {
      if (it->target.size() == 1 && it->target[0].kind == Link::Kind::Name && it->target[0].text == name) {
        it->block_end = block_end;
        it->branches_from = first;
      }
    }
  }
}

// Whether a `break` in `body` may leave the loop around it: any break
// outside the functions and classes it defines (one in a nested loop is
// counted too, which only keeps what the loop's else assigns from
// dominating).
bool may_break(const FactReader& reader, TSNode body) {
  if (ts_node_is_null(body)) return false;
  TsTreeCursor cursor(body);
  TSTreeCursor* at = cursor.get();
  for (;;) {
    const TSNode node = ts_tree_cursor_current_node(at);
    if (reader.is(node, NodeType::BreakStatement)) return true;
    const bool nested_scope = reader.is(node, NodeType::FunctionDefinition) || reader.is(node, NodeType::ClassDefinition);
    if (!nested_scope && ts_tree_cursor_goto_first_child(at)) continue;
    while (!ts_tree_cursor_goto_next_sibling(at)) {
      if (!ts_tree_cursor_goto_parent(at)) return false;
    }
  }
}

// A loop's else runs whenever the loop ends without `break`: with no break
// in the body, what the else's own statements assign dominates the block
// the loop stands in, as if it followed the loop. `assignments` are sorted
// by line, their block ends set.
void mark_loop_else(const FactReader& reader, const ScopeFinder& scopes, const ScopeBodies& bodies, TSNode loop,
                    std::vector<Assignment>& assignments) {
  const TSNode alternative = reader.child(loop, Field::Alternative);
  if (ts_node_is_null(alternative) || may_break(reader, reader.child(loop, Field::Body))) return;
  const TSNode body = reader.child(alternative, Field::Body);
  if (ts_node_is_null(body)) return;
  const std::uint32_t block_end = bodies.block_end(reader, ts_node_parent(loop));
  const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(loop));
  const std::uint32_t statements = ts_node_named_child_count(body);
  for (std::uint32_t s = 0; s < statements; ++s) {
    const TSNode line = ts_node_named_child(body, s);
    if (!reader.is(line, NodeType::ExpressionStatement) || ts_node_named_child_count(line) != 1) continue;
    const TSNode assignment = ts_node_named_child(line, 0);
    if (!reader.is(assignment, NodeType::Assignment)) continue;
    const std::uint32_t at = line_of(ts_node_start_point(assignment));
    const auto first = std::lower_bound(assignments.begin(), assignments.end(), at,
                                        [](const Assignment& a, std::uint32_t l) { return a.line < l; });
    for (auto it = first; it != assignments.end() && it->line == at; ++it) {
      if (it->scope == scope) it->block_end = std::max(it->block_end, block_end);
    }
  }
}

// Sorts calls by line, keeping the order of those on one line, as
// std::stable_sort would. They come in runs that are each in line order
// (the calls, the decorators', the statements' implicit calls, each from
// the walk in source order), which are merged: a stable sort would move
// the heavy call sites log n times.
void sort_by_line(std::vector<CallSite>& calls, std::span<const std::size_t> run_starts) {
  const auto by_line = [](const CallSite& a, const CallSite& b) { return a.line < b.line; };
  const auto at = [&](std::size_t i) { return calls.begin() + static_cast<std::ptrdiff_t>(i); };
  std::vector<std::size_t> bounds{0};
  bounds.insert(bounds.end(), run_starts.begin(), run_starts.end());
  bounds.push_back(calls.size());
  for (std::size_t k = 0; k + 1 < bounds.size(); ++k) {
    if (bounds[k] > bounds[k + 1] || !std::is_sorted(at(bounds[k]), at(bounds[k + 1]), by_line)) {
      std::stable_sort(calls.begin(), calls.end(), by_line);
      return;
    }
  }
  for (std::size_t k = 1; k + 1 < bounds.size(); ++k) std::inplace_merge(calls.begin(), at(bounds[k]), at(bounds[k + 1]), by_line);
}

// The facts of what flows where, beyond a call: assignments (plain,
// chained, destructured, into containers' elements), what `return`, `for`
// and `with` bind, and the calls that decorators, `with`, `for` and
// `raise E` make without a call's syntax.
class FlowWriter {
 public:
  FlowWriter(const FactReader& reader, const ScopeFinder& scopes, FileFacts& facts, TSNode root)
      : reader_(reader), scopes_(scopes), facts_(facts), children_(root) {}

  void assignment(TSNode statement, bool augmented) {
    const ScopeIndex scope = scope_of(statement);
    const std::uint32_t line = line_of(ts_node_start_point(statement));
    const TSNode left = reader_.child(statement, Field::Left);
    const TSNode right = reader_.child(statement, Field::Right);
    if (scope == kModuleScope && reader_.is(left, NodeType::Identifier) && reader_.text(left) == "__all__") {
      if (!augmented) facts_.all_names.clear();
      reader_.read_all_names(right, facts_);
      return;
    }
    if (augmented) {
      // `x += y` rebinds x to what x held (a list or an object updated in
      // place), a literal now of unknown value: [Name x, Opaque "+="]. Only
      // where names keep their literals (see literal_or_chain).
      if (reader_.is(left, NodeType::Identifier) && keeps_literals(scope)) {
        const std::string name(reader_.text(left));
        push(scope, line, {{Link::Kind::Name, name}}, {{Link::Kind::Name, name}, {Link::Kind::Opaque, "+="}}, {});
      }
      return;
    }
    // `a = b = f`: the inner assignment is a statement of its own.
    const LinkChain annotation = reader_.annotation_links(reader_.child(statement, Field::Type));
    assign_node(scope, line, left, innermost(right), annotation, 0);
  }

  // A generator returns an iterable of what it yields (`yield from xs`:
  // of xs's elements).
  void yielded(TSNode node) {
    const ScopeIndex scope = scope_of(node);
    if (scope == kModuleScope || named_count(node) == 0) return;
    const std::uint32_t line = line_of(ts_node_start_point(node));
    const LinkChain generator{{Link::Kind::Name, "return"}};
    push(scope, line, generator, {{Link::Kind::Literal, "list"}}, {});
    const bool from = !ts_node_is_null(node) && ts_node_child_count(node) > 1 && reader_.text(ts_node_child(node, 1)) == "from";
    LinkChain value = value_chain(ts_node_named_child(node, 0));
    if (value.empty() || is_scalar_literal(value)) return;
    if (from) value.push_back({Link::Kind::Element, {}});
    push(scope, line, with_link(generator, Link::Kind::Element), std::move(value), {});
  }

  void lambda_body(ScopeIndex lambda, TSNode body) {
    if (ts_node_is_null(body)) return;
    assign_value(lambda, line_of(ts_node_start_point(body)), {{Link::Kind::Name, "return"}}, body, {});
  }

  void returned(TSNode statement) {
    const ScopeIndex scope = scope_of(statement);
    if (scope == kModuleScope || named_count(statement) == 0) return;
    const TSNode value = ts_node_named_child(statement, 0);
    assign_value(scope, line_of(ts_node_start_point(statement)), {{Link::Kind::Name, "return"}}, value, {});
  }

  // `for target in xs:` binds target to an element of xs, and calls
  // xs.__iter__() and that iterator's __next__().
  void loop(TSNode statement) {
    const ScopeIndex scope = scope_of(statement);
    const std::uint32_t line = line_of(ts_node_start_point(statement));
    const TSNode right = reader_.child(statement, Field::Right);
    const LinkChain iterable = value_chain(right);
    if (iterable.empty()) return;
    const TSNode left = reader_.child(statement, Field::Left);
    if (is_sequence(reader_, right) || reader_.is(right, NodeType::Set)) {
      // `for f in (a, b):` binds each element in turn.
      const std::vector<TSNode> items = named_children(right);
      for (std::size_t i = 0; i < items.size() && i < kMaxElements; ++i) {
        if (!reader_.is(items[i], NodeType::ListSplat)) assign_node(scope, line, left, items[i], {}, 0);
      }
    } else {
      assign_chain(scope, line, left, with_link(iterable, Link::Kind::Element), 0);
    }
    const LinkChain iter = with_link(iterable, Link::Kind::Attribute, "__iter__");
    implicit_call(scope, line, iter, "__iter__");
    implicit_call(scope, line, with_link(with_link(iter, Link::Kind::Call), Link::Kind::Attribute, "__next__"),
                  "__next__");
  }

  // `with cm as target:` calls cm.__enter__() and cm.__exit__(); target is
  // what __enter__ returns.
  void with_item(TSNode item) {
    TSNode value = reader_.child(item, Field::Value);
    TSNode target{};
    if (reader_.is(value, NodeType::AsPattern) && named_count(value) >= 1) {
      const TSNode alias = reader_.child(value, Field::Alias);
      if (!ts_node_is_null(alias) && named_count(alias) == 1) target = ts_node_named_child(alias, 0);
      value = ts_node_named_child(value, 0);
    }
    const LinkChain manager = value_chain(value);
    if (manager.empty()) return;
    const ScopeIndex scope = scope_of(item);
    const std::uint32_t line = line_of(ts_node_start_point(item));
    const LinkChain enter = with_link(manager, Link::Kind::Attribute, "__enter__");
    implicit_call(scope, line, enter, "__enter__");
    implicit_call(scope, line, with_link(manager, Link::Kind::Attribute, "__exit__"), "__exit__");
    if (!ts_node_is_null(target)) assign_chain(scope, line, target, with_link(enter, Link::Kind::Call), 0);
  }

  // An operator calls a dunder method of its operand: `a + b` a.__add__,
  // `-a` a.__neg__, `a < b` a.__lt__, `k in c` c.__contains__, `a += b`
  // a.__iadd__ (the resolver falls back to __add__), `x[k]` x.__getitem__,
  // `x[k] = v` x.__setitem__, `del x[k]` x.__delitem__. Operands that are
  // literals or no chain of names are left out.
  void operation(TSNode node, TSNode parent) {
    const ScopeIndex scope = scope_of(node);
    const std::uint32_t line = line_of(ts_node_start_point(node));
    const auto call = [&](TSNode operand, std::string_view method) {
      if (method.empty() || ts_node_is_null(operand)) return;
      LinkChain chain = value_chain(operand);
      if (chain.empty() || chain[0].kind == Link::Kind::Literal) return;
      chain.push_back({Link::Kind::Attribute, std::string(method)});
      implicit_call(scope, line, std::move(chain), method);
    };
    const auto token = [](TSNode op) { return ts_node_is_null(op) ? std::string_view() : std::string_view(ts_node_type(op)); };
    if (reader_.is(node, NodeType::BinaryOperator) || reader_.is(node, NodeType::UnaryOperator)) {
      const auto [operand, op] = reader_.operator_parts(node);
      call(operand, reader_.operator_method(node, op));
    } else if (reader_.is(node, NodeType::AugmentedAssignment)) {
      const std::string_view op = token(reader_.child(node, Field::Operator));
      if (op.size() >= 2 && op.back() == '=') {
        const std::string_view binary = binary_method(op.substr(0, op.size() - 1));
        if (!binary.empty()) call(reader_.child(node, Field::Left), "__i" + std::string(binary.substr(2)));
      }
    } else if (reader_.is(node, NodeType::ComparisonOperator)) {
      // Operands are the named children, operators the others between them.
      TSNode left{};
      std::string_view op;
      const std::uint32_t count = ts_node_child_count(node);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode child = ts_node_child(node, i);
        if (!ts_node_is_named(child)) {
          op = ts_node_type(child);
          continue;
        }
        if (!op.empty() && !ts_node_is_null(left)) {
          if (op == "in" || op == "not in") {
            call(child, "__contains__");
          } else {
            call(left, comparison_method(op));
          }
        }
        left = child;
        op = {};
      }
    } else if (reader_.is(node, NodeType::Subscript)) {
      std::string_view method = "__getitem__";
      if ((reader_.is(parent, NodeType::Assignment) || reader_.is(parent, NodeType::AugmentedAssignment)) &&
          ts_node_eq(reader_.child(parent, Field::Left), node)) {
        if (reader_.is(parent, NodeType::AugmentedAssignment)) call(reader_.child(node, Field::Value), "__getitem__");
        method = "__setitem__";
      } else if (reader_.is(parent, NodeType::DeleteStatement)) {
        method = "__delitem__";
      }
      call(reader_.child(node, Field::Value), method);
    }
  }

  // `raise E` constructs E (`raise E()` is a call already).
  void raised(TSNode statement) {
    if (named_count(statement) == 0) return;
    const TSNode exception = ts_node_named_child(statement, 0);
    if (!reader_.is(exception, NodeType::Identifier) && !reader_.is(exception, NodeType::Attribute)) return;
    CallSite site;
    site.scope = scope_of(statement);
    site.caller = caller_of(facts_.definitions, site.scope);
    site.line = line_of(ts_node_start_point(statement));
    site.callee = reader_.links_of(exception);
    site.text = std::string(reader_.text(exception).substr(0, kMaxCallText));
    facts_.calls.push_back(std::move(site));
  }

  // Applying a decorator calls it, in the scope around the definition.
  void decorator(TSNode decorator, ScopeIndex definition) {
    if (named_count(decorator) == 0) return;
    const TSNode expression = ts_node_named_child(decorator, 0);
    const LinkChain callee = value_chain(expression);
    if (callee.empty()) return;
    const ScopeIndex scope = facts_.definitions[definition].parent;
    CallSite site;
    site.scope = scope;
    site.caller = caller_of(facts_.definitions, scope);
    site.line = line_of(ts_node_start_point(decorator));
    site.callee = callee;
    site.text = std::string(reader_.text(expression).substr(0, kMaxCallText));
    // What it is applied to (the definition, or what the decorator below
    // made of it) the resolver takes from the definition's decorators.
    site.implicit = true;
    facts_.calls.push_back(std::move(site));
  }

  // A call's arguments that may carry a function, class, object or
  // container, or a key: an integer or a short string literal is the one
  // link [Element "i:<n>"] or [Element "s:<text>"], the key it selects as a
  // subscript (`xs[i]` with i its parameter); other scalar literals are left
  // empty. None when no argument may carry anything.
  void arguments(TSNode call, CallSite& site) {
    const TSNode list = reader_.child(call, Field::Arguments);
    const std::uint32_t count = named_count(list);
    // Most calls pass a few arguments: reading them by index costs less than
    // a cursor pass, which pays off for long lists only.
    const std::vector<TSNode> items = count > 8 ? named_children(list) : std::vector<TSNode>{};
    bool any = false;
    bool keywords = false;
    for (std::uint32_t i = 0; i < count && i < kMaxElements; ++i) {
      const TSNode argument = items.empty() ? ts_node_named_child(list, i) : items[i];
      std::string keyword;
      TSNode value = argument;
      if (reader_.is(argument, NodeType::KeywordArgument)) {
        keyword = std::string(reader_.text(reader_.child(argument, Field::Name)));
        value = reader_.child(argument, Field::Value);
        keywords = true;
      } else if (reader_.is(argument, NodeType::ListSplat) || reader_.is(argument, NodeType::DictionarySplat)) {
        keyword = reader_.is(argument, NodeType::ListSplat) ? "*" : "**";
        keywords = true;
        value = TSNode{};
      }
      LinkChain chain = ts_node_is_null(value) ? LinkChain{} : value_chain(value);
      if (is_scalar_literal(chain)) {
        chain.clear();
        if (std::string key = reader_.element_key(value); !key.empty() && key.size() <= kMaxKeyArgument) {
          chain.push_back({Link::Kind::Element, std::move(key)});
        }
      }
      any = any || !chain.empty();
      site.arguments.push_back(std::move(chain));
      site.keywords.push_back(std::move(keyword));
    }
    if (!any) {
      site.arguments.clear();
      site.keywords.clear();
    } else if (!keywords) {
      site.keywords.clear();
    }
    container_call(site, list);
  }

 private:
  ScopeIndex scope_of(TSNode node) const { return scopes_.scope_at(ts_node_start_byte(node)); }

  // ts_node_named_child(node, i) walks from the first child on every call:
  // loops over arguments and literals' items read them in one pass.
  std::vector<TSNode> named_children(TSNode node) { return children_.of(node); }

  TSNode innermost(TSNode value) const {
    for (int depth = 0; reader_.is(value, NodeType::Assignment) && depth < kMaxChainDepth; ++depth) {
      value = reader_.child(value, Field::Right);
    }
    return value;
  }

  LinkChain value_chain(TSNode value) const {
    return reader_.value_links(value);
  }

  // A target that names one place: a name, an attribute or an element.
  LinkChain target_chain(TSNode target) const {
    if (!reader_.is(target, NodeType::Identifier) && !reader_.is(target, NodeType::Attribute) &&
        !reader_.is(target, NodeType::Subscript)) {
      return {};
    }
    LinkChain chain = reader_.value_links(target);
    if (chain.empty() || chain.back().kind == Link::Kind::Call) return {};
    return chain;
  }

  static bool is_pattern(const FactReader& reader, TSNode node) {
    return reader.is(node, NodeType::PatternList) || reader.is(node, NodeType::TuplePattern) ||
           reader.is(node, NodeType::ListPattern) || reader.is(node, NodeType::Tuple) ||
           reader.is(node, NodeType::List) || reader.is(node, NodeType::ExpressionList);
  }
  static bool is_sequence(const FactReader& reader, TSNode node) {
    return reader.is(node, NodeType::Tuple) || reader.is(node, NodeType::List) ||
           reader.is(node, NodeType::ExpressionList);
  }

  void push(ScopeIndex scope, std::uint32_t line, LinkChain target, LinkChain value, LinkChain annotation) {
    const bool rebinds_name = target.size() == 1 && target[0].kind == Link::Kind::Name;
    if (value.empty() && annotation.empty() && !rebinds_name) return;
    Assignment assignment;
    assignment.scope = scope;
    assignment.line = line;
    assignment.target = std::move(target);
    assignment.value = std::move(value);
    assignment.annotation = std::move(annotation);
    facts_.assignments.push_back(std::move(assignment));
  }

  // `target = value` with the value's node at hand: a sequence assigned to
  // a pattern of the same length goes element by element.
  void assign_node(ScopeIndex scope, std::uint32_t line, TSNode target, TSNode value, const LinkChain& annotation,
                   int depth) {
    if (depth > kMaxChainDepth) return;
    if (is_pattern(reader_, target)) {
      const std::uint32_t targets = named_count(target);
      const std::uint32_t values = named_count(value);
      if (is_sequence(reader_, value) && values == targets && !has_splat(target) && !has_splat(value)) {
        for (std::uint32_t i = 0; i < targets; ++i) {
          assign_node(scope, line, ts_node_named_child(target, i), ts_node_named_child(value, i), {}, depth + 1);
        }
        return;
      }
      if (is_sequence(reader_, value) && has_splat(target) && !has_splat(value) && values + 1 >= targets) {
        // `a, *b, c = f, g, h, k`: b takes what the others leave, in order.
        std::uint32_t v = 0;
        for (std::uint32_t i = 0; i < targets; ++i) {
          const TSNode item = ts_node_named_child(target, i);
          if (!reader_.is(item, NodeType::ListSplatPattern) && !reader_.is(item, NodeType::ListSplat)) {
            assign_node(scope, line, item, ts_node_named_child(value, v++), {}, depth + 1);
            continue;
          }
          const LinkChain rest = named_count(item) == 1 ? target_chain(ts_node_named_child(item, 0))
                                                                       : LinkChain{};
          const std::uint32_t taken = values + 1 - targets;
          if (!rest.empty()) {
            push(scope, line, rest, {{Link::Kind::Literal, "list"}}, {});
            for (std::uint32_t k = 0; k < taken; ++k) {
              LinkChain element = value_chain(ts_node_named_child(value, v + k));
              if (element.empty() || is_scalar_literal(element)) continue;
              push(scope, line, with_link(rest, Link::Kind::Element, "i:" + std::to_string(k)), std::move(element), {});
            }
          }
          v += taken;
        }
        return;
      }
      assign_chain(scope, line, target, value_chain(value), depth + 1);
      return;
    }
    LinkChain chain = target_chain(target);
    if (chain.empty()) return;
    assign_value(scope, line, std::move(chain), value, annotation);
  }

  // `target = <value's chain>`: a pattern takes the value's elements by index.
  void assign_chain(ScopeIndex scope, std::uint32_t line, TSNode target, const LinkChain& value, int depth) {
    if (depth > kMaxChainDepth) return;
    if (!is_pattern(reader_, target)) {
      if (reader_.is(target, NodeType::ListSplatPattern) && named_count(target) == 1) {
        LinkChain chain = target_chain(ts_node_named_child(target, 0));
        if (chain.empty()) return;
        push(scope, line, chain, {{Link::Kind::Literal, "list"}}, {});
        if (!value.empty()) push(scope, line, with_link(chain, Link::Kind::Element), value, {});
        return;
      }
      push_if_target(scope, line, target, value);
      return;
    }
    const std::uint32_t count = named_count(target);
    bool after_splat = false;
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode item = ts_node_named_child(target, i);
      const bool splat = reader_.is(item, NodeType::ListSplatPattern) || reader_.is(item, NodeType::ListSplat);
      after_splat = after_splat || splat;
      // Elements after a starred one have no fixed index.
      const std::string key = splat || after_splat ? std::string() : "i:" + std::to_string(i);
      LinkChain element = value.empty() ? LinkChain{} : with_link(value, Link::Kind::Element, key);
      if (splat && named_count(item) == 1) {
        LinkChain chain = target_chain(ts_node_named_child(item, 0));
        if (chain.empty()) continue;
        push(scope, line, chain, {{Link::Kind::Literal, "list"}}, {});
        if (!element.empty()) push(scope, line, with_link(chain, Link::Kind::Element), std::move(element), {});
        continue;
      }
      assign_chain(scope, line, item, element, depth + 1);
    }
  }

  void push_if_target(ScopeIndex scope, std::uint32_t line, TSNode target, const LinkChain& value) {
    LinkChain chain = target_chain(target);
    if (!chain.empty()) push(scope, line, std::move(chain), value, {});
  }

  bool has_splat(TSNode node) const {
    const std::uint32_t count = named_count(node);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode item = ts_node_named_child(node, i);
      if (reader_.is(item, NodeType::ListSplat) || reader_.is(item, NodeType::ListSplatPattern)) return true;
    }
    return false;
  }

  // `target = value` and, when value is a container literal, each element
  // that may hold a function, class, object or container.
  void assign_value(ScopeIndex scope, std::uint32_t line, LinkChain target, TSNode value, LinkChain annotation) {
    value = innermost(value);
    if (!annotation.empty() || !is_sequence_or_mapping(value)) {
      LinkChain chain = literal_or_chain(scope, target, value);
      push(scope, line, std::move(target), std::move(chain), std::move(annotation));
      return;
    }
    push(scope, line, target, value_chain(value), {});
    elements(scope, line, target, value, 0);
  }

  // A module's or class's name bound to a short string or integer literal
  // (`KEY = "a"`) keeps it as a literal argument does, [Element "s:a"]:
  // the key it selects as a subscript (`d[KEY]`), here or where it is
  // imported. Any other value is its chain. A function's locals keep only
  // the literal's type: what they hold is read in their own file alone, and
  // editing a literal in a body leaves the file's interface as it was.
  LinkChain literal_or_chain(ScopeIndex scope, const LinkChain& target, TSNode value) const {
    LinkChain chain = value_chain(value);
    if (!keeps_literals(scope) || target.size() != 1 || target[0].kind != Link::Kind::Name || !is_scalar_literal(chain)) {
      return chain;
    }
    if (std::string key = reader_.element_key(value); !key.empty() && key.size() <= kMaxKeyArgument) {
      return {{Link::Kind::Element, std::move(key)}};
    }
    return chain;
  }

  bool keeps_literals(ScopeIndex scope) const {
    return scope == kModuleScope || facts_.definitions[scope].label == Label::Class;
  }

  bool is_sequence_or_mapping(TSNode node) const {
    return is_sequence(reader_, node) || reader_.is(node, NodeType::Set) || reader_.is(node, NodeType::Dictionary);
  }

  void elements(ScopeIndex scope, std::uint32_t line, const LinkChain& prefix, TSNode container, int depth) {
    if (depth > kMaxChainDepth / 4) return;
    const bool indexed = is_sequence(reader_, container);
    const std::vector<TSNode> items = named_children(container);
    for (std::size_t i = 0; i < items.size() && i < kMaxElements; ++i) {
      TSNode item = items[i];
      std::string key = indexed ? "i:" + std::to_string(i) : std::string();
      LinkChain chain;
      if (reader_.is(item, NodeType::Pair)) {
        key = reader_.element_key(reader_.child(item, Field::Key));
        item = reader_.child(item, Field::Value);
      } else if (reader_.is(item, NodeType::ListSplat) || reader_.is(item, NodeType::DictionarySplat)) {
        if (named_count(item) != 1) continue;
        // `[*xs]`, `{**d}`: every element of the other container.
        chain = value_chain(ts_node_named_child(item, 0));
        if (chain.empty()) continue;
        push(scope, line, with_link(prefix, Link::Kind::Element), with_link(chain, Link::Kind::Element), {});
        continue;
      }
      chain = value_chain(item);
      if (chain.empty() || is_scalar_literal(chain)) continue;
      LinkChain target = with_link(prefix, Link::Kind::Element, std::move(key));
      if (is_sequence_or_mapping(item)) {
        const std::size_t before = facts_.assignments.size();
        elements(scope, line, target, item, depth + 1);
        if (facts_.assignments.size() == before) continue;
      }
      push(scope, line, std::move(target), std::move(chain), {});
    }
  }

  // `xs.append(f)`, `d.update({"k": f})` and the like put elements in xs, d.
  void container_call(const CallSite& site, TSNode list) {
    if (site.callee.size() < 2 || site.callee.back().kind != Link::Kind::Attribute) return;
    const std::string& method = site.callee.back().text;
    const LinkChain receiver(site.callee.begin(), site.callee.end() - 1);
    if (receiver.back().kind == Link::Kind::Call) return;
    const LinkChain any = with_link(receiver, Link::Kind::Element);
    const std::uint32_t count = named_count(list);
    const auto positional = [&](std::uint32_t i) {
      return i < count && !reader_.is(ts_node_named_child(list, i), NodeType::KeywordArgument)
                 ? ts_node_named_child(list, i)
                 : TSNode{};
    };
    if (method == "append" || method == "add" || method == "appendleft") {
      if (const TSNode value = positional(0); !ts_node_is_null(value)) assign_value(site.scope, site.line, any, value, {});
    } else if (method == "insert") {
      if (const TSNode value = positional(1); !ts_node_is_null(value)) assign_value(site.scope, site.line, any, value, {});
    } else if (method == "setdefault") {
      const TSNode key = positional(0);
      const TSNode value = positional(1);
      if (!ts_node_is_null(key) && !ts_node_is_null(value)) {
        assign_value(site.scope, site.line, with_link(receiver, Link::Kind::Element, reader_.element_key(key)), value, {});
      }
    } else if (method == "extend" || method == "update") {
      const TSNode value = positional(0);
      if (!ts_node_is_null(value) && is_sequence_or_mapping(value)) {
        elements(site.scope, site.line, receiver, value, 0);
      } else if (!ts_node_is_null(value)) {
        if (LinkChain chain = value_chain(value); !chain.empty()) {
          push(site.scope, site.line, any, with_link(std::move(chain), Link::Kind::Element), {});
        }
      }
      if (method == "update") {
        for (std::uint32_t i = 0; i < count; ++i) {
          const TSNode argument = ts_node_named_child(list, i);
          if (!reader_.is(argument, NodeType::KeywordArgument)) continue;
          const std::string key = "s:" + std::string(reader_.text(reader_.child(argument, Field::Name)));
          assign_value(site.scope, site.line, with_link(receiver, Link::Kind::Element, key),
                       reader_.child(argument, Field::Value), {});
        }
      }
    }
  }

  void implicit_call(ScopeIndex scope, std::uint32_t line, LinkChain callee, std::string_view text) {
    CallSite site;
    site.scope = scope;
    site.caller = caller_of(facts_.definitions, scope);
    site.line = line;
    site.callee = std::move(callee);
    site.text = std::string(text);
    site.implicit = true;
    facts_.calls.push_back(std::move(site));
  }

  const FactReader& reader_;
  const ScopeFinder& scopes_;
  FileFacts& facts_;
  ChildNodes children_;
};

}  // namespace

// What one file's query matches found, kept by the extractor so that their
// storage is reused from file to file.
struct PythonExtractor::Matches {
  std::vector<OpenDefinition> definitions;
  std::vector<std::pair<std::uint32_t, TSNode>> decorated;   // definition's start byte, decorated_definition
  std::vector<std::pair<TSNode, bool>> imports;              // node, is_from
  std::vector<std::pair<TSNode, TSNode>> calls;              // call, callee
  std::vector<std::pair<TSNode, bool>> assignments;         // statement, augmented
  // Return, for, with item, raise, operators; with a subscript, what holds it.
  std::vector<std::tuple<TSNode, Capture, TSNode>> statements;
  std::vector<TSNode> bases;
  std::vector<TSNode> blocks;
  std::vector<TSNode> branchings;  // if statements
  std::vector<TSNode> loops;       // for and while statements
  std::vector<TSNode> bindings;
  std::vector<std::uint32_t> decisions;  // first bytes of decision points (complexity.scm)

  void clear() {
    definitions.clear();
    decorated.clear();
    imports.clear();
    calls.clear();
    assignments.clear();
    statements.clear();
    bases.clear();
    blocks.clear();
    branchings.clear();
    loops.clear();
    bindings.clear();
    decisions.clear();
  }
};

Result<PythonQueries> PythonQueries::compile() {
  std::uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query = ts_query_new(tree_sitter_python(), kQueryText.data(),
                                static_cast<std::uint32_t>(kQueryText.size()), &error_offset, &error_type);
  if (query == nullptr) {
    return make_error(ErrorCode::Internal,
                      fmt::format("the Python queries do not compile: error {} at byte {}",
                                  static_cast<int>(error_type), error_offset));
  }
  PythonQueries queries{TsQuery(query)};
  if (!queries.roots().all_plain()) {
    // The extractor reads a match's ancestors off the walk of for_each_match_on_walk.
    return make_error(ErrorCode::Internal, "a Python query pattern does not start with a node type");
  }
  return queries;
}

PythonQueries::PythonQueries(TsQuery query)
    : query_(std::move(query)),
      roots_(query_.get(), kQueryText, tree_sitter_python()),
      syntax_(tree_sitter_python()) {
  const std::uint32_t captures = ts_query_capture_count(query_.get());
  capture_kinds_.reserve(captures);
  for (std::uint32_t id = 0; id < captures; ++id) {
    std::uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query_.get(), id, &length);
    capture_kinds_.push_back(static_cast<std::uint8_t>(capture_kind(std::string_view(name, length))));
  }
}

PythonExtractor::PythonExtractor(const PythonQueries& queries)
    : queries_(queries), parser_(ts_parser_new()), cursor_(ts_query_cursor_new()), scratch_(std::make_unique<Matches>()) {
  ts_parser_set_language(parser_.get(), tree_sitter_python());
}

PythonExtractor::~PythonExtractor() = default;

FileFacts PythonExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  facts.relative_path = std::move(relative_path);
  facts.language = "python";
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());

  const TsTree tree(ts_parser_parse_string(parser_.get(), nullptr, source.data(),
                                           static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);
  FactReader reader(queries_.syntax(), source);
  std::vector<std::pair<ScopeIndex, TSNode>> returns_of_lambdas;
  const std::span<const std::uint8_t> kinds = queries_.capture_kinds();
  const PythonSyntax& syntax = queries_.syntax();

  scratch_->clear();
  // Named references rather than a structured binding: lambdas below use
  // them, which clang before 16 does not allow for bindings (the fuzz build).
  auto& open_definitions = scratch_->definitions;
  auto& decorated = scratch_->decorated;
  auto& imports = scratch_->imports;
  auto& calls = scratch_->calls;
  auto& assignments = scratch_->assignments;
  auto& statements = scratch_->statements;
  auto& bases = scratch_->bases;
  auto& blocks = scratch_->blocks;
  auto& branchings = scratch_->branchings;
  auto& loops = scratch_->loops;
  auto& bindings = scratch_->bindings;
  auto& decisions = scratch_->decisions;

  // Every pattern starts at a node type (see compile): the walk holds the ancestors of each match's start.
  for_each_match_on_walk(cursor_.get(), queries_.query(), queries_.roots(), root,
                         [&](const TSQueryMatch& match, std::span<const TSNode> walk) {
    TSNode main{};
    TSNode detail{};
    Capture main_kind = Capture::Other;
    for (std::uint16_t c = 0; c < match.capture_count; ++c) {
      const auto kind = static_cast<Capture>(kinds[match.captures[c].index]);
      if (kind == Capture::Binding) {
        detail = match.captures[c].node;
      } else if (kind != Capture::Other) {
        main = match.captures[c].node;
        main_kind = kind;
      }
    }
    switch (main_kind) {
      case Capture::Class:
      case Capture::Function:
        // A definition is named by an identifier (the query leaves this to
        // the extractor, so that it matches at the definition node alone).
        if (syntax.is(syntax.child(main, Field::Name), NodeType::Identifier)) {
          open_definitions.push_back({main, main_kind == Capture::Class, {}});
        }
        break;
      case Capture::Lambda: open_definitions.push_back({main, false, {}, true}); break;
      case Capture::Return:
      case Capture::Loop:
      case Capture::With:
      case Capture::Raise:
      case Capture::Yield: statements.emplace_back(main, main_kind, TSNode{}); break;
      case Capture::Operator: {
        // `(subscript) @operator` starts at the subscript: its parent is the walk's.
        const bool started_here = ts_node_eq(walk.back(), main) && walk.size() > 1;
        statements.emplace_back(main, main_kind, started_here ? walk[walk.size() - 2] : TSNode{});
        break;
      }
      case Capture::Decorated:
        decorated.emplace_back(ts_node_start_byte(syntax.child(main, Field::Definition)), main);
        break;
      case Capture::Import: imports.emplace_back(main, false); break;
      case Capture::ImportFrom: imports.emplace_back(main, true); break;
      case Capture::Call: calls.emplace_back(main, syntax.child(main, Field::Function)); break;
      case Capture::Assignment: assignments.emplace_back(main, false); break;
      case Capture::AugmentedAssignment: {
        const TSNode left = syntax.child(main, Field::Left);
        if (syntax.is(left, NodeType::Identifier)) assignments.emplace_back(main, true);
        break;
      }
      case Capture::Base: bases.push_back(main); break;
      case Capture::Block: blocks.push_back(main); break;
      case Capture::Branches: branchings.push_back(main); break;
      case Capture::LoopElse: loops.push_back(main); break;
      case Capture::Decision: decisions.push_back(ts_node_start_byte(main)); break;
      case Capture::Other:
        if (!ts_node_is_null(detail)) bindings.push_back(detail);
        break;
      default: break;
    }
  });
  // A whole-tree query cursor, which the cached facts were first made with,
  // lists bindings in the order of the bound names; keep that order.
  std::sort(bindings.begin(), bindings.end(),
            [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });

  // Definitions in source order, each with its enclosing definition.
  std::sort(open_definitions.begin(), open_definitions.end(), [](const auto& a, const auto& b) {
    return ts_node_start_byte(a.node) < ts_node_start_byte(b.node);
  });
  // Those nested deeper than kMaxDefinitionNesting (lambdas in lambdas) are
  // left out, with all they hold: a qualified name grows with each level.
  LeftOutSpans left_out;
  {
    std::vector<std::uint32_t> ends;  // of the definitions around the current one
    std::size_t kept = 0;
    for (const OpenDefinition& open : open_definitions) {
      const std::uint32_t start = ts_node_start_byte(open.node);
      if (left_out.last_holds(start)) continue;
      while (!ends.empty() && ends.back() <= start) ends.pop_back();
      if (ends.size() >= kMaxDefinitionNesting) {
        ++facts.definitions_too_deep;
        left_out.add(start, ts_node_end_byte(open.node));
        continue;
      }
      ends.push_back(ts_node_end_byte(open.node));
      open_definitions[kept++] = open;
    }
    open_definitions.resize(kept);
    const auto first = [](const auto& item) { return item.first; };
    const auto itself = [](TSNode node) { return node; };
    left_out.drop_from(imports, first);
    left_out.drop_from(calls, first);
    left_out.drop_from(assignments, first);
    left_out.drop_from(statements, [](const auto& item) { return std::get<0>(item); });
    left_out.drop_from(bases, itself);
    left_out.drop_from(blocks, itself);
    left_out.drop_from(branchings, itself);
    left_out.drop_from(loops, itself);
    left_out.drop_from(bindings, itself);
    std::erase_if(decisions, [&](std::uint32_t byte) { return left_out.holds(byte); });
  }
  std::sort(decorated.begin(), decorated.end(),
            [](const auto& a, const auto& b) { return a.first < b.first; });
  auto decorated_at = decorated.begin();
  for (OpenDefinition& open : open_definitions) {
    const std::uint32_t start = ts_node_start_byte(open.node);
    while (decorated_at != decorated.end() && decorated_at->first < start) ++decorated_at;
    if (decorated_at != decorated.end() && decorated_at->first == start) open.decorated = decorated_at->second;
  }
  std::vector<std::uint32_t> body_starts;
  std::vector<ScopeIndex> stack;
  for (const OpenDefinition& open : open_definitions) {
    Definition definition = reader.read_definition(open);
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= definition.span.byte_start) {
      stack.pop_back();
    }
    definition.parent = stack.empty() ? kModuleScope : stack.back();
    if (!open.is_class && !open.is_lambda && definition.parent != kModuleScope &&
        facts.definitions[definition.parent].label == Label::Class) {
      definition.label = Label::Method;
    }
    const TSNode body = reader.child(open.node, Field::Body);
    // A lambda's parameters are its own.
    body_starts.push_back(open.is_lambda       ? definition.span.byte_start
                          : ts_node_is_null(body) ? definition.span.byte_end
                                                  : ts_node_start_byte(body));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
  }
  // Lambdas are named by their order in their enclosing definition.
  {
    std::vector<std::pair<std::uint32_t, std::string>> lambda_names;
    std::unordered_map<ScopeIndex, std::uint32_t> counters;
    for (std::size_t d = 0; d < open_definitions.size(); ++d) {
      if (!open_definitions[d].is_lambda) continue;
      Definition& definition = facts.definitions[d];
      definition.name = lambda_name(++counters[definition.parent]);
      lambda_names.emplace_back(definition.span.byte_start, definition.name);
      // What the lambda returns is its body.
      returns_of_lambdas.emplace_back(static_cast<ScopeIndex>(d), reader.child(open_definitions[d].node, Field::Body));
    }
    reader.set_lambda_names(std::move(lambda_names));
  }
  const ScopeBodies bodies(body_starts);
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));
  count_complexity(facts.definitions, scopes, decisions);
  FlowWriter flows(reader, scopes, facts, root);

  for (const TSNode base : bases) {
    // base -> argument_list -> class_definition
    const TSNode klass = ts_node_parent(ts_node_parent(base));
    const auto it = std::lower_bound(
        facts.definitions.begin(), facts.definitions.end(), ts_node_start_byte(klass),
        [](const Definition& d, std::uint32_t b) { return d.span.byte_start < b; });
    if (it == facts.definitions.end() || it->span.byte_start != ts_node_start_byte(klass)) continue;
    // `Base[T]` derives from Base.
    it->bases.push_back(reader.links_of(reader.is(base, NodeType::Subscript) ? reader.child(base, Field::Value) : base));
    it->base_texts.emplace_back(reader.text(base));
  }

  for (const TSNode binding : bindings) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(binding));
    if (scope != kModuleScope) facts.definitions[scope].local_names.emplace_back(reader.text(binding));
  }

  for (const auto& [node, is_from] : imports) {
    reader.read_import(node, is_from, scopes.scope_at(ts_node_start_byte(node)), facts.imports);
  }

  facts.calls.reserve(calls.size());
  for (const auto& [call, callee] : calls) {
    CallSite site;
    site.scope = scopes.scope_at(ts_node_start_byte(call));
    site.caller = caller_of(facts.definitions, site.scope);
    site.line = line_of(ts_node_start_point(call));
    site.callee = reader.links_of(callee);
    const std::string_view text = reader.text(callee);
    site.text = std::string(text.substr(0, kMaxCallText));
    flows.arguments(call, site);
    facts.calls.push_back(std::move(site));
  }
  const std::size_t decorator_calls = facts.calls.size();
  for (std::size_t d = 0; d < open_definitions.size(); ++d) {
    const TSNode decorated_by = open_definitions[d].decorated;
    if (ts_node_is_null(decorated_by)) continue;
    const std::uint32_t count = ts_node_named_child_count(decorated_by);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode decorator = ts_node_named_child(decorated_by, i);
      if (reader.is(decorator, NodeType::Decorator)) flows.decorator(decorator, static_cast<ScopeIndex>(d));
    }
  }
  const std::size_t statement_calls = facts.calls.size();
  for (auto it = statements.rbegin(); it != statements.rend(); ++it) {
    if (std::get<1>(*it) == Capture::Operator) reader.read_operator_ahead(std::get<0>(*it));
  }
  for (const auto& [statement, kind, parent] : statements) {
    switch (kind) {
      case Capture::Return: flows.returned(statement); break;
      case Capture::Loop: flows.loop(statement); break;
      case Capture::With: flows.with_item(statement); break;
      case Capture::Raise: flows.raised(statement); break;
      case Capture::Yield: flows.yielded(statement); break;
      case Capture::Operator: flows.operation(statement, parent); break;
      default: break;
    }
  }
  for (const auto& [lambda, body] : returns_of_lambdas) flows.lambda_body(lambda, body);
  const std::array<std::size_t, 2> runs{decorator_calls, statement_calls};
  sort_by_line(facts.calls, runs);

  for (const auto& [statement, augmented] : assignments) flows.assignment(statement, augmented);
  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  std::sort(blocks.begin(), blocks.end(), [](TSNode a, TSNode b) { return ts_node_start_byte(a) < ts_node_start_byte(b); });
  set_block_ends<Assignment>(blocks, bodies, facts.assignments);
  set_block_ends<CallSite>(blocks, bodies, facts.calls);
  for (const TSNode statement : branchings) mark_exhaustive_branches(reader, bodies, statement, facts.assignments);
  for (const TSNode loop : loops) mark_loop_else(reader, scopes, bodies, loop, facts.assignments);
  return facts;
}

}  // namespace trellis::ingest::python
