#include "cpp/cpp_extractor.hpp"

#include <algorithm>
#include <optional>

#include "cpp/cpp_chains.hpp"
#include "extract/scope_finder.hpp"
#include "extract/syntax_walk.hpp"
#include "resolve/type_table.hpp"
#include "resolve/typed_facts.hpp"

extern "C" const TSLanguage* tree_sitter_cpp();

namespace trellis::ingest::cpp {
namespace {

constexpr std::size_t kMaxCppCallText = 200;
constexpr int kMaxDeclaratorDepth = 32;

// What encloses the node being read.
struct Frame {
  std::string ns;                      // the namespace path, dotted
  ScopeIndex type = kModuleScope;      // the innermost class
  ScopeIndex function = kModuleScope;  // the innermost function or method
  ScopeIndex scope = kModuleScope;     // the innermost definition
  std::vector<std::string> template_parameters;  // of the templates around it
  std::uint32_t nesting = 0;                     // namespaces, classes and functions around it
};

SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), last_line_of(node), ts_node_start_byte(node), ts_node_end_byte(node)};
}

std::string joined(std::string_view prefix, std::string_view name) {
  if (prefix.empty() || name.empty()) return std::string(prefix.empty() ? name : prefix);
  std::string out(prefix);
  out += '.';
  out += name;
  return out;
}

std::string dotted(const LinkChain& chain) {
  std::string out;
  for (const Link& link : chain) out = joined(out, link.text);
  return out;
}

class Walk {
 public:
  Walk(const CppQueries& queries, const ChainReader& chains, FileFacts& facts)
      : decisions_(queries.decisions()), chains_(chains), syntax_(chains.syntax()), facts_(facts),
        file_ns_(file_namespace(facts.relative_path)) {}

  void run(TSNode root) {
    frames_.push_back(Frame{});
    SyntaxWalk walk(root);
    TSTreeCursor* at = walk.cursor();
    std::vector<std::uint32_t> stack{0};
    for (bool descend = true;;) {
      const TSNode node = ts_tree_cursor_current_node(at);
      if (descend) {
        const Frame& frame = frames_[stack.back()];
        if (frame.function != kModuleScope) facts_.definitions[frame.function].complexity += decisions_.count(node);
        if (const auto inner = visit(node, stack.back()); inner && walk.goto_first_child(node)) {
          stack.push_back(*inner);
          parents_.push_back(node);
          continue;
        }
      }
      if (walk.goto_next_sibling()) {
        descend = true;
        continue;
      }
      if (!walk.goto_parent()) break;
      stack.pop_back();
      parents_.pop_back();
      descend = false;
    }
  }

 private:
  std::string text(TSNode node) const { return std::string(chains_.text(node)); }

  // The frame of what a namespace, class or function holds, one level below `frame`'s.
  std::uint32_t push_frame(Frame frame) {
    ++frame.nesting;
    frames_.push_back(std::move(frame));
    return static_cast<std::uint32_t>(frames_.size() - 1);
  }

  // Whether a namespace, class or function in frame `f` is past the nesting
  // cap: then it is not read, nor what it holds (counted in definitions_too_deep).
  bool too_deep(std::uint32_t f) {
    if (frames_[f].nesting < kMaxDefinitionNesting) return false;
    ++facts_.definitions_too_deep;
    return true;
  }

  // The parent of the node being visited (null at the root): ts_node_parent
  // walks down from the root, so a deep tree would cost its depth each time.
  TSNode parent() const { return parents_.empty() ? TSNode{} : parents_.back(); }

