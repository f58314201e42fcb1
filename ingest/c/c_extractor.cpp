#include "c/c_extractor.hpp"

#include <algorithm>

#include "extract/scope_finder.hpp"
#include "extract/syntax_walk.hpp"

extern "C" const TSLanguage* tree_sitter_c();

namespace trellis::ingest::c {
namespace {

constexpr std::size_t kMaxCallText = 200;

SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), last_line_of(node), ts_node_start_byte(node), ts_node_end_byte(node)};
}

// The identifier a declarator declares (`*name`, `name[4]`, `(*name)(int)`,
// `name = 1`), and whether it is declared a function (`name(int)`, `*name(void)`)
// rather than a variable (`(*name)(int)` is a pointer to a function).
struct Declared {
  TSNode name{};
  bool function = false;
};

Declared declared_by(TSNode declarator) {
  Declared declared;
  TSNode at = declarator;
  bool parent_is_function = false;
  for (int depth = 0; !ts_node_is_null(at) && depth < 64; ++depth) {
    const std::string_view type = ts_node_type(at);
    if (type == "identifier" || type == "type_identifier" || type == "field_identifier") {
      declared.name = at;
      declared.function = parent_is_function;
      return declared;
    }
    parent_is_function = type == "function_declarator";
    TSNode inner = child_by_field(at, "declarator");
    if (ts_node_is_null(inner) && (type == "parenthesized_declarator" || type == "attributed_declarator")) {
      inner = ts_node_named_child(at, 0);
    }
    at = inner;
  }
  return declared;
}

bool has_storage(TSNode declaration, std::string_view source, std::string_view keyword) {
  for (std::uint32_t i = 0, n = ts_node_named_child_count(declaration); i < n; ++i) {
    const TSNode child = ts_node_named_child(declaration, i);
    if (node_is(child, "storage_class_specifier") && node_text(child, source) == keyword) return true;
  }
  return false;
}

// Every declarator of a declaration (`int a, *b = 0;` has two).
template <class Visit>
void for_each_declarator(TSNode declaration, Visit&& visit) {
  const TSFieldId field = ts_language_field_id_for_name(ts_tree_language(declaration.tree), "declarator", 10);
  TSTreeCursor cursor = ts_tree_cursor_new(declaration);
  if (ts_tree_cursor_goto_first_child(&cursor)) {
    do {
      if (ts_tree_cursor_current_field_id(&cursor) == field) visit(ts_tree_cursor_current_node(&cursor));
    } while (ts_tree_cursor_goto_next_sibling(&cursor));
  }
  ts_tree_cursor_delete(&cursor);
}

// The struct, union or enum tag or the typedef name a declaration's type
// names (`const struct Writer *` -> Writer); "" for any other type.
std::string type_name(TSNode declaration, std::string_view source) {
  const TSNode type = child_by_field(declaration, "type");
  if (node_is(type, "type_identifier")) return std::string(node_text(type, source));
  if (node_is(type, "struct_specifier") || node_is(type, "union_specifier")) {
    const TSNode name = child_by_field(type, "name");
    if (!ts_node_is_null(name)) return std::string(node_text(name, source));
  }
  return {};
}

// The function a value names: `f` or `&f`; null otherwise.
TSNode function_named(TSNode value) {
  if (node_is(value, "pointer_expression") && ts_node_child_count(value) == 2 &&
      node_is(ts_node_child(value, 0), "&")) {
    value = child_by_field(value, "argument");
  }
  return node_is(value, "identifier") ? value : TSNode{};
}

class Walk {
 public:
  Walk(const CQueries& queries, std::string_view source, FileFacts& facts)
      : decisions_(queries.decisions()), source_(source), facts_(facts) {}

  void run(TSNode root) {
    SyntaxWalk walk(root);
    TSTreeCursor* at = walk.cursor();
    for (bool descend = true;;) {
      const TSNode node = ts_tree_cursor_current_node(at);
      if (descend) {
        if (function_ != kModuleScope && ts_node_start_byte(node) >= function_end_) function_ = kModuleScope;
        if (function_ != kModuleScope) facts_.definitions[function_].complexity += decisions_.count(node);
        if (visit(node) && walk.goto_first_child(node)) {
          parents_.push_back(node);
          records_.push_back(records_.back() + (defines_record(node) ? 1 : 0));
          continue;
        }
      }
      if (walk.goto_next_sibling()) {
        descend = true;
        continue;
      }
      if (!walk.goto_parent()) break;
      parents_.pop_back();
      records_.pop_back();
      descend = false;
    }
  }

 private:
  // "" for a null node (a part broken input lacks).
  std::string text(TSNode node) const {
    return ts_node_is_null(node) ? std::string() : std::string(node_text(node, source_));
  }

