#include "java/java_extractor.hpp"

#include <algorithm>
#include <iterator>
#include <map>
#include <span>

#include "extract/child_nodes.hpp"
#include "extract/flat_tree.hpp"
#include "extract/scope_finder.hpp"
#include "resolve/typed_facts.hpp"

extern "C" const TSLanguage* tree_sitter_java();

namespace trellis::ingest::java {
namespace {

std::string trimmed(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\t' || text.back() == '\r')) {
    text.remove_suffix(1);
  }
  return std::string(text);
}

// The javadoc above a declaration, without its `/** */` and leading stars.
std::string javadoc(std::string_view comment) {
  if (!comment.starts_with("/**")) return {};
  comment.remove_prefix(3);
  if (comment.ends_with("*/")) comment.remove_suffix(2);
  std::string out;
  std::size_t start = 0;
  while (start <= comment.size()) {
    const auto end = std::min(comment.find('\n', start), comment.size());
    std::string_view line = comment.substr(start, end - start);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    if (line.starts_with("*")) line.remove_prefix(1);
    if (line.starts_with(" ")) line.remove_prefix(1);
    if (!out.empty() || !line.empty()) out.append(line).append("\n");
    start = end + 1;
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

class Walker {
 public:
  // `tree`: the tree under `root` flattened.
  Walker(const JavaSyntax& syntax, std::string_view source, FileFacts& facts, TSNode root, const FlatTree& tree)
      : syntax_(syntax), source_(source), facts_(facts), tree_(tree), children_(root, &tree) {}

  void walk_program() {
    // One pre-order pass over the flattened tree; a frame per definition or
    // anonymous class body says which scope and caller the nodes inside
    // belong to. A node visit() declines is skipped with all it holds.
    const std::span<const FlatTree::Node> nodes = tree_.nodes();
    frames_.push_back({ts_node_end_byte(nodes[0].node), kModuleScope, kModuleScope});
    for (FlatTree::Index i = 0; i < nodes.size();) {
      const TSNode node = nodes[i].node;
      while (frames_.size() > 1 && frames_.back().end <= nodes[i].start) frames_.pop_back();
      visited_ = i;
      children_.near(i);
      i = visit(node, syntax_.type_of(nodes[i].symbol)) ? i + 1 : nodes[i].end;
    }
    finish();
  }

 private:
  std::string_view text(TSNode node) const { return node_text(node, source_); }
  std::vector<TSNode> named(TSNode node) const { return children_.of(node, true); }
  std::vector<TSNode> all(TSNode node) const { return children_.of(node, false); }
  Type type(TSNode node) const { return syntax_.type(node); }
  TSNode field(TSNode node, Field f) const { return fields(node)[f]; }
  // Several fields of one node: one pass over its children.
  JavaSyntax::Fields fields(TSNode node) const { return syntax_.fields(node, children_); }
  std::uint32_t line(TSNode node) const { return line_of(ts_node_start_point(node)); }

  void read_package(TSNode node) {
    for (const TSNode child : named(node)) {
      if (type(child) == Type::ScopedIdentifier || type(child) == Type::Identifier) {
        facts_.package_name = std::string(text(child));
      }
    }
  }

  // `import a.b.C;`, `import a.b.*;`, `import static a.b.C.m;`, `import static a.b.C.*;`.
  void read_import(TSNode node) {
    Import import;
    import.line = line(node);
    import.is_from = true;
    std::string path;
    bool star = false;
    for (const TSNode child : all(node)) {
      const std::string_view word = text(child);
      if (word == "static") import.level = 1;
      if (type(child) == Type::ScopedIdentifier || type(child) == Type::Identifier) path = std::string(word);
      if (std::string_view(ts_node_type(child)) == "asterisk") star = true;
    }
    if (path.empty()) return;
    if (star) {
      import.module = path;
      import.name = "*";
    } else {
      const auto dot = path.rfind('.');
      import.module = dot == std::string::npos ? std::string() : path.substr(0, dot);
      import.name = dot == std::string::npos ? path : path.substr(dot + 1);
    }
    facts_.imports.push_back(std::move(import));
  }

  // Generics erased, arrays and primitives empty.
  LinkChain type_chain(TSNode node) const {
    scratch_.clear();
    append_type(node, scratch_);
    return exact_copy(scratch_);
  }
  // A chain grown link by link reallocates at 1, 2 and 4 links: it is built
  // in `scratch_`, then moved into a vector of its size.
  static LinkChain exact_copy(LinkChain& built) {
    return LinkChain(std::make_move_iterator(built.begin()), std::make_move_iterator(built.end()));
  }
  void append_type(TSNode node, LinkChain& chain) const {
    switch (type(node)) {
      case Type::TypeIdentifier:
        if (text(node) != "var") chain.push_back({chain.empty() ? Link::Kind::Name : Link::Kind::Attribute, std::string(text(node))});
        return;
      case Type::GenericType:
      case Type::ScopedTypeIdentifier:
        for (const TSNode child : named(node)) {
          const Type t = type(child);
          if (t == Type::TypeIdentifier || t == Type::ScopedTypeIdentifier || t == Type::GenericType) append_type(child, chain);
        }
        return;
      case Type::Identifier:
      case Type::ScopedIdentifier:
        append_expression(node, chain);
        return;
      case Type::PrimitiveType:  // `int`, `boolean`: named, though no type of the tree
        if (chain.empty()) chain.push_back({Link::Kind::Name, std::string(text(node))});
        return;
      case Type::ArrayType:  // `Foo[]`: Foo's chain, then "[]" (typed_facts.hpp)
        append_type(field(node, Field::Element), chain);
        if (!chain.empty()) chain.push_back({Link::Kind::Attribute, "[]"});
        return;
      default: return;
    }
  }

  std::size_t arity(TSNode arguments) const {
    return ts_node_is_null(arguments) ? 0 : ts_node_named_child_count(arguments);
  }

  // The chain of an expression; empty when it is not a name, call or literal.
  LinkChain chain(TSNode node) const {
    scratch_.clear();
    append_expression(node, scratch_);
    return exact_copy(scratch_);
  }
  void append_name(LinkChain& out, std::string_view name) const {
    out.push_back({out.empty() ? Link::Kind::Name : Link::Kind::Attribute, std::string(name)});
  }
  void append_expression(TSNode node, LinkChain& out) const {
    switch (type(node)) {
      case Type::Identifier: append_name(out, text(node)); return;
      case Type::This: append_name(out, "this"); return;
      case Type::Super: append_name(out, "super"); return;
      case Type::ScopedIdentifier:
        append_expression(ts_node_named_child(node, 0), out);
        append_name(out, text(ts_node_named_child(node, ts_node_named_child_count(node) - 1)));
        return;
      case Type::FieldAccess: {
        const auto parts = fields(node);
        append_expression(parts[Field::Object], out);
        if (out.empty()) return;
        append_name(out, text(parts[Field::Field_]));
        return;
      }
      case Type::MethodInvocation: append_invocation(fields(node), out); return;
      case Type::ObjectCreationExpression: {
        const auto parts = fields(node);
        append_type(parts[Field::Type], out);
        if (out.empty()) return;
        out.push_back({Link::Kind::Call, std::to_string(arity(parts[Field::Arguments]))});
        return;
      }
      case Type::ParenthesizedExpression:
        if (ts_node_named_child_count(node) > 0) append_expression(ts_node_named_child(node, 0), out);
        return;
      case Type::ArrayAccess:  // an element: `users[0]`
        append_expression(field(node, Field::Array), out);
        if (!out.empty()) out.push_back({Link::Kind::Attribute, "[]"});
        return;
      case Type::CastExpression:
        // `((Foo) x)` reads as a Foo: a constructor-like chain of its type.
        append_type(field(node, Field::Type), out);
        if (!out.empty()) out.push_back({Link::Kind::Call, ""});
        return;
      case Type::StringLiteral: out.push_back({Link::Kind::Literal, "String"}); return;
      case Type::IntegerLiteral: out.push_back({Link::Kind::Literal, "int"}); return;
      case Type::FloatLiteral: out.push_back({Link::Kind::Literal, "double"}); return;
      case Type::True:
      case Type::False: out.push_back({Link::Kind::Literal, "boolean"}); return;
      case Type::CharacterLiteral: out.push_back({Link::Kind::Literal, "char"}); return;
      case Type::NullLiteral: out.push_back({Link::Kind::Literal, "null"}); return;
      default: return;
    }
  }

  // `object.name(arguments)`, given the invocation's fields.
  void append_invocation(const JavaSyntax::Fields& parts, LinkChain& out) const {
    const TSNode object = parts[Field::Object];
    if (!ts_node_is_null(object)) {
      append_expression(object, out);
      if (out.empty()) return;
    }
    append_name(out, text(parts[Field::Name]));
    out.push_back({Link::Kind::Call, std::to_string(arity(parts[Field::Arguments]))});
  }

  // From the first modifier keyword or the declaration keyword (annotations above excluded).
  SourceSpan span_of(TSNode node) const {
    std::uint32_t start = ts_node_start_byte(node);
    TSPoint point = ts_node_start_point(node);
    for (const TSNode child : all(node)) {
      if (type(child) == Type::Modifiers) {
        bool found = false;
        for (const TSNode modifier : all(child)) {
          if (type(modifier) == Type::Annotation || type(modifier) == Type::MarkerAnnotation) continue;
          start = ts_node_start_byte(modifier);
          point = ts_node_start_point(modifier);
          found = true;
          break;
        }
        if (found) break;
        continue;
      }
      if (type(child) == Type::BlockComment) continue;
      start = ts_node_start_byte(child);
      point = ts_node_start_point(child);
      break;
    }
    return {line_of(point), std::max(line_of(point), last_line_of(node)), start, ts_node_end_byte(node)};
  }

  // The named node before the one visited, under the same parent (a null node when none).
  TSNode previous_named_sibling() const {
    FlatTree::Index before = tree_[visited_].previous;
    while (before != FlatTree::kNone && !tree_[before].named) before = tree_[before].previous;
    return before == FlatTree::kNone ? TSNode{} : tree_[before].node;
  }

  void read_modifiers(TSNode node, Definition& definition) {
    for (const TSNode child : all(node)) {
      if (type(child) != Type::Modifiers) continue;
      for (const TSNode modifier : all(child)) {
        const std::string_view word = text(modifier);
        if (type(modifier) == Type::Annotation || type(modifier) == Type::MarkerAnnotation) {
          definition.decorators.emplace_back(word.starts_with("@") ? word.substr(1) : word);
        } else if (word == "static") {
          definition.is_static = true;
        } else if (word == "abstract") {
          definition.is_abstract = true;
        } else if (word == "public") {
          public_ = true;
        }
      }
    }
    const TSNode before = previous_named_sibling();
    if (type(before) == Type::BlockComment) definition.docstring = javadoc(text(before));
  }

  ScopeIndex add_definition(Definition definition) {
    // Broken input can leave a declaration without its name; every node needs one.
    if (definition.name.empty()) definition.name = "<unnamed>";
    facts_.definitions.push_back(std::move(definition));
    return static_cast<ScopeIndex>(facts_.definitions.size() - 1);
  }

  void read_type(TSNode node, Label label, ScopeIndex scope, ScopeIndex callable) {
    Definition definition;
    definition.label = label;
    definition.name = std::string(text(field(node, Field::Name)));
    definition.parent = scope;
    definition.span = span_of(node);
    public_ = false;
    read_modifiers(node, definition);
    if (scope == kModuleScope) {
      definition.qualifier = facts_.package_name;
      if (public_) facts_.all_names.push_back(definition.name);
    }
    const auto add_types = [&](TSNode list_parent, std::vector<LinkChain>& into) {
      if (ts_node_is_null(list_parent)) return;
      for (const TSNode child : named(list_parent)) {
        if (type(child) == Type::TypeList) {
          for (const TSNode item : named(child)) {
            into.push_back(type_chain(item));
            definition.base_texts.emplace_back(text(item));
          }
        } else {
          into.push_back(type_chain(child));
          definition.base_texts.emplace_back(text(child));
        }
      }
    };
    add_types(field(node, Field::Superclass), definition.bases);
    add_types(field(node, Field::Interfaces), definition.implements);
    for (const TSNode child : named(node)) {
      if (type(child) == Type::ExtendsInterfaces) add_types(child, definition.bases);
    }
    const ScopeIndex self = add_definition(std::move(definition));
    // A record's components are fields.
    if (label == Label::Class) {
      const TSNode components = field(node, Field::Parameters);
      if (!ts_node_is_null(components)) {
        for (const TSNode component : named(components)) {
          if (type(component) != Type::FormalParameter) continue;
          facts_.assignments.push_back({self, line(component), {{Link::Kind::Name, std::string(text(field(component, Field::Name)))}},
                                        {}, type_chain(field(component, Field::Type))});
        }
      }
    }
    frames_.push_back({ts_node_end_byte(node), self, callable});
  }

  void read_method(TSNode node, ScopeIndex scope) {
    Definition definition;
    definition.label = Label::Method;
    const bool constructor = type(node) != Type::MethodDeclaration;
    definition.name = constructor ? std::string(resolve::kConstructorName) : std::string(text(field(node, Field::Name)));
    definition.parent = scope;
    definition.span = span_of(node);
    read_modifiers(node, definition);
    if (!constructor) definition.return_annotation = type_chain(field(node, Field::Type));
    const ScopeIndex self = add_definition(std::move(definition));
    read_parameters(field(node, Field::Parameters), self, true);
    frames_.push_back({ts_node_end_byte(node), self, self});
  }

  // Parameters of a method (its own) or of a lambda or anonymous class's
  // method (locals of the enclosing callable).
  void read_parameters(TSNode parameters, ScopeIndex callable, bool own) {
    if (ts_node_is_null(parameters)) return;
    for (const TSNode parameter : named(parameters)) {
      std::string name;
      LinkChain declared;
      bool variadic = false;
      if (type(parameter) == Type::FormalParameter) {
        name = std::string(text(field(parameter, Field::Name)));
        declared = type_chain(field(parameter, Field::Type));
      } else if (type(parameter) == Type::SpreadParameter) {
        variadic = true;
        for (const TSNode child : named(parameter)) {
          if (type(child) == Type::VariableDeclarator) {
            name = std::string(text(field(child, Field::Name)));
          } else if (type(child) != Type::Modifiers) {
            declared = type_chain(child);
          }
        }
        if (!declared.empty()) declared.push_back({Link::Kind::Attribute, "[]"});  // an array of them
      } else if (type(parameter) == Type::Identifier) {
        if (!own && callable != kModuleScope) {
          facts_.assignments.push_back({callable, line(parameter), {{Link::Kind::Name, std::string(text(parameter))}}, {}, {}});
        }
        continue;
      } else {
        continue;
      }
      if (own) {
        Definition& method = facts_.definitions[callable];
        method.parameters.push_back(name);
        method.annotated_parameters.emplace_back(name, declared);
        method.is_variadic = method.is_variadic || variadic;
        parameter_types_[callable].push_back(erased_name(type(parameter) == Type::SpreadParameter ? parameter : field(parameter, Field::Type), variadic));
      } else if (callable != kModuleScope) {
        facts_.assignments.push_back({callable, line(parameter), {{Link::Kind::Name, name}}, {}, declared});
      }
    }
  }

  // A parameter type's simple name for an overload's signature: `List<Foo>` -> `List`.
  std::string erased_name(TSNode node, bool variadic) const {
    if (variadic) {
      for (const TSNode child : named(node)) {
        if (type(child) != Type::VariableDeclarator && type(child) != Type::Modifiers) return erased_name(child, false) + "...";
      }
      return "...";
    }
    LinkChain chain = type_chain(node);
    std::string arrays;
    while (!chain.empty() && chain.back().text == "[]") {
      arrays += "[]";
      chain.pop_back();
    }
    if (!chain.empty()) return chain.back().text + arrays;
    std::string written(text(node));
    written.erase(std::remove(written.begin(), written.end(), ' '), written.end());
    return written;
  }

  void read_variables(TSNode node, ScopeIndex scope, ScopeIndex callable) {
    const LinkChain declared = type_chain(field(node, Field::Type));
    const ScopeIndex owner = is_type_scope(scope) ? scope : callable;
    if (owner == kModuleScope) return;
    for (const TSNode declarator : named(node)) {
      if (type(declarator) != Type::VariableDeclarator) continue;
      const auto parts = fields(declarator);
      const TSNode value = parts[Field::Value];
      facts_.assignments.push_back({owner, line(declarator), {{Link::Kind::Name, std::string(text(parts[Field::Name]))}},
                                    ts_node_is_null(value) ? LinkChain{} : chain(value), declared});
    }
  }

  bool is_type_scope(ScopeIndex scope) const {
    return scope != kModuleScope && !is_callable(facts_.definitions[scope].label);
  }

  void add_call(TSNode node, TSNode callee_end, LinkChain callee, TSNode arguments, ScopeIndex scope, ScopeIndex callable) {
    if (callee.empty()) return;
    CallSite site;
    site.caller = callable;
    site.scope = scope;
    site.line = line(node);
    site.callee = std::move(callee);
    const std::uint32_t start = ts_node_start_byte(node);
    const std::uint32_t end = ts_node_is_null(callee_end) ? ts_node_end_byte(node) : ts_node_start_byte(callee_end);
    site.text = trimmed(source_.substr(start, end > start ? end - start : 0));
    if (!ts_node_is_null(arguments)) {
      const std::vector<TSNode> each = named(arguments);
      site.arguments.reserve(each.size());
      for (const TSNode argument : each) site.arguments.push_back(chain(argument));
      if (site.arguments.empty()) site.text += "()";
    }
    facts_.calls.push_back(std::move(site));
  }

  void count_decision(TSNode node, Type node_type, ScopeIndex callable) {
    if (callable == kModuleScope) return;
    switch (node_type) {
      case Type::IfStatement:
      case Type::ForStatement:
      case Type::EnhancedFor:
      case Type::WhileStatement:
      case Type::DoStatement:
      case Type::CatchClause:
      case Type::TernaryExpression: ++facts_.definitions[callable].complexity; return;
      case Type::SwitchLabel:
        if (text(node).starts_with("case")) ++facts_.definitions[callable].complexity;
        return;
      case Type::BinaryExpression: {
        const std::string_view op = text(field(node, Field::Operator));
        if (op == "&&" || op == "||") ++facts_.definitions[callable].complexity;
        return;
      }
      default: return;
    }
  }

  // Handles a node as the walk enters it; false to skip what it holds.
  // A type or method past kMaxDefinitionNesting levels of definitions: it is
  // not read, nor what it holds (qualified names grow with each level).
  bool nests_too_deep(Type node_type) {
    switch (node_type) {
      case Type::ClassDeclaration:
      case Type::EnumDeclaration:
      case Type::RecordDeclaration:
      case Type::InterfaceDeclaration:
      case Type::AnnotationTypeDeclaration:
      case Type::MethodDeclaration:
      case Type::ConstructorDeclaration:
      case Type::CompactConstructorDeclaration:
        if (frames_.size() <= kMaxDefinitionNesting) return false;
        ++facts_.definitions_too_deep;
        return true;
      default: return false;
    }
  }

  // `node_type`: type(node).
  bool visit(TSNode node, Type node_type) {
    const ScopeIndex scope = frames_.back().scope;
    const ScopeIndex callable = frames_.back().callable;
    count_decision(node, node_type, callable);
    if (nests_too_deep(node_type)) return false;
    switch (node_type) {
      case Type::PackageDeclaration: read_package(node); return false;
      case Type::ImportDeclaration: read_import(node); return false;
      case Type::Modifiers:  // annotations: read with their declaration
      case Type::FormalParameters: return false;  // read with their method, lambda or record
      case Type::ClassDeclaration:
      case Type::EnumDeclaration:
      case Type::RecordDeclaration: read_type(node, Label::Class, scope, callable); return true;
      case Type::InterfaceDeclaration:
      case Type::AnnotationTypeDeclaration: read_type(node, Label::Interface, scope, callable); return true;
      case Type::MethodDeclaration:
      case Type::ConstructorDeclaration:
      case Type::CompactConstructorDeclaration:
        if (is_type_scope(scope)) {
          read_method(node, scope);
        } else {  // a method of an anonymous class: part of the enclosing callable
          read_parameters(field(node, Field::Parameters), callable, false);
        }
        return true;
      case Type::FieldDeclaration:
      case Type::ConstantDeclaration: read_variables(node, is_type_scope(scope) ? scope : callable, callable); return true;
      case Type::LocalVariableDeclaration: read_variables(node, callable, callable); return true;
      case Type::EnumConstant:
        if (is_type_scope(scope)) {
          facts_.assignments.push_back({scope, line(node), {{Link::Kind::Name, std::string(text(field(node, Field::Name)))}}, {},
                                        {{Link::Kind::Name, facts_.definitions[scope].name}}});
        }
        mark_anonymous_body(node);
        return true;
      case Type::ClassBody:
        // An anonymous class's body: its members belong to the enclosing callable.
        if (!anonymous_bodies_.empty() && anonymous_bodies_.back() == ts_node_start_byte(node)) {
          anonymous_bodies_.pop_back();
          frames_.push_back({ts_node_end_byte(node), callable, callable});
        }
        return true;
      case Type::EnhancedFor:
        if (callable != kModuleScope) {
          facts_.assignments.push_back({callable, line(node), {{Link::Kind::Name, std::string(text(field(node, Field::Name)))}}, {},
                                        type_chain(field(node, Field::Type))});
        }
        return true;
      case Type::CatchFormalParameter:
        if (callable != kModuleScope) {
          LinkChain declared;
          for (const TSNode child : named(node)) {
            if (type(child) == Type::CatchType && ts_node_named_child_count(child) > 0) {
              declared = type_chain(ts_node_named_child(child, 0));
            }
          }
          facts_.assignments.push_back({callable, line(node), {{Link::Kind::Name, std::string(text(field(node, Field::Name)))}}, {}, declared});
        }
        return false;
      case Type::Resource:
        if (callable != kModuleScope && !ts_node_is_null(field(node, Field::Name))) {
          const TSNode value = field(node, Field::Value);
          facts_.assignments.push_back({callable, line(node), {{Link::Kind::Name, std::string(text(field(node, Field::Name)))}},
                                        ts_node_is_null(value) ? LinkChain{} : chain(value), type_chain(field(node, Field::Type))});
        }
        return true;
      case Type::InstanceofExpression:
        if (callable != kModuleScope && !ts_node_is_null(field(node, Field::Name))) {
          facts_.assignments.push_back({callable, line(node), {{Link::Kind::Name, std::string(text(field(node, Field::Name)))}}, {},
                                        type_chain(field(node, Field::Right))});
        }
        return true;
      case Type::LambdaExpression: {
        const TSNode parameters = field(node, Field::Parameters);
        if (type(parameters) == Type::Identifier) {
          if (callable != kModuleScope) {
            facts_.assignments.push_back({callable, line(node), {{Link::Kind::Name, std::string(text(parameters))}}, {}, {}});
          }
        } else {
          read_parameters(parameters, callable, false);
        }
        return true;
      }
      case Type::MethodInvocation: {
        const auto parts = fields(node);
        scratch_.clear();
        append_invocation(parts, scratch_);
        if (!scratch_.empty()) scratch_.pop_back();  // the call itself
        add_call(node, parts[Field::Arguments], exact_copy(scratch_), parts[Field::Arguments], scope, callable);
        return true;
      }
      case Type::ObjectCreationExpression: {
        const auto parts = fields(node);
        add_call(node, parts[Field::Arguments], type_chain(parts[Field::Type]), parts[Field::Arguments], scope, callable);
        mark_anonymous_body(node);
        return true;
      }
      case Type::ExplicitConstructorInvocation: {
        const TSNode constructor = field(node, Field::Constructor);
        add_call(node, field(node, Field::Arguments), {{Link::Kind::Name, std::string(text(constructor))}},
                 field(node, Field::Arguments), scope, callable);
        return true;
      }
      case Type::MethodReference: read_method_reference(node, scope, callable); return true;
      default: return true;
    }
  }

  // `new T() { ... }` and an enum constant with a body: the walk will meet
  // that body next among the node's children.
  void mark_anonymous_body(TSNode node) {
    const TSNode last = ts_node_named_child(node, ts_node_named_child_count(node) - 1);
    if (type(last) == Type::ClassBody) anonymous_bodies_.push_back(ts_node_start_byte(last));
  }

  // `Foo::bar`, `this::m`, `Foo::new`: a call of the enclosing method.
  void read_method_reference(TSNode node, ScopeIndex scope, ScopeIndex callable) {
    const std::uint32_t count = ts_node_child_count(node);
    if (count < 3) return;
    const TSNode target = ts_node_child(node, 0);
    const TSNode member = ts_node_child(node, count - 1);
    LinkChain callee = chain(target);
    if (callee.empty()) callee = type_chain(target);
    if (callee.empty()) return;
    if (text(member) != "new") append_name(callee, text(member));
    add_call(node, TSNode{}, std::move(callee), TSNode{}, scope, callable);
  }

  // Overloads: members of one type sharing a name carry their signatures.
  void finish() {
    std::map<std::pair<ScopeIndex, std::string_view>, std::vector<ScopeIndex>> by_name;
    for (ScopeIndex d = 0; d < facts_.definitions.size(); ++d) {
      const Definition& definition = facts_.definitions[d];
      if (definition.label == Label::Method) by_name[{definition.parent, definition.name}].push_back(d);
    }
    for (const auto& [key, members] : by_name) {
      if (members.size() < 2) continue;
      for (const ScopeIndex d : members) {
        std::string signature = "(";
        const auto& types = parameter_types_[d];
        for (std::size_t i = 0; i < types.size(); ++i) {
          if (i > 0) signature += ",";
          signature += types[i];
        }
        facts_.definitions[d].signature = signature + ")";
      }
    }
    for (Definition& definition : facts_.definitions) {
      if (is_callable(definition.label)) ++definition.complexity;
    }
    facts_.has_all = true;
  }

  const JavaSyntax& syntax_;
  std::string_view source_;
  FileFacts& facts_;
  const FlatTree& tree_;
  mutable ChildNodes children_;
  // Scopes the walk is inside, innermost last.
  struct Frame {
    std::uint32_t end = 0;
    ScopeIndex scope = kModuleScope;     // the innermost definition
    ScopeIndex callable = kModuleScope;  // the innermost function or method
  };
  std::vector<Frame> frames_;
  std::vector<std::uint32_t> anonymous_bodies_;  // start bytes of anonymous class bodies ahead
  bool public_ = false;
  FlatTree::Index visited_ = 0;  // the node being visited
  mutable LinkChain scratch_;  // where chain() and type_chain() build
  std::map<ScopeIndex, std::vector<std::string>> parameter_types_;
};

}  // namespace

const TSLanguage* grammar() { return tree_sitter_java(); }

namespace {

// The nodes whose fields the walker reads (through field() or fields()); a
// node missing here is still read right, with a cursor, only slower.
bool reads_fields(Type type) {
  switch (type) {
    case Type::ClassDeclaration:
    case Type::InterfaceDeclaration:
    case Type::EnumDeclaration:
    case Type::RecordDeclaration:
    case Type::AnnotationTypeDeclaration:
    case Type::MethodDeclaration:
    case Type::ConstructorDeclaration:
    case Type::CompactConstructorDeclaration:
    case Type::FieldDeclaration:
    case Type::ConstantDeclaration:
    case Type::LocalVariableDeclaration:
    case Type::VariableDeclarator:
    case Type::EnumConstant:
    case Type::FormalParameter:
    case Type::SpreadParameter:
    case Type::MethodInvocation:
    case Type::ObjectCreationExpression:
    case Type::ExplicitConstructorInvocation:
    case Type::FieldAccess:
    case Type::LambdaExpression:
    case Type::EnhancedFor:
    case Type::CatchFormalParameter:
    case Type::Resource:
    case Type::InstanceofExpression:
    case Type::CastExpression:
    case Type::ArrayType:
    case Type::ArrayAccess:
    case Type::BinaryExpression: return true;
    default: return false;
  }
}

}  // namespace

JavaQueries::JavaQueries()
    : syntax_(tree_sitter_java(), kTypeNames, kFieldNames),
      read_whole_(syntax_.typed_symbols().size(), 0),
      fields_read_(syntax_.typed_symbols().size(), 0) {
  for (TSSymbol symbol = 0; symbol < read_whole_.size(); ++symbol) {
    const Type type = syntax_.type_of(symbol);
    read_whole_[symbol] = type == Type::PackageDeclaration || type == Type::ImportDeclaration || type == Type::Modifiers ? 1 : 0;
    fields_read_[symbol] = reads_fields(type) ? 1 : 0;
  }
}

Result<JavaQueries> JavaQueries::compile() { return JavaQueries(); }

JavaExtractor::JavaExtractor(const JavaQueries& queries) : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), tree_sitter_java());
}

FileFacts JavaExtractor::extract(std::string_view source, std::string relative_path) {
  FileFacts facts;
  facts.relative_path = std::move(relative_path);
  facts.language = "java";
  facts.line_count = count_lines(source);
  facts.byte_count = static_cast<std::uint32_t>(source.size());
  const TsTree tree(ts_parser_parse_string(parser_.get(), nullptr, source.data(), static_cast<std::uint32_t>(source.size())));
  if (!tree) return facts;
  const TSNode root = ts_tree_root_node(tree.get());
  facts.has_syntax_errors = ts_node_has_error(root);
  const FlatTree flat(root, queries_.fields_read(), queries_.read_whole());
  Walker(queries_.syntax(), source, facts, root, flat).walk_program();
  return facts;
}

}  // namespace trellis::ingest::java