  // Reads one node; the frame its children are read in, or nullopt when
  // they hold nothing more to read.
  std::optional<std::uint32_t> visit(TSNode node, std::uint32_t f) {
    switch (syntax_.type(node)) {
      case NodeType::NamespaceDefinition: return namespace_frame(node, f);
      case NodeType::ClassSpecifier:
      case NodeType::StructSpecifier:
      case NodeType::UnionSpecifier:
      case NodeType::EnumSpecifier: return class_frame(node, f);
      case NodeType::FunctionDefinition: return function_definition(node, f);
      case NodeType::FieldDeclaration:
      case NodeType::Declaration: return declaration(node, f);
      case NodeType::FriendDeclaration: return std::nullopt;
      case NodeType::TemplateDeclaration: return template_frame(node, f);
      case NodeType::AccessSpecifier:
        if (frames_[f].type != kModuleScope) access_[frames_[f].type] = text(node);
        return std::nullopt;
      case NodeType::CallExpression: call(node, f); return f;
      case NodeType::BinaryExpression: binary_operator(node, f); return f;
      case NodeType::UnaryExpression: unary_operator(node, f); return f;
      case NodeType::UpdateExpression: update_operator(node, f); return f;
      case NodeType::AssignmentExpression: assignment_operator(node, f); return f;
      case NodeType::PointerExpression: dereference_operator(node, f); return f;
      case NodeType::SubscriptExpression: subscript_operator(node, f); return f;
      case NodeType::NewExpression: constructed(node, chains_.syntax().child(node, Field::Type), chains_.syntax().child(node, Field::Arguments), f); return f;
      case NodeType::FieldInitializer: field_initializer(node, f); return f;
      case NodeType::ForRangeLoop: range_for(node, f); return f;
      case NodeType::LambdaExpression: lambda_parameters(node, f); return f;
      case NodeType::PreprocInclude: include(node); return std::nullopt;
      case NodeType::PreprocDef:
      case NodeType::PreprocFunctionDef: macro(node); return std::nullopt;
      case NodeType::UsingDeclaration: using_declaration(node); return std::nullopt;
      case NodeType::AliasDeclaration: alias(syntax_.child(node, Field::Name), syntax_.child(node, Field::Type)); return std::nullopt;
      case NodeType::TypeDefinition:
        alias(syntax_.child(node, Field::Declarator), syntax_.child(node, Field::Type));
        return f;  // `typedef struct {..} X;` defines X
      default: return f;
    }
  }

  std::optional<std::uint32_t> namespace_frame(TSNode node, std::uint32_t f) {
    if (too_deep(f)) return std::nullopt;
    Frame inner = frames_[f];
    const TSNode name = syntax_.child(node, Field::Name);
    bool is_inline = false;
    for (const TSNode child : chains_.all(node)) {
      if (syntax_.is(child, NodeType::Inline)) is_inline = true;
    }
    if (ts_node_is_null(name)) {
      inner.ns = file_ns_;  // anonymous: the file's own
    } else if (!is_inline) {
      inner.ns = joined(inner.ns, dotted(chains_.name(name)));
    }
    return push_frame(std::move(inner));
  }

  // The type parameters of a template declaration, in order (value parameters, `int N`, are none).
  std::vector<std::string> type_parameters(TSNode template_declaration) const {
    std::vector<std::string> out;
    for (const TSNode parameter : chains_.named(syntax_.child(template_declaration, Field::Parameters))) {
      if (syntax_.is(parameter, NodeType::ParameterDeclaration) || syntax_.is(parameter, NodeType::OptionalParameterDeclaration)) {
        continue;
      }
      TSNode name = syntax_.child(parameter, Field::Name);
      if (ts_node_is_null(name)) name = ts_node_named_child(parameter, 0);
      if (syntax_.is(name, NodeType::TypeIdentifier)) out.push_back(text(name));
    }
    return out;
  }

  // A template's type parameters name no type of the tree: what they type
  // is bound by the receiver's type arguments, or unknown.
  std::uint32_t template_frame(TSNode node, std::uint32_t f) {
    Frame inner = frames_[f];
    --inner.nesting;  // a template adds no level of names
    for (std::string& parameter : type_parameters(node)) inner.template_parameters.push_back(std::move(parameter));
    return push_frame(std::move(inner));
  }

