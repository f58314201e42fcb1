#include "rust/rust_extractor.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>

#include "extract/complexity.hpp"
#include "extract/scope_finder.hpp"
#include "extract/syntax_walk.hpp"
#include "resolve/type_table.hpp"
#include "resolve/typed_facts.hpp"
#include "rust/rust_chains.hpp"

extern "C" const TSLanguage* tree_sitter_rust();

namespace trellis::ingest::rust {
namespace {

constexpr std::size_t kMaxCallText = 200;
constexpr int kMaxPatternDepth = 32;

// A node the walk collected, with the inline modules around it.
struct Found {
  TSNode node;
  std::uint32_t path = 0;  // index into Collected::inline_paths
};

struct Collected {
  std::vector<std::vector<std::string>> inline_paths{{}};
  std::vector<Found> definitions;
  std::vector<Found> uses;
  std::vector<Found> calls;     // call expressions and macro invocations
  std::vector<Found> bindings;  // let, for, let conditions, closure parameters, match arms
  std::vector<std::uint32_t> decisions;
  std::uint32_t too_deep = 0;  // definitions and modules past kMaxDefinitionNesting
};

bool is_definition(NodeType type) {
  switch (type) {
    case NodeType::StructItem:
    case NodeType::EnumItem:
    case NodeType::UnionItem:
    case NodeType::TraitItem:
    case NodeType::ImplItem:
    case NodeType::FunctionItem:
    case NodeType::FunctionSignatureItem:
    case NodeType::MacroDefinition: return true;
    default: return false;
  }
}

bool is_binding(NodeType type) {
  switch (type) {
    case NodeType::LetDeclaration:
    case NodeType::ForExpression:
    case NodeType::LetCondition:
    case NodeType::ClosureParameters:
    case NodeType::MatchArm: return true;
    default: return false;
  }
}

Collected collect(const RustSyntax& syntax, const DecisionPoints& decisions, const ChainReader& chains, TSNode root) {
  Collected collected;
  SyntaxWalk walk(root);
  TSTreeCursor* at = walk.cursor();
  std::vector<std::uint32_t> paths{0};  // the inline path of the children of each ancestor
  std::vector<std::uint32_t> nesting{0};  // the definitions and modules around each ancestor's children
  for (bool descend = true;;) {
    const TSNode node = ts_tree_cursor_current_node(at);
    const NodeType type = syntax.type(node);
    const std::uint32_t path = paths.back();
    const bool nests = is_definition(type) || type == NodeType::ModItem;
    if (descend && nests && nesting.back() >= kMaxDefinitionNesting) {
      ++collected.too_deep;  // neither it nor what it holds is read
      descend = false;
    } else if (descend) {
      for (std::uint32_t k = decisions.count(node); k > 0; --k) collected.decisions.push_back(ts_node_start_byte(node));
      if (is_definition(type)) {
        collected.definitions.push_back({node, path});
      } else if (type == NodeType::UseDeclaration) {
        collected.uses.push_back({node, path});
      } else if (type == NodeType::CallExpression || type == NodeType::MacroInvocation || type == NodeType::BinaryExpression ||
                 type == NodeType::CompoundAssignmentExpr || type == NodeType::UnaryExpression ||
                 type == NodeType::IndexExpression) {
        collected.calls.push_back({node, path});
      } else if (is_binding(type)) {
        collected.bindings.push_back({node, path});
      }
      // A macro's rules and a use's path hold no definitions or calls.
      const bool leaf = type == NodeType::MacroDefinition || type == NodeType::UseDeclaration;
      if (!leaf && walk.goto_first_child(node)) {
        std::uint32_t inner = path;
        if (type == NodeType::ModItem) {
          std::vector<std::string> nested = collected.inline_paths[path];
          nested.emplace_back(chains.text(syntax.child(node, Field::Name)));
          inner = static_cast<std::uint32_t>(collected.inline_paths.size());
          collected.inline_paths.push_back(std::move(nested));
        }
        paths.push_back(inner);
        nesting.push_back(nesting.back() + (nests ? 1 : 0));
        continue;
      }
    }
    if (walk.goto_next_sibling()) {
      descend = true;
      continue;
    }
    if (!walk.goto_parent()) break;
    paths.pop_back();
    nesting.pop_back();
    descend = false;
  }
  return collected;
}

std::string dotted(const std::vector<std::string>& path) {
  std::string out;
  for (const std::string& part : path) {
    if (!out.empty()) out += '.';
    out += part;
  }
  return out;
}

bool capitalised(std::string_view name) { return !name.empty() && name.front() >= 'A' && name.front() <= 'Z'; }

// Reads one file's definitions, locals, imports and calls.
class FileReader {
 public:
  FileReader(const ChainReader& chains, const Collected& collected, FileFacts& facts)
      : chains_(chains), syntax_(chains.syntax()), collected_(collected), facts_(facts) {}

