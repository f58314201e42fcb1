#include "ts_extractor.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <span>

#include "../extract/complexity.hpp"
#include "../extract/left_out_spans.hpp"
#include "../extract/query_matches.hpp"
#include "../extract/scope_finder.hpp"
#include "ts_fact_reader.hpp"

extern "C" const TSLanguage* tree_sitter_typescript();
extern "C" const TSLanguage* tree_sitter_tsx();
extern "C" const TSLanguage* tree_sitter_javascript();

namespace trellis::ingest::typescript {

// queries/*.scm, embedded by CMake: the shared ones, then each dialect's own.
extern const std::string_view kCommonQueryText;
extern const std::string_view kTypeScriptQueryText;
extern const std::string_view kJavaScriptQueryText;

namespace {

constexpr std::size_t kMaxCallText = 200;

Capture capture_kind(std::string_view name) {
  static constexpr std::array<std::pair<std::string_view, Capture>, 18> kNames{{
      {"definition.class", Capture::Class},
      {"definition.interface", Capture::Interface},
      {"definition.function", Capture::Function},
      {"definition.method", Capture::Method},
      {"definition.signature", Capture::Signature},
      {"definition.bound", Capture::Bound},
      {"field", Capture::Field},
      {"function.anonymous", Capture::Anonymous},
      {"import", Capture::Import},
      {"export", Capture::Export},
      {"call", Capture::Call},
      {"call.new", Capture::CallNew},
      {"assignment", Capture::Assignment},
      {"assignment.expression", Capture::AssignmentExpression},
      {"assignment.target", Capture::AssignmentTarget},
      {"decision", Capture::Decision},
      {"decision.operator", Capture::DecisionOperator},
      {"ambient", Capture::Ambient},
  }};
  for (const auto& [text, kind] : kNames) {
    if (text == name) return kind;
  }
  return Capture::Other;
}

// Callers are functions, methods or the module: a class body's field
// initialisers run in its constructor when it declares one, else as part
// of the enclosing scope. `constructors` holds each class's constructor.
ScopeIndex caller_at(const ScopeFinder& scopes, std::span<const ScopeIndex> constructors, std::uint32_t byte) {
  const auto definitions = scopes.definitions();
  ScopeIndex index = scopes.scope_at(byte);
  while (index != kModuleScope &&
         (definitions[index].label == Label::Class || definitions[index].label == Label::Interface)) {
    if (constructors[index] != kModuleScope) return constructors[index];
    index = definitions[index].parent;
  }
  return index;
}

// The first method named `constructor` of each definition, else kModuleScope.
std::vector<ScopeIndex> constructors_of(std::span<const Definition> definitions) {
  std::vector<ScopeIndex> constructors(definitions.size(), kModuleScope);
  for (ScopeIndex d = 0; d < definitions.size(); ++d) {
    const ScopeIndex parent = definitions[d].parent;
    if (parent != kModuleScope && definitions[d].name == "constructor" && constructors[parent] == kModuleScope) {
      constructors[parent] = d;
    }
  }
  return constructors;
}

}  // namespace

std::optional<Dialect> dialect_of(std::string_view path) {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  const std::string_view extension = path.substr(dot);
  if (extension == ".ts" || extension == ".mts" || extension == ".cts") return Dialect::TypeScript;
  if (extension == ".tsx") return Dialect::Tsx;
  if (extension == ".js" || extension == ".jsx" || extension == ".mjs" || extension == ".cjs") {
    return Dialect::JavaScript;
  }
  return std::nullopt;
}

std::string_view language_of(Dialect dialect) {
  return dialect == Dialect::JavaScript ? "javascript" : "typescript";
}

const TSLanguage* grammar_of(Dialect dialect) {
  switch (dialect) {
    case Dialect::TypeScript: return tree_sitter_typescript();
    case Dialect::Tsx: return tree_sitter_tsx();
    case Dialect::JavaScript: return tree_sitter_javascript();
  }
  return nullptr;
}

bool is_declaration_file(std::string_view path) {
  return path.ends_with(".d.ts") || path.ends_with(".d.mts") || path.ends_with(".d.cts");
}

Result<TsQueries> TsQueries::compile(Dialect dialect) {
  std::string text(kCommonQueryText);
  text += dialect == Dialect::JavaScript ? kJavaScriptQueryText : kTypeScriptQueryText;
  std::uint32_t error_offset = 0;
  TSQueryError error_type = TSQueryErrorNone;
  TSQuery* query = ts_query_new(grammar_of(dialect), text.data(), static_cast<std::uint32_t>(text.size()),
                                &error_offset, &error_type);
  if (query == nullptr) {
    return make_error(ErrorCode::Internal, fmt::format("the {} queries do not compile: error {} at byte {}",
                                                       language_of(dialect), static_cast<int>(error_type),
                                                       error_offset));
  }
  TsQueries queries(dialect, TsQuery(query), std::move(text));
  if (!queries.roots().all_plain()) {
    // The extractor reads each match's ancestors off the walk of for_each_match_on_walk.
    return make_error(ErrorCode::Internal, fmt::format("a {} query pattern does not start with a node type",
                                                       language_of(dialect)));
  }
  return queries;
}

TsQueries::TsQueries(Dialect dialect, TsQuery query, std::string text)
    : dialect_(dialect),
      text_(std::move(text)),
      query_(std::move(query)),
      roots_(query_.get(), text_, grammar_of(dialect)),
      syntax_(grammar_of(dialect)) {
  const std::uint32_t captures = ts_query_capture_count(query_.get());
  capture_kinds_.reserve(captures);
  for (std::uint32_t id = 0; id < captures; ++id) {
    std::uint32_t length = 0;
    const char* name = ts_query_capture_name_for_id(query_.get(), id, &length);
    capture_kinds_.push_back(static_cast<std::uint8_t>(capture_kind(std::string_view(name, length))));
  }
}

Status compile_queries(TsQuerySet& set, std::array<bool, kDialectCount> wanted) {
  for (std::size_t d = 0; d < kDialectCount; ++d) {
    if (!wanted[d] || set[d]) continue;
    auto compiled = TsQueries::compile(static_cast<Dialect>(d));
    if (!compiled.ok()) return compiled.error();
    set[d].emplace(std::move(compiled).value());
  }
  return {};
}

Result<TsQuerySet> compile_query_set() {
  TsQuerySet set;
  std::array<bool, kDialectCount> all{};
  all.fill(true);
  if (Status status = compile_queries(set, all); !status.ok()) return std::move(status).take_error();
  return set;
}

TsExtractor::TsExtractor(const TsQuerySet& queries) : queries_(queries), cursor_(ts_query_cursor_new()) {
  for (std::size_t d = 0; d < kDialectCount; ++d) {
    parsers_[d] = TsParser(ts_parser_new());
    ts_parser_set_language(parsers_[d].get(), grammar_of(static_cast<Dialect>(d)));
  }
}

FileFacts TsExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  const Dialect dialect = dialect_of(relative_path).value_or(Dialect::TypeScript);
  const bool declaration_file = is_declaration_file(relative_path);
  facts.relative_path = std::move(relative_path);
  facts.language = std::string(language_of(dialect));
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());

  const auto d = static_cast<std::size_t>(dialect);
  const TsTree tree(ts_parser_parse_string(parsers_[d].get(), nullptr, source.data(),
                                           static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);
  const TsQueries& queries = queries_[d].value();  // prepared for every file's dialect
  const TsSyntax& syntax = queries.syntax();
  const FactReader reader(syntax, source);
  const std::span<const std::uint8_t> kinds = queries.capture_kinds();

  std::vector<OpenDefinition> open_definitions;
  std::vector<std::pair<TSNode, Capture>> imports;      // node, kind
  std::vector<std::pair<CallPath, TSNode>> calls;       // call, callee
  std::vector<std::pair<TSNode, TSNode>> assignments;    // declarator or assignment, target
  std::vector<TSNode> fields;
  std::vector<TSNode> anonymous;
  std::vector<std::uint32_t> decisions;  // first bytes of decision points (complexity.scm)
  std::vector<TSNode> ambient;           // the `declare` statements around the current match

  // Each pattern starts at what it captures or an ancestor of it, whose own
  // ancestors the walk holds.
  for_each_match_on_walk(cursor_.get(), queries.query(), queries.roots(), root,
                         [&](const TSQueryMatch& match, std::span<const TSNode> walk) {
    TSNode main{};
    TSNode detail{};
    Capture main_kind = Capture::Other;
    for (std::uint16_t c = 0; c < match.capture_count; ++c) {
      const auto kind = static_cast<Capture>(kinds[match.captures[c].index]);
      if (kind == Capture::AssignmentTarget) {
        detail = match.captures[c].node;
      } else if (kind != Capture::Other) {
        main = match.captures[c].node;
        main_kind = kind;
      }
    }
    switch (main_kind) {
      case Capture::Class:
      case Capture::Interface:
      case Capture::Function:
      case Capture::Method:
      case Capture::Bound: open_definitions.push_back({main, main_kind, DefinitionPath(main, walk)}); break;
      case Capture::Ambient: ambient.push_back(main); break;
      case Capture::Signature: {
        // Overload signatures before a body are no definitions of their own.
        // Matches come in pre-order: the `declare` statements still open hold this one.
        const std::uint32_t start = ts_node_start_byte(main);
        while (!ambient.empty() && ts_node_end_byte(ambient.back()) <= start) ambient.pop_back();
        if (declaration_file || !ambient.empty()) {
          const Capture kind = reader.is(main, NodeType::MethodSignature) ? Capture::Method : Capture::Function;
          open_definitions.push_back({main, kind, DefinitionPath(main, walk)});
        }
        break;
      }
      case Capture::Field: fields.push_back(main); break;
      case Capture::Anonymous: anonymous.push_back(main); break;
      case Capture::Import:
      case Capture::Export: imports.emplace_back(main, main_kind); break;
      case Capture::Call:
      case Capture::CallNew: {
        const TSNode callee = reader.child(main, main_kind == Capture::Call ? Field::Function : Field::Constructor);
        if (ts_node_is_null(callee) || !ts_node_is_named(callee) || ts_node_is_error(callee)) {
          break;
        }
        calls.emplace_back(CallPath(main, walk), callee);
        break;
      }
      case Capture::Assignment:
      case Capture::AssignmentExpression: assignments.emplace_back(main, detail); break;
      case Capture::Decision: decisions.push_back(ts_node_start_byte(main)); break;
      case Capture::DecisionOperator: {
        const TSNode op = reader.child(main, Field::Operator);
        if (reader.is(op, NodeType::ShortCircuitOperator)) decisions.push_back(ts_node_start_byte(op));
        break;
      }
      default: break;
    }
  });

  // Definitions in source order, each with its enclosing definition; those
  // nested deeper than kMaxDefinitionNesting are left out with all they hold.
  std::sort(open_definitions.begin(), open_definitions.end(), [](const OpenDefinition& a, const OpenDefinition& b) {
    return ts_node_start_byte(a.node) < ts_node_start_byte(b.node);
  });
  std::vector<std::uint32_t> body_starts;
  std::vector<ScopeIndex> stack;
  std::vector<TSNode> definition_nodes;
  LeftOutSpans left_out;
  for (const OpenDefinition& open : open_definitions) {
    const std::uint32_t start = ts_node_start_byte(open.node);
    if (left_out.last_holds(start)) continue;
    std::string name = reader.definition_name(open);
    if (name.empty()) continue;
    while (!stack.empty() && facts.definitions[stack.back()].span.byte_end <= start) stack.pop_back();
    if (stack.size() >= kMaxDefinitionNesting) {
      ++facts.definitions_too_deep;
      left_out.add(start, ts_node_end_byte(open.kind == Capture::Bound ? open.path.up(1) : open.node));
      continue;
    }
    Definition definition = reader.read_definition(open, std::move(name));
    definition.parent = stack.empty() ? kModuleScope : stack.back();
    const Label parent_label =
        definition.parent == kModuleScope ? Label::Module : facts.definitions[definition.parent].label;
    const bool in_type = parent_label == Label::Class || parent_label == Label::Interface;
    if (definition.label == Label::Method && !in_type) definition.label = Label::Function;
    if (definition.label == Label::Function && in_type && open.kind == Capture::Bound) definition.label = Label::Method;
    const TSNode body = reader.child(open.node, Field::Body);
    body_starts.push_back(ts_node_is_null(body) ? ts_node_end_byte(open.node) : ts_node_start_byte(body));
    if (definition.parent == kModuleScope && reader.is_exported(open)) facts.all_names.push_back(definition.name);
    stack.push_back(static_cast<ScopeIndex>(facts.definitions.size()));
    facts.definitions.push_back(std::move(definition));
    definition_nodes.push_back(open.node);
  }
  const auto first = [](const auto& item) { return item.first; };
  const auto itself = [](TSNode node) { return node; };
  left_out.drop_from(imports, first);
  left_out.drop_from(calls, [](const auto& item) { return item.first.node(); });
  left_out.drop_from(assignments, first);
  left_out.drop_from(fields, itself);
  left_out.drop_from(anonymous, itself);
  std::erase_if(decisions, [&](std::uint32_t byte) { return left_out.holds(byte); });
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));
  count_complexity(facts.definitions, scopes, decisions);

  // Constructor parameter properties type `this.<name>`.
  for (ScopeIndex i = 0; i < facts.definitions.size(); ++i) {
    const Definition& definition = facts.definitions[i];
    if (definition.label == Label::Method && definition.name == "constructor") {
      reader.read_parameter_properties(definition_nodes[i], i, facts.assignments);
    }
  }

  // Parameters of functions no name binds (callbacks) are names of the
  // enclosing scope, of unknown type.
  for (const TSNode function : anonymous) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(function));
    if (scope == kModuleScope) continue;
    Definition& owner = facts.definitions[scope];
    if (ts_node_start_byte(function) < owner.span.byte_start) continue;
    Definition parameters;
    reader.read_parameters(reader.child(function, Field::Parameters), parameters);
    for (std::string& name : parameters.parameters) owner.local_names.push_back(std::move(name));
    const TSNode single = ts_node_child_by_field_name(function, "parameter", 9);
    if (reader.is(single, NodeType::Identifier)) owner.local_names.emplace_back(reader.text(single));
  }

  for (const auto& [node, kind] : imports) {
    const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(node));
    if (kind == Capture::Import) {
      reader.read_import(node, scope, facts.imports);
    } else {
      reader.read_export(node, facts.imports);
    }
  }

  const std::vector<ScopeIndex> constructors = constructors_of(facts.definitions);
  facts.calls.reserve(calls.size());
  for (const auto& [path, callee] : calls) {
    const TSNode call = path.node();
    // `require("m")` and `import("m")`: imports, not calls.
    const NodeType callee_type = reader.type(callee);
    if (callee_type == NodeType::Import || (callee_type == NodeType::Identifier && reader.text(callee) == "require")) {
      const TSNode arguments = reader.child(call, Field::Arguments);
      if (reader.is(ts_node_named_child(arguments, 0), NodeType::String)) {
        const ScopeIndex scope = scopes.scope_at(ts_node_start_byte(call));
        if (callee_type == NodeType::Import) {
          reader.read_dynamic_import(call, scope, facts.imports);
        } else {
          reader.read_require(path, scope, facts.imports);
        }
        continue;
      }
    }
    if (!declaration_file) {
      CallSite site;
      site.caller = caller_at(scopes, constructors, ts_node_start_byte(call));
      site.scope = scopes.scope_at(ts_node_start_byte(call));
      site.line = line_of(ts_node_start_point(call));
      site.callee = reader.links_of(callee);
      site.text = std::string(reader.text(callee).substr(0, kMaxCallText));
      facts.calls.push_back(std::move(site));
    }
  }

  const auto add_assignment = [&](TSNode statement, LinkChain target, TSNode value, TSNode annotation, ScopeIndex scope) {
    Assignment assignment;
    assignment.scope = scope;
    assignment.line = line_of(ts_node_start_point(statement));
    assignment.target = std::move(target);
    if (!ts_node_is_null(value)) {
      assignment.value = reader.links_of(value);
      if (is_opaque(assignment.value)) assignment.value.clear();
    }
    assignment.annotation = reader.annotation_links(annotation);
    facts.assignments.push_back(std::move(assignment));
  };
  for (const auto& [statement, target] : assignments) {
    const bool declarator = reader.is(statement, NodeType::VariableDeclarator);
    const TSNode value = reader.child(statement, declarator ? Field::Value : Field::Right);
    const NodeType value_type = reader.type(value);
    if (is_function_value(value_type) || value_type == NodeType::Class) continue;  // a definition binds it
    if (value_type == NodeType::CallExpression && reader.text(reader.child(value, Field::Function)) == "require") {
      continue;  // an import binds it
    }
    if (!declarator) {
      const std::string_view left = reader.text(target);
      if (left == "module.exports" || !exported_name(left).empty()) {
        reader.read_commonjs_export(statement, facts.imports);
        continue;
      }
    }
    LinkChain target_links = reader.links_of(target);
    const bool name = target_links.size() == 1 && target_links[0].kind == Link::Kind::Name;
    const bool on_this = target_links.size() == 2 && target_links[0].text == "this" &&
                         target_links[1].kind == Link::Kind::Attribute;
    if (!name && !on_this) continue;
    add_assignment(statement, std::move(target_links), value,
                   declarator ? reader.child(statement, Field::Type) : TSNode{},
                   scopes.scope_at(ts_node_start_byte(statement)));
  }
  for (const TSNode field : fields) {
    const bool javascript = reader.is(field, NodeType::FieldDefinition);
    const TSNode name = reader.child(field, javascript ? Field::Property : Field::Name);
    const TSNode value = reader.child(field, Field::Value);
    if (is_function_value(reader.type(value))) continue;  // a method
    LinkChain target{{Link::Kind::Name, "this"}, {Link::Kind::Attribute, std::string(reader.text(name))}};
    add_assignment(field, std::move(target), value, reader.child(field, Field::Type),
                   scopes.scope_at(ts_node_start_byte(field)));
  }
  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  std::stable_sort(facts.imports.begin(), facts.imports.end(),
                   [](const Import& a, const Import& b) { return a.line < b.line; });
  // What the module exports of its own (the `exports` query's public names):
  // exported declarations, then names exported by list, default or CommonJS.
  facts.has_all = true;
  for (const Import& import : facts.imports) {
    if (import.reexport && import.module.empty() && !import.name.empty()) facts.all_names.push_back(import.name);
  }
  std::sort(facts.all_names.begin(), facts.all_names.end());
  facts.all_names.erase(std::unique(facts.all_names.begin(), facts.all_names.end()), facts.all_names.end());
  return facts;
}

}  // namespace trellis::ingest::typescript