  // Reads one node; false when its children hold nothing more to read.
  bool visit(TSNode node) {
    const std::string_view type = ts_node_type(node);
    if (type == "function_definition") return function(node);
    if (type == "declaration") {
      declaration(node);
      return true;
    }
    if (defines_record(node)) {
      // Each one's span holds those inside it: past the cap, neither it nor they are read.
      if (records_.back() >= kMaxDefinitionNesting) {
        ++facts_.definitions_too_deep;
        return false;
      }
      record_type(node);
      return true;
    }
    if (type == "call_expression") {
      call(node);
      return true;
    }
    if (type == "assignment_expression") {
      field_assignment(node);
      return true;
    }
    if (type == "preproc_include") {
      include(node);
      return false;
    }
    if (type == "preproc_def" || type == "preproc_function_def") {
      macro(child_by_field(node, "name"));
      return false;
    }
    return true;
  }

  bool function(TSNode node) {
    const TSNode declarator = child_by_field(node, "declarator");
    const Declared declared = declared_by(declarator);
    if (ts_node_is_null(declared.name)) return true;
    Definition definition;
    definition.label = Label::Function;
    definition.name = text(declared.name);
    definition.span = span_of(node);
    definition.is_static = has_storage(node, source_, "static");
    definition.complexity = 1;
    // The parameters of the function_declarator that names the function.
    for (TSNode at = declarator; !ts_node_is_null(at); at = child_by_field(at, "declarator")) {
      if (!node_is(at, "function_declarator")) continue;
      const TSNode parameters = child_by_field(at, "parameters");
      for (std::uint32_t i = 0, n = ts_node_named_child_count(parameters); i < n; ++i) {
        const TSNode parameter = ts_node_named_child(parameters, i);
        const Declared name = declared_by(child_by_field(parameter, "declarator"));
        if (ts_node_is_null(name.name)) continue;
        definition.parameters.push_back(text(name.name));
        std::string type = type_name(parameter, source_);
        if (!type.empty()) {
          definition.annotated_parameters.push_back({text(name.name), LinkChain{{Link::Kind::Name, std::move(type)}}});
        }
      }
      break;
    }
    if (!definition.is_static) facts_.all_names.push_back(definition.name);
    function_ = static_cast<ScopeIndex>(facts_.definitions.size());
    function_end_ = ts_node_end_byte(node);
    facts_.definitions.push_back(std::move(definition));
    return true;
  }

  void declaration(TSNode node) {
    const bool is_static = has_storage(node, source_, "static");
    const std::string type = type_name(node, source_);
    for_each_declarator(node, [&](TSNode declarator) {
      const Declared declared = declared_by(declarator);
      if (ts_node_is_null(declared.name)) return;
      if (declared.function) {
        if (function_ == kModuleScope && !is_static) facts_.all_names.push_back(text(declared.name));
        return;
      }
      if (function_ != kModuleScope) facts_.definitions[function_].local_names.push_back(text(declared.name));
      bind_variable(declared.name, type);
      if (!type.empty() && node_is(declarator, "init_declarator")) {
        designated(child_by_field(declarator, "value"), type);
      }
    });
  }

  // `{.read = my_read, .write = &my_write}` initialising a `type`.
  void designated(TSNode list, const std::string& type) {
    if (!node_is(list, "initializer_list")) return;
    for (std::uint32_t i = 0, n = ts_node_named_child_count(list); i < n; ++i) {
      const TSNode pair = ts_node_named_child(list, i);
      if (!node_is(pair, "initializer_pair")) continue;
      const TSNode designator = child_by_field(pair, "designator");
      const TSNode function = function_named(child_by_field(pair, "value"));
      if (!node_is(designator, "field_designator") || ts_node_is_null(function)) continue;
      const TSNode field = ts_node_named_child(designator, 0);
      bind_field({Link::Kind::Literal, type}, field, function);
    }
  }

  // `x.read = my_read;` / `x->read = &my_read;`.
  void field_assignment(TSNode node) {
    const TSNode left = child_by_field(node, "left");
    const TSNode op = child_by_field(node, "operator");
    const TSNode function = function_named(child_by_field(node, "right"));
    if (!node_is(left, "field_expression") || !node_is(op, "=") || ts_node_is_null(function)) return;
    const TSNode receiver = child_by_field(left, "argument");
    if (!node_is(receiver, "identifier")) return;
    bind_field({Link::Kind::Name, text(receiver)}, child_by_field(left, "field"), function);
  }

  void bind_field(Link holder, TSNode field, TSNode function) {
    Assignment assignment;
    assignment.scope = function_;
    assignment.line = line_of(ts_node_start_point(field));
    assignment.target = {std::move(holder), {Link::Kind::Attribute, text(field)}};
    assignment.value.push_back({Link::Kind::Name, text(function)});
    facts_.assignments.push_back(std::move(assignment));
  }

  // A variable, in the function being read or at file scope, with its type's name.
  void bind_variable(TSNode name, const std::string& type) {
    Assignment assignment;
    assignment.scope = function_;
    assignment.line = line_of(ts_node_start_point(name));
    assignment.target.push_back({Link::Kind::Name, text(name)});
    if (!type.empty()) assignment.annotation.push_back({Link::Kind::Name, type});
    facts_.assignments.push_back(std::move(assignment));
  }