  // A declared type as written, its template arguments kept; where it or
  // one of its type arguments starts with a template parameter of the
  // frame's, that link has kTemplateParameterKind (`T`, `T*`, `vector<T>`,
  // `Box<T>`), unless a member of it is named (`T::type`, dependent).
  LinkChain type_in(TSNode type, std::uint32_t f) const {
    LinkChain chain = chains_.declared_type(type);
    const auto& parameters = frames_[f].template_parameters;
    if (parameters.empty()) return chain;
    for (std::size_t i = 0; i < chain.size(); ++i) {
      const bool starts = i == 0 || (chain[i - 1].kind == Link::Kind::Element && chain[i - 1].text == resolve::kTypeArgumentOpen);
      if (!starts || chain[i].kind != Link::Kind::Name) continue;
      if (std::find(parameters.begin(), parameters.end(), chain[i].text) == parameters.end()) continue;
      const bool dependent = i + 1 < chain.size() && chain[i + 1].kind == Link::Kind::Attribute &&
                             chain[i + 1].text != resolve::kElementLink && chain[i + 1].text != resolve::kDerefLink;
      if (!dependent) chain[i].kind = resolve::kTemplateParameterKind;
    }
    return chain;
  }

  // Whether a declarator declares a pointer (`*p`, `*&p`, `*f()`: a function
  // returning one); a function pointer's is none of ours.
  bool declares_pointer(TSNode declarator) const {
    for (int depth = 0; !ts_node_is_null(declarator) && depth < kMaxDeclaratorDepth; ++depth) {
      switch (syntax_.type(declarator)) {
        case NodeType::PointerDeclarator:
        case NodeType::AbstractPointerDeclarator: return true;
        case NodeType::Identifier:
        case NodeType::FieldIdentifier:
        case NodeType::FunctionDeclarator: return false;
        default: break;
      }
      TSNode inner = syntax_.child(declarator, Field::Declarator);
      if (ts_node_is_null(inner)) inner = ts_node_named_child(declarator, 0);
      declarator = inner;
    }
    return false;
  }

  // The declared type of what `declarator` declares: a pointer is a handle
  // to what it points at (kDerefLink), so `p->f` reaches f, and neither
  // `p == q` nor `*p` is an operator of the class. (A pointer to a handle or
  // to a library's collection reads as what it points at.)
  LinkChain type_in(TSNode type, TSNode declarator, std::uint32_t f) const {
    LinkChain chain = type_in(type, f);
    if (!chain.empty() && chain.back().text != resolve::kDerefLink && chain.back().text != resolve::kElementLink &&
        declares_pointer(declarator)) {
      chain.push_back({Link::Kind::Attribute, std::string(resolve::kDerefLink)});
    }
    return chain;
  }

  std::optional<std::uint32_t> class_frame(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    if (ts_node_is_null(parts[Field::Body])) return std::nullopt;  // `class A;`, `struct A* p`
    if (too_deep(f)) return std::nullopt;
    TSNode name = parts[Field::Name];
    const TSNode parent = this->parent();
    if (ts_node_is_null(name) && syntax_.is(parent, NodeType::TypeDefinition)) name = syntax_.child(parent, Field::Declarator);
    const LinkChain chain = chains_.name(name);
    if (chain.empty()) return f;  // an anonymous struct or union: its members are the enclosing type's
    const Frame& frame = frames_[f];
    Definition definition;
    definition.label = Label::Class;
    definition.name = chain.back().text;
    definition.parent = frame.scope;
    definition.span = span_of(node);
    if (definition.parent == kModuleScope) definition.qualifier = frame.ns;
    for (const TSNode child : chains_.named(node)) {
      if (!syntax_.is(child, NodeType::BaseClassClause)) continue;
      for (const TSNode base : chains_.named(child)) {
        LinkChain type = chains_.type(base);
        if (type.empty()) continue;
        definition.base_texts.push_back(text(base));
        definition.bases.push_back(std::move(type));
      }
    }
    // A class template's type parameters, which its members' types name.
    if (syntax_.is(parent, NodeType::TemplateDeclaration)) definition.parameters = type_parameters(parent);
    const auto index = add(std::move(definition));
    access_[index] = syntax_.is(node, NodeType::ClassSpecifier) ? "private" : "public";
    if (syntax_.is(node, NodeType::EnumSpecifier)) return std::nullopt;
    return push_frame(Frame{frame.ns, index, kModuleScope, index, frame.template_parameters, frame.nesting});
  }

