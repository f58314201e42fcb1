#include "python_extractor.hpp"

#include "../extract/complexity.hpp"
#include "../extract/query_matches.hpp"
#include "../extract/scope_finder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <span>
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
};

Capture capture_kind(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Capture>, 11> kNames{{
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
    case NodeType::Tuple: return "tuple";
    default: return {};
  }
}

bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}

// A dotted name written as text ("models.Repo") as a link chain.
LinkChain dotted_links(std::string_view text) {
  LinkChain chain;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t dot = std::min(text.find('.', start), text.size());
    const std::string_view part = text.substr(start, dot - start);
    const bool identifier = !part.empty() && std::all_of(part.begin(), part.end(), [](char c) {
      return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
             static_cast<unsigned char>(c) >= 0x80;
    });
    if (!identifier) return {{Link::Kind::Opaque, {}}};
    chain.push_back({chain.empty() ? Link::Kind::Name : Link::Kind::Attribute, std::string(part)});
    start = dot + 1;
  }
  return chain;
}

struct OpenDefinition {
  TSNode node;
  bool is_class;
  TSNode decorated;  // the decorated_definition holding it, or a null node
};

// Reads facts out of the nodes of one file's tree.
class FactReader {
 public:
  FactReader(const PythonSyntax& syntax, std::string_view source)
      : syntax_(syntax),
        source_(source),
        mentions_type_checking_(source.find("TYPE_CHECKING") != std::string_view::npos) {}

  std::string_view text(TSNode node) const { return node_text(node, source_); }
  TSNode child(TSNode node, Field field) const { return syntax_.child(node, field); }
  bool is(TSNode node, NodeType type) const { return syntax_.is(node, type); }

  LinkChain links_of(TSNode node) const {
    LinkChain chain;
    if (!ts_node_is_null(node)) append_links(node, chain, 0);
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
  void append_links(TSNode node, LinkChain& out, int depth) const {
    if (depth > kMaxChainDepth) {
      out.push_back({Link::Kind::Opaque, {}});
      return;
    }
    const NodeType type = syntax_.type(node);
    if (type == NodeType::Identifier) {
      out.push_back({Link::Kind::Name, std::string(text(node))});
    } else if (type == NodeType::Attribute) {
      append_links(child(node, Field::Object), out, depth + 1);
      out.push_back({Link::Kind::Attribute, std::string(text(child(node, Field::Attribute)))});
    } else if (type == NodeType::Call) {
      append_links(child(node, Field::Function), out, depth + 1);
      out.push_back({Link::Kind::Call, {}});
    } else if (type == NodeType::ParenthesizedExpression && ts_node_named_child_count(node) == 1) {
      append_links(ts_node_named_child(node, 0), out, depth + 1);
    } else if (const std::string_view literal = literal_type(type); !literal.empty()) {
      out.push_back({Link::Kind::Literal, std::string(literal)});
    } else {
      out.push_back({Link::Kind::Opaque, {}});
    }
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
      if (i == 0 && plain_name) definition.first_parameter = std::string(text(name));
      if (plain_name && !ts_node_is_null(annotation)) {
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
};

// The caller of a call in `index`: functions, methods or the module run
// calls; class bodies run as part of the enclosing scope.
ScopeIndex caller_of(std::span<const Definition> definitions, ScopeIndex index) {
  while (index != kModuleScope && definitions[index].label == Label::Class) index = definitions[index].parent;
  return index;
}

}  // namespace

// What one file's query matches found, kept by the extractor so that their
// storage is reused from file to file.
struct PythonExtractor::Matches {
  std::vector<OpenDefinition> definitions;
  std::vector<std::pair<std::uint32_t, TSNode>> decorated;   // definition's start byte, decorated_definition
  std::vector<std::pair<TSNode, bool>> imports;              // node, is_from
  std::vector<std::pair<TSNode, TSNode>> calls;              // call, callee
  std::vector<std::tuple<TSNode, TSNode, bool>> assignments; // statement, target, augmented
  std::vector<TSNode> bases;
  std::vector<TSNode> bindings;
  std::vector<std::uint32_t> decisions;  // first bytes of decision points (complexity.scm)

  void clear() {
    definitions.clear();
    decorated.clear();
    imports.clear();
    calls.clear();
    assignments.clear();
    bases.clear();
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
  return PythonQueries(TsQuery(query));
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
  const FactReader reader(queries_.syntax(), source);
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
  auto& bases = scratch_->bases;
  auto& bindings = scratch_->bindings;
  auto& decisions = scratch_->decisions;

  for_each_match(cursor_.get(), queries_.query(), queries_.roots(), root, [&](const TSQueryMatch& match) {
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
      case Capture::Decorated:
        decorated.emplace_back(ts_node_start_byte(syntax.child(main, Field::Definition)), main);
        break;
      case Capture::Import: imports.emplace_back(main, false); break;
      case Capture::ImportFrom: imports.emplace_back(main, true); break;
      case Capture::Call: calls.emplace_back(main, syntax.child(main, Field::Function)); break;
      case Capture::Assignment: {
        // `name = ...` and `obj.attribute = ...`; other targets bind no typed name.
        const TSNode left = syntax.child(main, Field::Left);
        if (syntax.is(left, NodeType::Identifier) || syntax.is(left, NodeType::Attribute)) {
          assignments.emplace_back(main, left, false);
        }
        break;
      }
      case Capture::AugmentedAssignment: {
        const TSNode left = syntax.child(main, Field::Left);
        if (syntax.is(left, NodeType::Identifier)) assignments.emplace_back(main, left, true);
        break;
      }
      case Capture::Base: bases.push_back(main); break;
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
    if (!open.is_class && definition.parent != kModuleScope &&
        facts.definitions[definition.parent].label == Label::Class) {
      definition.label = Label::Method;
    }
    const TSNode body = reader.child(open.node, Field::Body);
    body_starts.push_back(ts_node_is_null(body) ? definition.span.byte_end : ts_node_start_byte(body));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
  }
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));
  count_complexity(facts.definitions, scopes, decisions);

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
    facts.calls.push_back(std::move(site));
  }

  for (const auto& [statement, target, augmented] : assignments) {
    Assignment assignment;
    assignment.scope = scopes.scope_at(ts_node_start_byte(statement));
    assignment.line = line_of(ts_node_start_point(statement));
    assignment.target = reader.links_of(target);
    const TSNode right = reader.child(statement, Field::Right);
    if (assignment.scope == kModuleScope && assignment.target.size() == 1 &&
        assignment.target[0].text == "__all__") {
      if (!augmented) facts.all_names.clear();
      reader.read_all_names(right, facts);
      continue;
    }
    if (augmented) continue;
    if (!ts_node_is_null(right)) {
      assignment.value = reader.links_of(right);
      if (is_opaque(assignment.value)) assignment.value.clear();
    }
    assignment.annotation = reader.annotation_links(reader.child(statement, Field::Type));
    const bool rebinds_name = assignment.target.size() == 1 && assignment.target[0].kind == Link::Kind::Name;
    if (assignment.value.empty() && assignment.annotation.empty() && !rebinds_name) continue;
    facts.assignments.push_back(std::move(assignment));
  }
  std::sort(facts.assignments.begin(), facts.assignments.end(),
            [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  return facts;
}

}  // namespace trellis::ingest::python
