#include "python_extractor.hpp"

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
  Callee,
  Assignment,
  AugmentedAssignment,
  AssignmentTarget,
  Base,
  Binding,
};

Capture capture_kind(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Capture>, 11> kNames{{
      {"definition.class", Capture::Class},
      {"definition.function", Capture::Function},
      {"import", Capture::Import},
      {"import.from", Capture::ImportFrom},
      {"call", Capture::Call},
      {"call.callee", Capture::Callee},
      {"assignment", Capture::Assignment},
      {"assignment.augmented", Capture::AugmentedAssignment},
      {"assignment.target", Capture::AssignmentTarget},
      {"base", Capture::Base},
      {"binding", Capture::Binding},
  }};
  for (const auto& [text, kind] : kNames) {
    if (text == name) return kind;
  }
  return Capture::Other;
}

std::uint32_t line_of(TSPoint point) { return point.row + 1; }

SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), line_of(ts_node_end_point(node)),
          ts_node_start_byte(node), ts_node_end_byte(node)};
}

// The builtin type of a literal node ("" when the node is no literal).
std::string_view literal_type(std::string_view node_type) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 14> kLiterals{{
      {"none", "None"},
      {"true", "bool"},
      {"false", "bool"},
      {"string", "str"},
      {"concatenated_string", "str"},
      {"integer", "int"},
      {"float", "float"},
      {"list", "list"},
      {"list_comprehension", "list"},
      {"dictionary", "dict"},
      {"dictionary_comprehension", "dict"},
      {"set", "set"},
      {"set_comprehension", "set"},
      {"tuple", "tuple"},
  }};
  for (const auto& [node, builtin] : kLiterals) {
    if (node == node_type) return builtin;
  }
  return {};
}

void append_links(TSNode node, std::string_view source, LinkChain& out, int depth) {
  if (depth > kMaxChainDepth) {
    out.push_back({Link::Kind::Opaque, {}});
    return;
  }
  const std::string_view type = ts_node_type(node);
  if (type == "identifier") {
    out.push_back({Link::Kind::Name, std::string(node_text(node, source))});
  } else if (type == "attribute") {
    append_links(child_by_field(node, "object"), source, out, depth + 1);
    out.push_back({Link::Kind::Attribute, std::string(node_text(child_by_field(node, "attribute"), source))});
  } else if (type == "call") {
    append_links(child_by_field(node, "function"), source, out, depth + 1);
    out.push_back({Link::Kind::Call, {}});
  } else if (type == "parenthesized_expression" && ts_node_named_child_count(node) == 1) {
    append_links(ts_node_named_child(node, 0), source, out, depth + 1);
  } else if (const std::string_view literal = literal_type(type); !literal.empty()) {
    out.push_back({Link::Kind::Literal, std::string(literal)});
  } else {
    out.push_back({Link::Kind::Opaque, {}});
  }
}

LinkChain links_of(TSNode node, std::string_view source) {
  LinkChain chain;
  if (!ts_node_is_null(node)) append_links(node, source, chain, 0);
  return chain;
}

bool is_opaque(const LinkChain& chain) {
  return std::any_of(chain.begin(), chain.end(),
                     [](const Link& l) { return l.kind == Link::Kind::Opaque; });
}

// The text of a string literal without quotes or prefixes ("" for f-strings
// with interpolations, which have no fixed text).
std::string string_value(TSNode node, std::string_view source) {
  std::string text;
  const std::uint32_t count = ts_node_named_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(node, i);
    const std::string_view type = ts_node_type(part);
    if (type == "interpolation") return {};
    if (type == "string_content") text += node_text(part, source);
  }
  return text;
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