  ScopeIndex add(Definition definition) {
    const auto index = static_cast<ScopeIndex>(facts_.definitions.size());
    facts_.definitions.push_back(std::move(definition));
    access_.emplace_back();
    return index;
  }

  // The function declarator inside a declarator (`*f(int)`, `&f()`), or null.
  TSNode function_declarator(TSNode declarator) const {
    for (int depth = 0; !ts_node_is_null(declarator) && depth < kMaxDeclaratorDepth; ++depth) {
      if (syntax_.is(declarator, NodeType::FunctionDeclarator)) return declarator;
      TSNode inner = syntax_.child(declarator, Field::Declarator);
      if (ts_node_is_null(inner)) inner = ts_node_named_child(declarator, 0);  // references, parentheses
      if (ts_node_eq(inner, declarator)) break;
      declarator = inner;
    }
    return {};
  }

  // The name a variable or parameter declarator declares (`*p`, `&r`, `a[4]`, `x = 1`), or null.
  TSNode declared_name(TSNode declarator) const {
    for (int depth = 0; !ts_node_is_null(declarator) && depth < kMaxDeclaratorDepth; ++depth) {
      switch (syntax_.type(declarator)) {
        case NodeType::Identifier:
        case NodeType::FieldIdentifier: return declarator;
        case NodeType::FunctionDeclarator: return {};
        default: break;
      }
      TSNode inner = syntax_.child(declarator, Field::Declarator);
      if (ts_node_is_null(inner)) inner = ts_node_named_child(declarator, 0);
      declarator = inner;
    }
    return {};
  }

  bool has_keyword(TSNode node, NodeType keyword, std::string_view storage = {}) const {
    for (const TSNode child : chains_.all(node)) {
      if (syntax_.is(child, keyword) && (storage.empty() || chains_.text(child) == storage)) return true;
    }
    return false;
  }