  // A struct, union or enum with a body (`struct s *p;` names one, defines nothing).
  static bool defines_record(TSNode node) {
    const std::string_view type = ts_node_type(node);
    return (type == "struct_specifier" || type == "union_specifier" || type == "enum_specifier") &&
           !ts_node_is_null(child_by_field(node, "body"));
  }

  void record_type(TSNode node) {
    TSNode name = child_by_field(node, "name");
    TSNode spanned = node;
    // ts_node_parent walks down from the root: deep input would cost its depth each time.
    const TSNode parent = parents_.empty() ? TSNode{} : parents_.back();
    if (ts_node_is_null(name) && node_is(parent, "type_definition")) {
      for_each_declarator(parent, [&](TSNode declarator) {
        if (ts_node_is_null(name) && node_is(declarator, "type_identifier")) name = declarator;
      });
      spanned = parent;
    }
    if (ts_node_is_null(name)) return;
    Definition definition;
    definition.label = Label::Class;
    definition.name = text(name);
    definition.span = span_of(spanned);
    if (facts_.relative_path.ends_with(".h")) facts_.all_names.push_back(definition.name);
    facts_.definitions.push_back(std::move(definition));
  }

  void call(TSNode node) {
    TSNode function = child_by_field(node, "function");
    while (node_is(function, "parenthesized_expression") && ts_node_named_child_count(function) == 1) {
      function = ts_node_named_child(function, 0);
    }
    CallSite site;
    site.caller = function_;
    site.scope = function_;
    site.line = line_of(ts_node_start_point(node));
    site.text = text(function).substr(0, kMaxCallText);
    if (node_is(function, "identifier")) {
      site.callee.push_back({Link::Kind::Name, text(function)});
    } else if (node_is(function, "field_expression")) {
      const TSNode receiver = child_by_field(function, "argument");
      if (node_is(receiver, "identifier")) {
        site.callee.push_back({Link::Kind::Name, text(receiver)});
      } else {
        site.callee.push_back({Link::Kind::Opaque, {}});
      }
      site.callee.push_back({Link::Kind::Attribute, text(child_by_field(function, "field"))});
    } else {
      site.callee.push_back({Link::Kind::Opaque, {}});
    }
    facts_.calls.push_back(std::move(site));
  }

  void include(TSNode node) {
    const TSNode path = child_by_field(node, "path");
    if (ts_node_is_null(path)) return;
    const std::string_view written = node_text(path, source_);
    if (written.size() < 2) return;
    Import import;
    import.line = line_of(ts_node_start_point(node));
    import.level = written.front() == '"' ? 1 : 0;
    import.module = std::string(written.substr(1, written.size() - 2));
    facts_.imports.push_back(std::move(import));
  }

  void macro(TSNode name) {
    if (ts_node_is_null(name)) return;
    Assignment assignment;
    assignment.line = line_of(ts_node_start_point(name));
    assignment.target.push_back({Link::Kind::Name, text(name)});
    assignment.annotation.push_back({Link::Kind::Opaque, std::string(kMacroMark)});
    facts_.assignments.push_back(std::move(assignment));
  }

  const DecisionPoints& decisions_;
  std::string_view source_;
  FileFacts& facts_;
  ScopeIndex function_ = kModuleScope;
  std::uint32_t function_end_ = 0;
  std::vector<TSNode> parents_;  // of the node being visited, outermost first
  std::vector<std::uint32_t> records_{0};  // the structs, unions and enums around each of parents_' children
};

}  // namespace

const TSLanguage* c_grammar() { return tree_sitter_c(); }

// Decision points: if, the loops, each `case` label (not `default`), the
// conditional expression and the short-circuit operators.
constexpr DecisionPoints::Rule kDecisionRules[] = {
    {"if_statement"},
    {"for_statement"},
    {"while_statement"},
    {"do_statement"},
    {"case_statement", "case", DecisionPoints::Kind::Token},
    {"conditional_expression"},
    {"binary_expression", "&&", DecisionPoints::Kind::Operator},
    {"binary_expression", "||", DecisionPoints::Kind::Operator},
};

Result<CQueries> CQueries::compile() { return CQueries(); }

CQueries::CQueries() : decisions_(c_grammar(), kDecisionRules) {}

CExtractor::CExtractor(const CQueries& queries) : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), c_grammar());
}

FileFacts CExtractor::extract(std::string_view source, std::string relative_path) {
  ParsedFile parsed = parse_file(parser_.get(), source, std::move(relative_path), "c");
  FileFacts& facts = parsed.facts;
  facts.has_all = true;
  if (!parsed.tree) return std::move(facts);
  Walk(queries_, source, facts).run(ts_tree_root_node(parsed.tree.get()));
  std::sort(facts.all_names.begin(), facts.all_names.end());
  facts.all_names.erase(std::unique(facts.all_names.begin(), facts.all_names.end()), facts.all_names.end());
  return std::move(facts);
}

}  // namespace trellis::ingest::c