// The class a type annotation names: `Service`, `models.Service`,
// `"Service"`, `Optional[Service]`, `Service | None`. Empty when it names
// no single class.
LinkChain annotation_links(TSNode node, std::string_view source, int depth = 0) {
  if (ts_node_is_null(node) || depth > kMaxChainDepth) return {};
  const std::string_view type = ts_node_type(node);
  if (type == "type" && ts_node_named_child_count(node) == 1) {
    return annotation_links(ts_node_named_child(node, 0), source, depth + 1);
  }
  if (type == "identifier" || type == "attribute") return links_of(node, source);
  if (type == "string") {
    const std::string text = string_value(node, source);
    return text.empty() ? LinkChain{} : dotted_links(text);
  }
  if (type == "generic_type" || type == "subscript") {
    // Optional[X] names X; other generics (list[X], Dict[K, V]) name no single class.
    const TSNode head = type == "subscript" ? child_by_field(node, "value") : ts_node_named_child(node, 0);
    const LinkChain head_links = links_of(head, source);
    if (!head_links.empty() && head_links.back().text == "Optional") {
      TSNode argument = type == "subscript" ? child_by_field(node, "subscript") : ts_node_named_child(node, 1);
      if (node_is(argument, "type_parameter")) argument = ts_node_named_child(argument, 0);
      return annotation_links(argument, source, depth + 1);
    }
    return {};
  }
  if (type == "binary_operator" || type == "union_type") {
    // X | None names X.
    const TSNode left = type == "binary_operator" ? child_by_field(node, "left") : ts_node_named_child(node, 0);
    const TSNode right = type == "binary_operator" ? child_by_field(node, "right") : ts_node_named_child(node, 1);
    const bool left_none = node_is(left, "none") || node_text(left, source) == "None";
    const bool right_none = node_is(right, "none") || node_text(right, source) == "None";
    if (right_none && !left_none) return annotation_links(left, source, depth + 1);
    if (left_none && !right_none) return annotation_links(right, source, depth + 1);
    return {};
  }
  return {};
}

std::string docstring_of(TSNode definition, std::string_view source) {
  const TSNode body = child_by_field(definition, "body");
  if (ts_node_is_null(body) || ts_node_named_child_count(body) == 0) return {};
  const TSNode first = ts_node_named_child(body, 0);
  if (!node_is(first, "expression_statement") || ts_node_named_child_count(first) != 1) return {};
  const TSNode literal = ts_node_named_child(first, 0);
  if (!node_is(literal, "string")) return {};
  return string_value(literal, source);
}

struct OpenDefinition {
  TSNode node;
  bool is_class;
};

// Finds the innermost definition whose body holds a byte.
class ScopeFinder {
 public:
  ScopeFinder(std::span<const Definition> definitions, std::vector<std::uint32_t> body_starts)
      : definitions_(definitions), body_starts_(std::move(body_starts)) {}

  ScopeIndex scope_at(std::uint32_t byte) const {
    // Definitions are in source order: the last one starting at or before
    // `byte`, then up its parents until one's body holds it.
    auto it = std::upper_bound(definitions_.begin(), definitions_.end(), byte,
                               [](std::uint32_t b, const Definition& d) { return b < d.span.byte_start; });
    if (it == definitions_.begin()) return kModuleScope;
    auto index = static_cast<ScopeIndex>(std::distance(definitions_.begin(), it) - 1);
    while (index != kModuleScope &&
           !(byte >= body_starts_[index] && byte < definitions_[index].span.byte_end)) {
      index = definitions_[index].parent;
    }
    return index;
  }

  // Callers are functions, methods or the module: class bodies run as part of
  // the enclosing scope.
  ScopeIndex caller_at(std::uint32_t byte) const {
    ScopeIndex index = scope_at(byte);
    while (index != kModuleScope && definitions_[index].label == Label::Class) {
      index = definitions_[index].parent;
    }
    return index;
  }

 private:
  std::span<const Definition> definitions_;
  std::vector<std::uint32_t> body_starts_;
};