  // A function or member function: `node` the definition or declaration,
  // `declarator` its function declarator.
  ScopeIndex add_function(TSNode node, TSNode declarator, std::uint32_t f, bool declaration) {
    const Frame& frame = frames_[f];
    const auto parts = chains_.fields(declarator);
    const TSNode name = parts[Field::Declarator];
    LinkChain chain = chains_.name(name);
    if (chain.empty()) return kModuleScope;
    Definition definition;
    definition.span = span_of(node);
    definition.is_declaration = declaration;
    definition.complexity = 1;
    const bool member = frame.type != kModuleScope && frame.scope == frame.type;
    std::string owner_name;
    if (member) {
      definition.label = Label::Method;
      definition.parent = frame.type;
      owner_name = facts_.definitions[frame.type].name;
      definition.decorators.push_back(access_[frame.type]);
    } else if (chain.size() > 1) {  // `void A::f() {}`: a member defined outside its class
      definition.label = Label::Method;
      owner_name = chain[chain.size() - 2].text;
      definition.bases.emplace_back(chain.begin(), chain.end() - 1);
      definition.qualifier = frame.ns;
    } else {
      definition.label = Label::Function;
      definition.parent = frame.function != kModuleScope ? frame.function : kModuleScope;
      definition.qualifier = frame.ns.empty() ? file_ns_ : frame.ns;
    }
    definition.name = chain.back().text;
    if (syntax_.is(name, NodeType::OperatorName) || (syntax_.is(name, NodeType::QualifiedIdentifier) && definition.name.starts_with("operator"))) {
      definition.name.erase(std::remove(definition.name.begin(), definition.name.end(), ' '), definition.name.end());
    }
    if (!owner_name.empty() && definition.name == owner_name) definition.name = std::string(resolve::kConstructorName);
    if (definition.parent != kModuleScope && definition.label == Label::Function) definition.qualifier.clear();
    if (has_keyword(node, NodeType::Virtual)) definition.decorators.emplace_back("virtual");
    if (has_keyword(node, NodeType::StorageClassSpecifier, "static")) {
      definition.is_static = true;
      definition.decorators.emplace_back("static");
    }
    for (const TSNode child : chains_.named(declarator)) {
      if (syntax_.is(child, NodeType::VirtualSpecifier)) definition.decorators.push_back(text(child));
    }
    const TSNode default_value = syntax_.child(node, Field::DefaultValue);
    definition.is_abstract = !ts_node_is_null(default_value) && chains_.text(default_value) == "0";
    std::string signature = "(";
    for (const TSNode parameter : chains_.named(parts[Field::Parameters])) {
      const NodeType kind = syntax_.type(parameter);
      if (kind != NodeType::ParameterDeclaration && kind != NodeType::OptionalParameterDeclaration &&
          kind != NodeType::VariadicParameterDeclaration) {
        if (chains_.text(parameter) == "...") definition.is_variadic = true;
        continue;
      }
      if (kind == NodeType::VariadicParameterDeclaration) definition.is_variadic = true;
      const auto fields = chains_.fields(parameter);
      const TSNode parameter_name = declared_name(fields[Field::Declarator]);
      const std::string parameter_text = text(parameter_name);
      definition.parameters.push_back(parameter_text);
      if (signature.size() > 1) signature += ',';
      signature += chains_.signature_text(fields[Field::Type], fields[Field::Declarator]);
      if (LinkChain type = type_in(fields[Field::Type], fields[Field::Declarator], f); !parameter_text.empty() && !type.empty()) {
        definition.annotated_parameters.emplace_back(parameter_text, std::move(type));
      }
    }
    definition.signature = signature + ")";
    definition.return_annotation = type_in(syntax_.child(node, Field::Type), syntax_.child(node, Field::Declarator), f);
    return add(std::move(definition));
  }

  std::optional<std::uint32_t> function_definition(TSNode node, std::uint32_t f) {
    const TSNode declarator = function_declarator(syntax_.child(node, Field::Declarator));
    if (ts_node_is_null(declarator)) return f;
    if (too_deep(f)) return std::nullopt;
    const ScopeIndex index = add_function(node, declarator, f, false);
    if (index == kModuleScope) return f;
    Frame inner = frames_[f];
    inner.function = index;
    inner.scope = index;
    return push_frame(std::move(inner));
  }

  std::optional<std::uint32_t> declaration(TSNode node, std::uint32_t f) {
    const Frame& frame = frames_[f];
    const bool in_class = frame.type != kModuleScope && frame.scope == frame.type;
    const auto parts = chains_.fields(node);
    const TSNode first = function_declarator(parts[Field::Declarator]);
    if (!ts_node_is_null(first) && frame.function == kModuleScope) {
      if (in_class) add_function(node, first, f, true);
      return std::nullopt;  // a prototype outside a class is no node
    }
    for (const TSNode declarator : declarators(node)) {
      const TSNode name = declared_name(declarator);
      if (ts_node_is_null(name)) continue;
      const LinkChain type = type_in(parts[Field::Type], declarator, f);
      Assignment assignment;
      assignment.scope = in_class ? frame.type : frame.function;
      assignment.line = line_of(ts_node_start_point(name));
      assignment.target = {{Link::Kind::Name, text(name)}};
      assignment.annotation = type;
      if (syntax_.is(declarator, NodeType::InitDeclarator)) {
        const TSNode value = syntax_.child(declarator, Field::Value);
        if (syntax_.is(value, NodeType::ArgumentList) || syntax_.is(value, NodeType::InitializerList)) {
          if (frame.function != kModuleScope && !type.empty() && type.front().kind == Link::Kind::Name && !declares_pointer(declarator)) {
            constructed(declarator, parts[Field::Type], value, f);
          }
        } else {
          assignment.value = chains_.value(value);
        }
      }
      facts_.assignments.push_back(std::move(assignment));
    }
    if (!in_class) return f;
    // A member whose type is a class defined there (`struct B {..};`,
    // `struct {..} b;`): the class is read, not the member's initialiser.
    if (class_body(parts[Field::Type]) && ts_node_is_null(parts[Field::DefaultValue])) return f;
    return std::nullopt;
  }