  void definitions(std::vector<std::uint32_t>& body_starts);
  void uses();
  void bindings(const ScopeFinder& scopes);
  void calls(const ScopeFinder& scopes);

 private:
  std::span<const std::string> inline_of(std::uint32_t path) const { return collected_.inline_paths[path]; }
  Definition definition(const Found& found, ScopeIndex parent, std::uint32_t& body_start);
  void read_parameters(TSNode function, std::span<const std::string> inline_modules, Definition& into);
  std::string self_type_name(TSNode type) const;
  void read_deref_target(TSNode body, std::span<const std::string> inline_modules, Definition& into) const;
  void name_trait_methods_apart();
  // What a closure's parameters are when it is passed to an adaptor of
  // elements (`xs.iter().map(|x| ..)`, `opt.map(|x| ..)`): an element of the
  // receiver; empty otherwise.
  LinkChain closure_element(TSNode parameters, std::span<const std::string> inline_modules) const;
  void pattern_names(TSNode pattern, std::vector<TSNode>& out, int depth) const;
  void bind(ScopeIndex scope, TSNode name, LinkChain value, LinkChain annotation);
  void bind_pattern(ScopeIndex scope, TSNode pattern, LinkChain value_of_identifier);
  void use_tree(TSNode node, std::vector<std::string> prefix, std::uint32_t line, std::span<const std::string> inline_modules);
  void add_import(std::vector<std::string> path, std::string alias, std::uint32_t line,
                  std::span<const std::string> inline_modules);