void read_parameters(TSNode parameters, std::string_view source, Definition& definition) {
  const std::uint32_t count = ts_node_named_child_count(parameters);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode parameter = ts_node_named_child(parameters, i);
    const std::string_view type = ts_node_type(parameter);
    TSNode name;
    TSNode annotation = child_by_field(parameter, "type");
    if (type == "identifier") {
      name = parameter;
    } else if (type == "typed_parameter") {
      name = ts_node_named_child(parameter, 0);
    } else {
      name = child_by_field(parameter, "name");
    }
    if (type == "list_splat_pattern" || type == "dictionary_splat_pattern") {
      name = ts_node_named_child(parameter, 0);
    }
    const bool plain_name = node_is(name, "identifier");
    if (plain_name) definition.parameters.emplace_back(node_text(name, source));
    if (i == 0 && plain_name) definition.first_parameter = std::string(node_text(name, source));
    if (plain_name && !ts_node_is_null(annotation)) {
      LinkChain links = annotation_links(annotation, source);
      if (!links.empty() && !is_opaque(links)) {
        definition.annotated_parameters.emplace_back(std::string(node_text(name, source)), std::move(links));
      }
    }
  }
}

// Whether `node` sits in the body of an `if TYPE_CHECKING:` of its own scope.
bool under_type_checking(TSNode node, std::string_view source) {
  for (TSNode child = node, parent = ts_node_parent(node); !ts_node_is_null(parent);
       child = parent, parent = ts_node_parent(parent)) {
    if (node_is(parent, "class_definition") || node_is(parent, "function_definition")) return false;
    if (!node_is(parent, "if_statement") || !ts_node_eq(child_by_field(parent, "consequence"), child)) continue;
    const std::string_view condition = node_text(child_by_field(parent, "condition"), source);
    if (condition == "TYPE_CHECKING" || condition.ends_with(".TYPE_CHECKING")) return true;
  }
  return false;
}

Definition read_definition(const OpenDefinition& open, std::string_view source) {
  Definition definition;
  definition.label = open.is_class ? Label::Class : Label::Function;
  definition.name = std::string(node_text(child_by_field(open.node, "name"), source));
  definition.span = span_of(open.node);
  definition.docstring = docstring_of(open.node, source);
  definition.typing_only = under_type_checking(open.node, source);
  const TSNode parent = ts_node_parent(open.node);
  if (node_is(parent, "decorated_definition")) {
    const std::uint32_t count = ts_node_named_child_count(parent);
    for (std::uint32_t i = 0; i < count; ++i) {
      const TSNode decorator = ts_node_named_child(parent, i);
      if (!node_is(decorator, "decorator") || ts_node_named_child_count(decorator) == 0) continue;
      definition.decorators.emplace_back(node_text(ts_node_named_child(decorator, 0), source));
    }
  }
  if (!open.is_class) {
    definition.is_async = ts_node_child_count(open.node) > 0 &&
                          std::string_view(ts_node_type(ts_node_child(open.node, 0))) == "async";
    read_parameters(child_by_field(open.node, "parameters"), source, definition);
    definition.return_annotation = annotation_links(child_by_field(open.node, "return_type"), source);
  }
  return definition;
}

// `import a.b` names a module; `from m import a` names something in m.
void set_imported(Import& import, std::string_view text) {
  if (import.is_from) {
    import.name.assign(text.data(), text.size());
  } else {
    import.module.assign(text.data(), text.size());
  }
}