  bool class_body(TSNode type) const {
    switch (syntax_.type(type)) {
      case NodeType::ClassSpecifier:
      case NodeType::StructSpecifier:
      case NodeType::UnionSpecifier:
      case NodeType::EnumSpecifier: return !ts_node_is_null(syntax_.child(type, Field::Body));
      default: return false;
    }
  }

  std::vector<TSNode> declarators(TSNode node) const {
    std::vector<TSNode> out;
    const TSFieldId id = syntax_.field_id(Field::Declarator);
    TSTreeCursor* cursor = nullptr;
    TsTreeCursor walk(node);
    cursor = walk.get();
    if (!ts_tree_cursor_goto_first_child(cursor)) return out;
    do {
      if (ts_tree_cursor_current_field_id(cursor) == id) out.push_back(ts_tree_cursor_current_node(cursor));
    } while (ts_tree_cursor_goto_next_sibling(cursor));
    return out;
  }

  void add_call(TSNode at, LinkChain callee, std::string_view written, TSNode arguments, std::uint32_t f) {
    const Frame& frame = frames_[f];
    CallSite site;
    site.caller = frame.function;
    site.scope = frame.function != kModuleScope ? frame.function : frame.scope;
    site.line = line_of(ts_node_start_point(at));
    site.text = std::string(written.substr(0, kMaxCppCallText));
    site.callee = std::move(callee);
    for (const TSNode argument : chains_.named(arguments)) site.arguments.push_back(chains_.value(argument));
    facts_.calls.push_back(std::move(site));
  }

  void call(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    const TSNode function = parts[Field::Function];
    if (chains_.is_cast(function) || syntax_.is(function, NodeType::PrimitiveType)) return;  // a conversion, no call
    LinkChain callee = chains_.value(function);
    add_call(node, std::move(callee), chains_.text(function), parts[Field::Arguments], f);
  }

  // An operator expression is an implicit call of `operator<op>` on its
  // operand's chain, with the other operands as its arguments
  // (typed_facts.hpp: an edge only when the operand's class, or a free
  // operator taking it, defines one; else neither an edge nor a site).
  void implicit_call(TSNode node, TSNode operand, std::string_view op, std::vector<LinkChain> arguments, std::uint32_t f) {
    LinkChain callee = chains_.value(operand);
    if (callee.empty() || callee.front().kind == Link::Kind::Opaque) return;  // an expression not read: no class to ask
    callee.push_back({Link::Kind::Attribute, "operator" + std::string(op)});
    const Frame& frame = frames_[f];
    CallSite site;
    site.caller = frame.function;
    site.scope = frame.function != kModuleScope ? frame.function : frame.scope;
    site.line = line_of(ts_node_start_point(node));
    site.text = std::string(chains_.text(node).substr(0, kMaxCppCallText));
    site.callee = std::move(callee);
    site.arguments = std::move(arguments);
    site.implicit = true;
    facts_.calls.push_back(std::move(site));
  }