  const ChainReader& chains_;
  const RustSyntax& syntax_;
  const Collected& collected_;
  FileFacts& facts_;
  std::vector<NodeType> kinds_;  // the node type of each definition
};

SourceSpan span_of(TSNode node) {
  return {line_of(ts_node_start_point(node)), last_line_of(node), ts_node_start_byte(node), ts_node_end_byte(node)};
}

// `type Target = U;` of an `impl Deref`: U's members are reached through the type.
void FileReader::read_deref_target(TSNode body, std::span<const std::string> inline_modules, Definition& into) const {
  for (const TSNode item : chains_.named(body)) {
    if (!syntax_.is(item, NodeType::TypeItem)) continue;
    const auto parts = chains_.fields(item);
    if (chains_.text(parts[Field::Name]) != "Target") continue;
    if (LinkChain target = chains_.type(parts[Field::Type], inline_modules); !target.empty()) {
      into.bases.push_back(std::move(target));
    }
  }
}

std::string FileReader::self_type_name(TSNode type) const {
  for (int depth = 0; depth < 8 && !ts_node_is_null(type); ++depth) {
    switch (syntax_.type(type)) {
      case NodeType::TypeIdentifier:
      case NodeType::PrimitiveType: return std::string(chains_.text(type));
      case NodeType::ScopedTypeIdentifier: type = syntax_.child(type, Field::Name); break;
      case NodeType::GenericType: type = syntax_.child(type, Field::Type); break;
      case NodeType::ReferenceType:
      case NodeType::PointerType: type = syntax_.child(type, Field::Type); break;
      case NodeType::DynamicType: type = syntax_.child(type, Field::Trait); break;
      default: return {};
    }
  }
  return {};
}

void FileReader::read_parameters(TSNode function, std::span<const std::string> inline_modules, Definition& into) {
  const auto parts = chains_.fields(function);
  // Generic parameters stand for their first bound.
  std::unordered_map<std::string_view, LinkChain> bounds;
  for (const TSNode parameter : chains_.named(parts[Field::TypeParameters])) {
    if (!syntax_.is(parameter, NodeType::TypeParameter)) continue;
    const auto fields = chains_.fields(parameter);
    const std::vector<TSNode> listed = chains_.named(fields[Field::Bounds]);
    LinkChain bound = listed.empty() ? LinkChain{} : chains_.type(listed.front(), inline_modules);
    bounds.emplace(chains_.text(fields[Field::Name]), std::move(bound));
  }
  // `where T: Shape`: the first bound of a parameter that has none where it is declared.
  for (const TSNode child : chains_.named(function)) {
    if (!syntax_.is(child, NodeType::WhereClause)) continue;
    for (const TSNode predicate : chains_.named(child)) {
      const auto fields = chains_.fields(predicate);
      const auto it = bounds.find(chains_.text(fields[Field::Left]));
      const std::vector<TSNode> listed = chains_.named(fields[Field::Bounds]);
      if (it != bounds.end() && it->second.empty() && !listed.empty()) it->second = chains_.type(listed.front(), inline_modules);
    }
  }
  const auto type_of = [&](TSNode type) {
    LinkChain chain = chains_.type(type, inline_modules);
    const bool reference = chain.size() == 2 && chain[1].text == resolve::kReferenceLink;  // `&T`
    if (chain.size() == 1 || reference) {
      if (const auto it = bounds.find(chain[0].text); it != bounds.end()) {
        LinkChain bound = it->second;
        if (reference && !bound.empty()) bound.push_back(chain[1]);
        return bound;
      }
    }
    return chain;
  };
  for (const TSNode parameter : chains_.named(parts[Field::Parameters])) {
    if (!syntax_.is(parameter, NodeType::Parameter)) continue;
    const auto fields = chains_.fields(parameter);
    const TSNode pattern = fields[Field::Pattern];
    if (syntax_.is(pattern, NodeType::Self)) continue;
    std::vector<TSNode> names;
    pattern_names(pattern, names, 0);
    for (const TSNode name : names) into.parameters.emplace_back(chains_.text(name));
    if (syntax_.is(pattern, NodeType::Identifier)) {
      into.annotated_parameters.emplace_back(std::string(chains_.text(pattern)), type_of(fields[Field::Type]));
    }
  }
  into.return_annotation = type_of(parts[Field::ReturnType]);
}

Definition FileReader::definition(const Found& found, ScopeIndex parent, std::uint32_t& body_start) {
  const TSNode node = found.node;
  const NodeType type = syntax_.type(node);
  const std::span<const std::string> inline_modules = inline_of(found.path);
  const auto parts = chains_.fields(node);
  Definition out;
  out.parent = parent;
  out.span = span_of(node);
  const TSNode body = parts[Field::Body];
  body_start = ts_node_is_null(body) ? ts_node_end_byte(node) : ts_node_start_byte(body);
  out.name = std::string(chains_.text(parts[Field::Name]));
  switch (type) {
    case NodeType::StructItem:
    case NodeType::EnumItem:
    case NodeType::UnionItem: out.label = Label::Class; break;
    case NodeType::TraitItem:
      out.label = Label::Interface;
      for (const TSNode bound : chains_.named(parts[Field::Bounds])) {
        LinkChain chain = chains_.type(bound, inline_modules);
        if (chain.empty()) continue;
        out.base_texts.emplace_back(chains_.text(bound));
        out.bases.push_back(std::move(chain));
      }
      break;
    case NodeType::ImplItem:
      out.label = Label::Class;
      out.is_extension = true;
      out.name = self_type_name(parts[Field::Type]);
      if (!ts_node_is_null(parts[Field::Trait])) {
        if (LinkChain chain = chains_.type(parts[Field::Trait], inline_modules); !chain.empty()) {
          const bool deref = chain.back().text == "Deref" || chain.back().text == "DerefMut";
          out.implements.push_back(std::move(chain));
          if (deref) read_deref_target(body, inline_modules, out);
        }
      }
      break;
    case NodeType::MacroDefinition:
      out.label = Label::Function;
      if (!out.name.empty()) out.name += '!';
      out.decorators.emplace_back(resolve::kMacroDecorator);
      break;
    default: {
      const bool member = parent != kModuleScope && (kinds_[parent] == NodeType::ImplItem || kinds_[parent] == NodeType::TraitItem);
      out.label = member ? Label::Method : Label::Function;
      read_parameters(node, inline_modules, out);
      break;
    }
  }
  if (parent == kModuleScope) out.qualifier = dotted(collected_.inline_paths[found.path]);
  return out;
}

void FileReader::definitions(std::vector<std::uint32_t>& body_starts) {
  std::vector<ScopeIndex> stack;
  for (const Found& found : collected_.definitions) {
    const std::uint32_t start = ts_node_start_byte(found.node);
    while (!stack.empty() && facts_.definitions[stack.back()].span.byte_end <= start) stack.pop_back();
    std::uint32_t body_start = 0;
    Definition definition = this->definition(found, stack.empty() ? kModuleScope : stack.back(), body_start);
    if (definition.name.empty()) {
      if (!definition.is_extension) continue;
      definition.name = "<unnamed>";  // an impl for a type not read as a name (a tuple, a function type)
    }
    const auto index = static_cast<ScopeIndex>(facts_.definitions.size());
    if (definition.label == Label::Class && !definition.is_extension) {
      // Struct and union fields.
      for (const TSNode field : chains_.named(syntax_.child(found.node, Field::Body))) {
        if (!syntax_.is(field, NodeType::FieldDeclaration)) continue;
        const auto parts = chains_.fields(field);
        Assignment assignment;
        assignment.scope = index;
        assignment.line = line_of(ts_node_start_point(field));
        assignment.target = {{Link::Kind::Name, std::string(chains_.text(parts[Field::Name]))}};
        assignment.annotation = chains_.type(parts[Field::Type], inline_of(found.path));
        facts_.assignments.push_back(std::move(assignment));
      }
    }
    stack.push_back(index);
    kinds_.push_back(syntax_.type(found.node));
    body_starts.push_back(body_start);
    facts_.definitions.push_back(std::move(definition));
  }
  name_trait_methods_apart();
}

// Methods of one type that share a name (`fmt` of `impl Display` and of
// `impl Debug`) are told apart by their trait: `Order.fmt<Display>`.
void FileReader::name_trait_methods_apart() {
  auto& definitions = facts_.definitions;
  const auto owner = [&](const Definition& d) -> const Definition* {
    if (d.label != Label::Method || d.parent == kModuleScope || !definitions[d.parent].is_extension) return nullptr;
    return &definitions[d.parent];
  };
  std::unordered_map<std::string, std::uint32_t> counts;  // "Type.method"
  for (const Definition& d : definitions) {
    if (const Definition* part = owner(d)) ++counts[part->name + "." + d.name];
  }
  for (Definition& d : definitions) {
    const Definition* part = owner(d);
    if (part == nullptr || part->implements.empty() || counts[part->name + "." + d.name] < 2) continue;
    d.signature = "<" + part->implements.front().back().text + ">";
  }
}

void FileReader::pattern_names(TSNode pattern, std::vector<TSNode>& out, int depth) const {
  if (ts_node_is_null(pattern) || depth > kMaxPatternDepth) return;
  switch (syntax_.type(pattern)) {
    case NodeType::Identifier:
    case NodeType::ShorthandFieldIdentifier:
      if (!capitalised(chains_.text(pattern))) out.push_back(pattern);
      return;
    case NodeType::ScopedIdentifier:
    case NodeType::ScopedTypeIdentifier:
    case NodeType::TypeIdentifier:
    case NodeType::GenericType: return;
    default: break;
  }
  const TSNode constructor = syntax_.child(pattern, Field::Type);  // `Some` of `Some(x)`
  for (const TSNode child : chains_.named(pattern)) {
    if (!ts_node_is_null(constructor) && ts_node_eq(child, constructor)) continue;
    if (syntax_.is(child, NodeType::FieldIdentifier)) continue;  // `name: pattern`: the field's name
    pattern_names(child, out, depth + 1);
  }
}

void FileReader::bind(ScopeIndex scope, TSNode name, LinkChain value, LinkChain annotation) {
  Assignment assignment;
  assignment.scope = scope;
  assignment.line = line_of(ts_node_start_point(name));
  assignment.target = {{Link::Kind::Name, std::string(chains_.text(name))}};
  assignment.value = std::move(value);
  assignment.annotation = std::move(annotation);
  facts_.assignments.push_back(std::move(assignment));
}

// An identifier pattern gets `value_of_identifier`; `Some(x)` / `Ok(x)` an
// element of it; the names of other patterns nothing.
void FileReader::bind_pattern(ScopeIndex scope, TSNode pattern, LinkChain value_of_identifier) {
  if (syntax_.is(pattern, NodeType::Identifier)) return bind(scope, pattern, std::move(value_of_identifier), {});
  if (syntax_.is(pattern, NodeType::TupleStructPattern) && !value_of_identifier.empty()) {
    const std::string_view wrapper = chains_.text(syntax_.child(pattern, Field::Type));
    const std::vector<TSNode> inner = chains_.named(pattern);
    if ((wrapper == "Some" || wrapper == "Ok") && inner.size() == 2 && syntax_.is(inner[1], NodeType::Identifier)) {
      value_of_identifier.push_back({Link::Kind::Attribute, std::string(resolve::kElementLink)});
      return bind(scope, inner[1], std::move(value_of_identifier), {});
    }
  }
  std::vector<TSNode> names;
  pattern_names(pattern, names, 0);
  for (const TSNode name : names) bind(scope, name, {}, {});
}

// Iterator and Option adaptors whose closure takes the receiver's elements.
constexpr std::array<std::string_view, 24> kElementAdaptors{
    "map",        "filter",      "for_each",    "any",          "all",         "find",
    "filter_map", "flat_map",    "position",    "take_while",   "skip_while",  "inspect",
    "find_map",   "and_then",    "is_some_and", "retain",       "sort_by_key", "max_by_key",
    "min_by_key", "map_while",   "partition",   "try_for_each", "sort_by",     "dedup_by_key"};

LinkChain FileReader::closure_element(TSNode parameters, std::span<const std::string> inline_modules) const {
  const TSNode closure = ts_node_parent(parameters);
  const TSNode arguments = ts_node_is_null(closure) ? TSNode{} : ts_node_parent(closure);
  const TSNode call = ts_node_is_null(arguments) ? TSNode{} : ts_node_parent(arguments);
  if (!syntax_.is(call, NodeType::CallExpression)) return {};
  const TSNode function = syntax_.child(call, Field::Function);
  if (!syntax_.is(function, NodeType::FieldExpression)) return {};
  const auto member = chains_.fields(function);
  const std::string_view name = chains_.text(member[Field::Field]);
  if (std::find(kElementAdaptors.begin(), kElementAdaptors.end(), name) == kElementAdaptors.end()) return {};
  LinkChain element = chains_.value(member[Field::Value], inline_modules);
  if (!element.empty()) element.push_back({Link::Kind::Attribute, std::string(resolve::kElementLink)});
  return element;
}

ScopeIndex function_at(const ScopeFinder& scopes, std::uint32_t byte) {
  const auto definitions = scopes.definitions();
  ScopeIndex index = scopes.scope_at(byte);
  while (index != kModuleScope && !is_callable(definitions[index].label)) index = definitions[index].parent;
  return index;
}

void FileReader::bindings(const ScopeFinder& scopes) {
  for (const Found& found : collected_.bindings) {
    const TSNode node = found.node;
    const ScopeIndex scope = function_at(scopes, ts_node_start_byte(node));
    if (scope == kModuleScope) continue;
    const std::span<const std::string> inline_modules = inline_of(found.path);
    const auto parts = chains_.fields(node);
    switch (syntax_.type(node)) {
      case NodeType::LetDeclaration: {
        const TSNode pattern = parts[Field::Pattern];
        if (syntax_.is(pattern, NodeType::Identifier)) {
          bind(scope, pattern, chains_.value(parts[Field::Value], inline_modules),
               chains_.type(parts[Field::Type], inline_modules));
        } else {
          bind_pattern(scope, pattern, chains_.value(parts[Field::Value], inline_modules));
        }
        break;
      }
      case NodeType::ForExpression: {
        LinkChain element = chains_.value(parts[Field::Value], inline_modules);
        if (!element.empty()) element.push_back({Link::Kind::Attribute, std::string(resolve::kElementLink)});
        bind_pattern(scope, parts[Field::Pattern], std::move(element));
        break;
      }
      case NodeType::LetCondition:
        bind_pattern(scope, parts[Field::Pattern], chains_.value(parts[Field::Value], inline_modules));
        break;
      case NodeType::ClosureParameters: {
        const LinkChain element = closure_element(node, inline_modules);
        for (const TSNode parameter : chains_.named(node)) {
          if (syntax_.is(parameter, NodeType::Parameter)) {
            const auto fields = chains_.fields(parameter);
            if (syntax_.is(fields[Field::Pattern], NodeType::Identifier)) {
              bind(scope, fields[Field::Pattern], {}, chains_.type(fields[Field::Type], inline_modules));
              continue;
            }
            bind_pattern(scope, fields[Field::Pattern], {});
            continue;
          }
          bind_pattern(scope, parameter, element);
        }
        break;
      }
      default: {  // a match arm: its pattern binds parts of the scrutinee
        const TSNode block = ts_node_parent(node);
        const TSNode match = ts_node_is_null(block) ? TSNode{} : ts_node_parent(block);
        const TSNode pattern = ts_node_named_child(parts[Field::Pattern], 0);
        if (ts_node_is_null(pattern)) break;
        bind_pattern(scope, pattern, chains_.value(syntax_.child(match, Field::Value), inline_modules));
        break;
      }
    }
  }
}

void FileReader::add_import(std::vector<std::string> path, std::string alias, std::uint32_t line,
                            std::span<const std::string> inline_modules) {
  if (path.empty()) return;
  if (path.back() == "self") path.pop_back();  // `use a::b::{self}` binds b
  path = ChainReader::normalised(std::move(path), inline_modules);
  if (path.empty()) return;
  Import import;
  import.line = line;
  import.name = std::move(path.back());
  path.pop_back();
  import.module = dotted(path);
  import.alias = std::move(alias);
  import.is_from = true;
  facts_.imports.push_back(std::move(import));
}

void FileReader::use_tree(TSNode node, std::vector<std::string> prefix, std::uint32_t line,
                          std::span<const std::string> inline_modules) {
  const auto joined = [&](TSNode path) {
    std::vector<std::string> out = prefix;
    if (ts_node_is_null(path)) return out;
    const std::vector<std::string> more = chains_.segments(path);
    if (more.empty()) return std::vector<std::string>{};
    out.insert(out.end(), more.begin(), more.end());
    return out;
  };
  switch (syntax_.type(node)) {
    case NodeType::UseAsClause: {
      const auto parts = chains_.fields(node);
      add_import(joined(parts[Field::Path]), std::string(chains_.text(parts[Field::Alias])), line, inline_modules);
      return;
    }
    case NodeType::UseWildcard: {
      const std::vector<TSNode> inner = chains_.named(node);
      std::vector<std::string> path = inner.empty() ? prefix : joined(inner.front());
      if (path.empty() && !prefix.empty()) return;
      path.emplace_back("*");
      add_import(std::move(path), {}, line, inline_modules);
      return;
    }
    case NodeType::ScopedUseList: {
      const auto parts = chains_.fields(node);
      const std::vector<std::string> path = joined(parts[Field::Path]);
      if (path.empty() && !ts_node_is_null(parts[Field::Path])) return;
      use_tree(parts[Field::List], path, line, inline_modules);
      return;
    }
    case NodeType::UseList:
      for (const TSNode item : chains_.named(node)) use_tree(item, prefix, line, inline_modules);
      return;
    default: add_import(joined(node), {}, line, inline_modules); return;
  }
}

void FileReader::uses() {
  for (const Found& found : collected_.uses) {
    const TSNode argument = syntax_.child(found.node, Field::Argument);
    if (!ts_node_is_null(argument)) {
      use_tree(argument, {}, line_of(ts_node_start_point(found.node)), inline_of(found.path));
    }
  }
}

void FileReader::calls(const ScopeFinder& scopes) {
  facts_.calls.reserve(collected_.calls.size());
  for (const Found& found : collected_.calls) {
    const TSNode call = found.node;
    const std::uint32_t byte = ts_node_start_byte(call);
    CallSite site;
    site.caller = function_at(scopes, byte);
    site.scope = scopes.scope_at(byte);
    site.line = line_of(ts_node_start_point(call));
    const auto parts = chains_.fields(call);
    if (const NodeType type = syntax_.type(call); type != NodeType::CallExpression && type != NodeType::MacroInvocation) {
      // An operator: an implicit call of its method on the left operand (typed_facts.hpp).
      const std::span<const std::string> inline_modules = inline_of(found.path);
      TSNode operand;
      std::string_view method;
      if (type == NodeType::IndexExpression) {
        operand = ts_node_named_child(call, 0);
        method = "index";
        site.arguments.push_back(chains_.value(ts_node_named_child(call, 1), inline_modules));
      } else if (type == NodeType::UnaryExpression) {
        operand = ts_node_named_child(call, 0);
        method = operator_method(chains_.text(ts_node_child(call, 0)), true);
      } else {
        operand = parts[Field::Left];
        method = operator_method(chains_.text(parts[Field::Operator]), false);
        site.arguments.push_back(chains_.value(parts[Field::Right], inline_modules));
      }
      if (method.empty() || ts_node_is_null(operand)) continue;
      site.callee = chains_.value(operand, inline_modules);
      if (site.callee.empty() || site.callee.front().kind == Link::Kind::Opaque) continue;
      site.callee.push_back({Link::Kind::Attribute, std::string(method)});
      site.text = std::string(chains_.text(call).substr(0, kMaxCallText));
      site.implicit = true;
      facts_.calls.push_back(std::move(site));
      continue;
    }
    if (syntax_.is(call, NodeType::MacroInvocation)) {
      const std::vector<std::string> path = chains_.segments(parts[Field::Macro]);
      if (path.empty()) continue;
      site.text = path.back() + "!";
      site.callee = {{Link::Kind::Name, site.text}};
      facts_.calls.push_back(std::move(site));
      continue;
    }
    TSNode function = parts[Field::Function];
    if (syntax_.is(function, NodeType::GenericFunction)) function = syntax_.child(function, Field::Function);
    if (syntax_.is(function, NodeType::ScopedIdentifier) && capitalised(chains_.text(syntax_.child(function, Field::Name)))) {
      continue;  // `Shape::Circle(r)`: an enum variant or tuple struct built through a path
    }
    site.callee = chains_.value(function, inline_of(found.path));
    site.text = std::string(chains_.text(function).substr(0, kMaxCallText));
    facts_.calls.push_back(std::move(site));
  }
}

}  // namespace

const TSLanguage* rust_grammar() { return tree_sitter_rust(); }

// Decision points: if (and `if let`), while, for, each match arm, and the
// short-circuit operators.
constexpr DecisionPoints::Rule kDecisionRules[] = {
    {"if_expression"},
    {"while_expression"},
    {"for_expression"},
    {"match_arm"},
    {"binary_expression", "&&", DecisionPoints::Kind::Operator},
    {"binary_expression", "||", DecisionPoints::Kind::Operator},
};

Result<RustQueries> RustQueries::compile() { return RustQueries(); }

RustQueries::RustQueries() : SyntaxQueries(rust_grammar(), kDecisionRules) {}

RustExtractor::RustExtractor(const RustQueries& queries) : queries_(queries), parser_(ts_parser_new()) {
  ts_parser_set_language(parser_.get(), rust_grammar());
}

FileFacts RustExtractor::extract(std::string_view source, std::string relative_path) {
  ParsedFile parsed = parse_file(parser_.get(), source, std::move(relative_path), "rust");
  FileFacts& facts = parsed.facts;
  if (!parsed.tree) return std::move(facts);
  const TSNode root = ts_tree_root_node(parsed.tree.get());
  const ChainReader chains(queries_.syntax(), source, root);
  const Collected collected = collect(queries_.syntax(), queries_.decisions(), chains, root);
  facts.definitions_too_deep = collected.too_deep;
  FileReader reader(chains, collected, facts);
  std::vector<std::uint32_t> body_starts;
  reader.definitions(body_starts);
  const ScopeFinder scopes(facts.definitions, std::move(body_starts));
  count_complexity(facts.definitions, scopes, collected.decisions);
  reader.uses();
  reader.bindings(scopes);
  reader.calls(scopes);
  std::stable_sort(facts.assignments.begin(), facts.assignments.end(),
                   [](const Assignment& a, const Assignment& b) { return a.line < b.line; });
  return std::move(facts);
}

}  // namespace trellis::ingest::rust