void read_import(TSNode node, bool is_from, ScopeIndex scope, std::string_view source,
                 std::vector<Import>& out) {
  Import base;
  base.scope = scope;
  base.line = line_of(ts_node_start_point(node));
  base.is_from = is_from;
  if (is_from) {
    const TSNode module = child_by_field(node, "module_name");
    if (node_is(module, "relative_import")) {
      const std::uint32_t count = ts_node_named_child_count(module);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode part = ts_node_named_child(module, i);
        if (node_is(part, "import_prefix")) {
          const std::string_view dots = node_text(part, source);
          base.level = static_cast<std::uint32_t>(std::count(dots.begin(), dots.end(), '.'));
        } else if (node_is(part, "dotted_name")) {
          base.module = std::string(node_text(part, source));
        }
      }
    } else {
      base.module = std::string(node_text(module, source));
    }
  }
  const std::uint32_t count = ts_node_named_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode child = ts_node_named_child(node, i);
    const char* field = ts_node_field_name_for_named_child(node, i);
    const bool is_name = field != nullptr && std::string_view(field) == "name";
    Import import = base;
    if (node_is(child, "wildcard_import")) {
      import.name.assign(1, '*');
    } else if (!is_name) {
      continue;
    } else if (node_is(child, "aliased_import")) {
      import.alias = std::string(node_text(child_by_field(child, "alias"), source));
      set_imported(import, node_text(child_by_field(child, "name"), source));
    } else {
      set_imported(import, node_text(child, source));
    }
    out.push_back(std::move(import));
  }
}

void read_all_names(TSNode list, std::string_view source, FileFacts& facts) {
  if (!node_is(list, "list") && !node_is(list, "tuple")) return;
  facts.has_all = true;
  const std::uint32_t count = ts_node_named_child_count(list);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode item = ts_node_named_child(list, i);
    if (node_is(item, "string")) {
      std::string value = string_value(item, source);
      if (!value.empty()) facts.all_names.push_back(std::move(value));
    }
  }
}

std::uint32_t count_lines(std::string_view source) {
  if (source.empty()) return 0;
  auto lines = static_cast<std::uint32_t>(std::count(source.begin(), source.end(), '\n'));
  return source.back() == '\n' ? lines : lines + 1;
}

}  // namespace

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