  // `a == b`: `operator==` of a with b. `&&`, `||` and the comma are never
  // operators of a class the resolver can tell apart from the built-in ones.
  void binary_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    const std::string_view op = chains_.text(parts[Field::Operator]);
    if (op.empty() || op == "&&" || op == "||" || op == ",") return;
    implicit_call(node, parts[Field::Left], op, {chains_.value(parts[Field::Right])}, f);
  }

  // `-a`, `!a`, `~a` (`not a`, `compl a` their spellings): `operator-()` of a.
  void unary_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    std::string_view op = chains_.text(parts[Field::Operator]);
    if (op == "not") op = "!";
    if (op == "compl") op = "~";
    if (!op.empty()) implicit_call(node, parts[Field::Argument], op, {}, f);
  }

  // `++a` is `operator++()` of a; `a++` is `operator++(int)`, given an int.
  void update_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    const TSNode op = parts[Field::Operator];
    const TSNode operand = parts[Field::Argument];
    if (ts_node_is_null(op) || ts_node_is_null(operand)) return;
    std::vector<LinkChain> arguments;
    if (ts_node_start_byte(op) > ts_node_start_byte(operand)) arguments.push_back({{Link::Kind::Literal, "int"}});
    implicit_call(node, operand, chains_.text(op), std::move(arguments), f);
  }

  // `a += b`: `operator+=` of a with b (a plain `=` is left to the compiler's own).
  void assignment_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    const std::string_view op = chains_.text(parts[Field::Operator]);
    if (op.empty() || op == "=") return;
    implicit_call(node, parts[Field::Left], op, {chains_.value(parts[Field::Right])}, f);
  }

  // `*it`: `operator*()` of it (a pointer or a library's handle has none of
  // ours). `it->f` is typed through `operator->` (expression_typer.cpp) but
  // makes no site of its own: every member access through a pointer would.
  void dereference_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    if (chains_.text(parts[Field::Operator]) == "*") implicit_call(node, parts[Field::Argument], "*", {}, f);
  }

  // `a[i]`: `operator[]` of a with i.
  void subscript_operator(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    std::vector<LinkChain> arguments;
    for (const TSNode index : chains_.named(parts[Field::Indices])) arguments.push_back(chains_.value(index));
    implicit_call(node, parts[Field::Argument], "[]", std::move(arguments), f);
  }

  void constructed(TSNode at, TSNode type, TSNode arguments, std::uint32_t f) {
    LinkChain chain = chains_.type(type);
    if (chain.empty() || chain.back().text == resolve::kElementLink) return;  // a library's collection
    add_call(at, std::move(chain), chains_.text(type), arguments, f);
  }

  void field_initializer(TSNode node, std::uint32_t f) {
    const std::vector<TSNode> parts = chains_.named(node);
    if (parts.size() < 2) return;
    LinkChain callee = chains_.name(parts.front());
    if (callee.empty()) return;
    add_call(node, std::move(callee), chains_.text(parts.front()), parts.back(), f);
  }

  void bind(ScopeIndex scope, TSNode name, LinkChain value, LinkChain annotation) {
    if (scope == kModuleScope || ts_node_is_null(name)) return;
    Assignment assignment;
    assignment.scope = scope;
    assignment.line = line_of(ts_node_start_point(name));
    assignment.target = {{Link::Kind::Name, text(name)}};
    assignment.value = std::move(value);
    assignment.annotation = std::move(annotation);
    facts_.assignments.push_back(std::move(assignment));
  }

  void range_for(TSNode node, std::uint32_t f) {
    const auto parts = chains_.fields(node);
    LinkChain element = chains_.value(parts[Field::Right]);
    if (!element.empty()) element.push_back({Link::Kind::Attribute, std::string(resolve::kElementLink)});
    bind(frames_[f].function, declared_name(parts[Field::Declarator]), std::move(element),
         type_in(parts[Field::Type], parts[Field::Declarator], f));
  }

  void lambda_parameters(TSNode node, std::uint32_t f) {
    const TSNode declarator = syntax_.child(node, Field::Declarator);
    for (const TSNode parameter : chains_.named(syntax_.child(declarator, Field::Parameters))) {
      const auto parts = chains_.fields(parameter);
      bind(frames_[f].function, declared_name(parts[Field::Declarator]), {}, type_in(parts[Field::Type], parts[Field::Declarator], f));
    }
  }

  void include(TSNode node) {
    const std::string_view written = chains_.text(syntax_.child(node, Field::Path));
    if (written.size() < 2) return;
    Import import;
    import.line = line_of(ts_node_start_point(node));
    import.level = written.front() == '"' ? 1 : 0;
    import.module = std::string(written.substr(1, written.size() - 2));
    facts_.imports.push_back(std::move(import));
  }

  void macro(TSNode node) {
    const TSNode name = syntax_.child(node, Field::Name);
    if (ts_node_is_null(name)) return;
    Definition definition;
    definition.label = Label::Function;
    definition.name = text(name) + "!";
    definition.qualifier = file_ns_;
    definition.span = span_of(node);
    definition.decorators.emplace_back(resolve::kMacroDecorator);
    add(std::move(definition));
  }

  void using_declaration(TSNode node) {
    const std::vector<TSNode> named = chains_.named(node);
    if (named.empty()) return;
    LinkChain chain = chains_.name(named.back());
    if (chain.empty()) return;
    Import import;
    import.line = line_of(ts_node_start_point(node));
    import.is_from = true;
    if (has_keyword(node, NodeType::Namespace)) {
      import.module = dotted(chain);
      import.name = "*";
    } else {
      import.name = chain.back().text;
      chain.pop_back();
      import.module = dotted(chain);
    }
    facts_.imports.push_back(std::move(import));
  }

  void alias(TSNode name, TSNode type) {
    // `using A = Box<W>`: Box, and the arguments <W> the alias gives it.
    LinkChain target = chains_.declared_type(type);
    const std::size_t names = resolve::name_length(target);
    LinkChain arguments(target.begin() + static_cast<std::ptrdiff_t>(names), target.end());
    target.resize(names);
    if (ts_node_is_null(name) || target.empty() || target.back().text == resolve::kElementLink) return;
    Import import;
    import.arguments = std::move(arguments);
    import.line = line_of(ts_node_start_point(name));
    import.is_from = true;
    import.alias = text(name);
    import.name = target.back().text;
    target.pop_back();
    import.module = dotted(target);
    if (import.alias != import.name || !import.module.empty()) facts_.imports.push_back(std::move(import));
  }

  const DecisionPoints& decisions_;
  const ChainReader& chains_;
  const CppSyntax& syntax_;
  FileFacts& facts_;
  std::string file_ns_;
  std::vector<Frame> frames_;
  std::vector<TSNode> parents_;      // of the node being visited, outermost first
  std::vector<std::string> access_;  // by definition: a class's current access
};

}  // namespace