PythonExtractor::PythonExtractor(const PythonQueries& queries)
    : queries_(queries), parser_(ts_parser_new()), cursor_(ts_query_cursor_new()) {
  ts_parser_set_language(parser_.get(), tree_sitter_python());
}

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

  const TSQuery* query = queries_.query();
  std::vector<Capture> kinds(ts_query_capture_count(query));
  for (std::uint32_t id = 0; id < kinds.size(); ++id) {
    std::uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query, id, &length);
    kinds[id] = capture_kind(std::string_view(name, length));
  }

  std::vector<OpenDefinition> open_definitions;
  std::vector<std::pair<TSNode, bool>> imports;             // node, is_from
  std::vector<std::pair<TSNode, TSNode>> calls;              // call, callee
  std::vector<std::tuple<TSNode, TSNode, bool>> assignments; // statement, target, augmented
  std::vector<TSNode> bases;
  std::vector<TSNode> bindings;

  ts_query_cursor_exec(cursor_.get(), query, root);
  TSQueryMatch match;
  while (ts_query_cursor_next_match(cursor_.get(), &match)) {
    TSNode main{};
    TSNode detail{};
    Capture main_kind = Capture::Other;
    for (std::uint16_t c = 0; c < match.capture_count; ++c) {
      const Capture kind = kinds[match.captures[c].index];
      if (kind == Capture::Callee || kind == Capture::AssignmentTarget || kind == Capture::Binding) {
        detail = match.captures[c].node;
      } else if (kind != Capture::Other) {
        main = match.captures[c].node;
        main_kind = kind;
      }
    }
    switch (main_kind) {
      case Capture::Class: open_definitions.push_back({main, true}); break;
      case Capture::Function: open_definitions.push_back({main, false}); break;
      case Capture::Import: imports.emplace_back(main, false); break;
      case Capture::ImportFrom: imports.emplace_back(main, true); break;
      case Capture::Call: calls.emplace_back(main, detail); break;
      case Capture::Assignment: assignments.emplace_back(main, detail, false); break;
      case Capture::AugmentedAssignment: assignments.emplace_back(main, detail, true); break;
      case Capture::Base: bases.push_back(main); break;
      case Capture::Other:
        if (!ts_node_is_null(detail)) bindings.push_back(detail);
        break;
      default: break;
    }
  }

  // Definitions in source order, each with its enclosing definition.
  std::sort(open_definitions.begin(), open_definitions.end(), [](const auto& a, const auto& b) {
    return ts_node_start_byte(a.node) < ts_node_start_byte(b.node);
  });
  std::vector<std::uint32_t> body_starts;
  std::vector<ScopeIndex> stack;
  for (const OpenDefinition& open : open_definitions) {
    Definition definition = read_definition(open, source);
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= definition.span.byte_start) {
      stack.pop_back();
    }
    definition.parent = stack.empty() ? kModuleScope : stack.back();
    if (!open.is_class && definition.parent != kModuleScope &&
        facts.definitions[definition.parent].label == Label::Class) {
      definition.label = Label::Method;
    }
    const TSNode body = child_by_field(open.node, "body");
    body_starts.push_back(ts_node_is_null(body) ? definition.span.byte_end : ts_node_start_byte(body));
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
  }
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));

  for (const TSNode base : bases) {
    // base -> argument_list -> class_definition
    const TSNode klass = ts_node_parent(ts_node_parent(base));
    const auto it = std::lower_bound(
        facts.definitions.begin(), facts.definitions.end(), ts_node_start_byte(klass),
        [](const Definition& d, std::uint32_t b) { return d.span.byte_start < b; });
    if (it == facts.definitions.end() || it->span.byte_start != ts_node_start_byte(klass)) continue;
    // `Base[T]` derives from Base.
    it->bases.push_back(links_of(node_is(base, "subscript") ? child_by_field(base, "value") : base, source));
    it->base_texts.emplace_back(node_text(base, source));
  }

  for (const TSNode binding : bindings) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(binding));
    if (scope != kModuleScope) facts.definitions[scope].local_names.emplace_back(node_text(binding, source));
  }

  for (const auto& [node, is_from] : imports) {
    read_import(node, is_from, scopes.scope_at(ts_node_start_byte(node)), source, facts.imports);
  }

  facts.calls.reserve(calls.size());
  for (const auto& [call, callee] : calls) {
    CallSite site;
    site.caller = scopes.caller_at(ts_node_start_byte(call));
    site.scope = scopes.scope_at(ts_node_start_byte(call));
    site.line = line_of(ts_node_start_point(call));
    site.callee = links_of(callee, source);
    const std::string_view text = node_text(callee, source);
    site.text = std::string(text.substr(0, kMaxCallText));
    facts.calls.push_back(std::move(site));
  }

  for (const auto& [statement, target, augmented] : assignments) {
    Assignment assignment;
    assignment.scope = scopes.scope_at(ts_node_start_byte(statement));
    assignment.line = line_of(ts_node_start_point(statement));
    assignment.target = links_of(target, source);
    const TSNode right = child_by_field(statement, "right");
    if (assignment.scope == kModuleScope && assignment.target.size() == 1 &&
        assignment.target[0].text == "__all__") {
      if (!augmented) facts.all_names.clear();
      read_all_names(right, source, facts);
      continue;
    }
    if (augmented) continue;
    if (!ts_node_is_null(right)) {
      assignment.value = links_of(right, source);
      if (is_opaque(assignment.value)) assignment.value.clear();
    }
    assignment.annotation = annotation_links(child_by_field(statement, "type"), source);
    const bool rebinds_name = assignment.target.size() == 1 && assignment.target[0].kind == Link::Kind::Name;
    if (assignment.value.empty() && assignment.annotation.empty() && !rebinds_name) continue;
    facts.assignments.push_back(std::move(assignment));
  }
  std::sort(facts.assignments.begin(), facts.assignments.end(),
            [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  return facts;
}

}  // namespace trellis::ingest::python