const TSLanguage* cpp_grammar() { return tree_sitter_cpp(); }

std::string file_namespace(std::string_view relative_path) {
  const auto slash = relative_path.rfind('/');
  const auto dot = relative_path.rfind('.');
  if (dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash)) {
    relative_path = relative_path.substr(0, dot);
  }
  std::string out(relative_path);
  std::replace(out.begin(), out.end(), '/', '.');
  return out;
}

// Decision points: if, the loops, each `case` label, catch, the conditional
// expression and the short-circuit operators.
constexpr DecisionPoints::Rule kCppDecisionRules[] = {
    {"if_statement"},
    {"for_statement"},
    {"for_range_loop"},
    {"while_statement"},
    {"do_statement"},
    {"catch_clause"},
    {"case_statement", "case", DecisionPoints::Kind::Token},
    {"conditional_expression"},
    {"binary_expression", "&&", DecisionPoints::Kind::Operator},
    {"binary_expression", "||", DecisionPoints::Kind::Operator},
};

Result<CppQueries> CppQueries::compile() { return CppQueries(); }

CppQueries::CppQueries() : SyntaxQueries(cpp_grammar(), kCppDecisionRules) {}

CppExtractor::CppExtractor(const CppQueries& queries) : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), cpp_grammar());
}

FileFacts CppExtractor::extract(std::string_view source, std::string relative_path) {
  ParsedFile parsed = parse_file(parser_.get(), source, std::move(relative_path), "cpp");
  FileFacts& facts = parsed.facts;
  if (!parsed.tree) return std::move(facts);
  const TSNode root = ts_tree_root_node(parsed.tree.get());
  const ChainReader chains(queries_.syntax(), source, root);
  Walk(queries_, chains, facts).run(root);
  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  return std::move(facts);
}

}  // namespace trellis::ingest::cpp
