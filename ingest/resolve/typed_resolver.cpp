// resolve_typed: the tables once, then each wanted file's edges on its own
// thread (heritage, implicit interfaces, calls), then IMPORTS.
#include <algorithm>
#include <functional>
#include <unordered_map>

#include "resolve/classify_unresolved.hpp"
#include "resolve/expression_typer.hpp"
#include "resolve/implicit_interfaces.hpp"
#include "resolve/typed_facts.hpp"
#include "resolve/typed_language.hpp"
#include "trellis/common/parallel.hpp"

namespace trellis::ingest::resolve {
namespace {

bool callable(Label label) { return label == Label::Function || label == Label::Method; }

// INHERITS (a class's base class, an interface's base interfaces, a Go
// struct's embedded structs) and IMPLEMENTS (a class's interfaces), from the
// type's first part (a partial class's parts share them).
void add_heritage(const TypeTable& table, TypeId type, FileEdgeSlice& slice) {
  const TypeInfo& info = table.type(type);
  for (const TypeId super : info.supertypes) {
    if (std::find(info.reached_only.begin(), info.reached_only.end(), super) != info.reached_only.end()) continue;
    const TypeInfo& base = table.type(super);
    const InheritsEdge edge{info.parts.front(), base.parts.front()};
    if (base.label == info.label) {
      slice.inherits.push_back(edge);
    } else if (info.label == Label::Class && base.label == Label::Interface) {
      slice.implements.push_back(edge);
    }
  }
}

// The functions named `name` of the namespace of an argument's class
// (argument-dependent lookup), or null.
const std::vector<ScopeRef>* associated_functions(const TypeTable& table, const Value& argument, std::string_view name) {
  if (!argument.is(Value::Kind::Instance) || argument.collection != 0) return nullptr;
  const NamespaceId ns = table.namespace_of_type(argument.id);
  if (ns == kNone) return nullptr;
  const auto& functions = table.ns(ns).functions;
  const auto it = functions.find(name);
  return it == functions.end() ? nullptr : &it->second;
}

// An implicit call (C++'s `a == b`: callee [a.., operator==], arguments
// [b]; `-a`: no arguments; `a++`: an int): the member operator along a's
// class, else a free operator of that name, in scope or in the namespace of
// a's class, whose first parameter is that class and that takes one more
// parameter than the arguments; nothing otherwise (a built-in, pointer,
// library or unknown operand is neither an edge nor a site).
void link_operator(Typer& typer, const TypeTable& table, const CallSite& site, const Value& member, Context context,
                   const std::function<void(ScopeRef, CallType)>& edge) {
  if (site.callee.back().text == kDerefMethod && site.arguments.empty()) {  // `*x` (typed_facts.hpp)
    const LinkChain operand(site.callee.begin(), site.callee.end() - 1);
    const auto& self_names = table.rules().self_names;
    if (operand.size() == 1 && std::find(self_names.begin(), self_names.end(), operand[0].text) != self_names.end()) return;
    if (typer.evaluate(operand, context, site.line).reference) return;
  }
  if (member.is(Value::Kind::Callable)) {
    // Only an operator of the expression's arity (`*it` is never the binary `a * b`).
    if (const auto fitting = typer.of_arity(*member.overloads, site.arguments.size()); !fitting.empty()) {
      edge(typer.choose(fitting, site.arguments.size(), &site.arguments, context, site.line), CallType::Method);
    }
    return;
  }
  if (!table.rules().free_operators) return;
  const Value operand = typer.evaluate(LinkChain(site.callee.begin(), site.callee.end() - 1), context, site.line);
  if (!operand.is(Value::Kind::Instance) || operand.collection != 0 || operand.handle) return;
  const std::string_view name = site.callee.back().text;
  const Value free = typer.evaluate(LinkChain{{Link::Kind::Name, std::string(name)}}, context, site.line);
  const std::vector<ScopeRef>* candidates[2] = {free.is(Value::Kind::Callable) ? free.overloads : nullptr,
                                                table.rules().argument_dependent_lookup
                                                    ? associated_functions(table, operand, name)
                                                    : nullptr};
  for (const std::vector<ScopeRef>* overloads : candidates) {
    if (overloads == nullptr) continue;
    for (const ScopeRef candidate : *overloads) {
      const Definition& definition = table.files()[candidate.file].definitions[candidate.def];
      if (definition.parameters.size() != site.arguments.size() + 1 || definition.annotated_parameters.empty() ||
          definition.annotated_parameters[0].first != definition.parameters[0]) {
        continue;
      }
      const DeclaredType first = table.resolve_type(definition.annotated_parameters[0].second, {candidate.file, candidate.def});
      if (first.kind == DeclaredType::Kind::Type && first.type == operand.id && first.collection == 0 && !first.handle) {
        edge(candidate, CallType::Direct);
        return;
      }
    }
  }
}

// `f(x)` where ordinary lookup finds no f of the tree: the f of the
// namespace of an argument's class (argument-dependent lookup); false when
// there is none.
bool link_by_arguments(Typer& typer, const TypeTable& table, const CallSite& site, Context context,
                       const std::function<void(ScopeRef, CallType)>& edge) {
  for (const LinkChain& argument : site.arguments) {
    const Value value = typer.evaluate(argument, context, site.line);
    const auto* overloads = associated_functions(table, value, site.callee[0].text);
    if (overloads == nullptr) continue;
    edge(typer.choose(*overloads, site.arguments.size(), &site.arguments, context, site.line), CallType::Direct);
    return true;
  }
  return false;
}

bool is_constructor(const TypeTable& table, ScopeRef callable) {
  return callable.def != kModuleScope && table.files()[callable.file].definitions[callable.def].name == kConstructorName;
}

// One call site's edge, external count or unresolved report.
void link_call(Typer& typer, const TypeTable& table, std::uint32_t file, const CallSite& site, FileEdgeSlice& slice) {
  const ScopeRef caller{file, site.caller};
  const Context context{file, site.scope};
  const auto edge = [&](ScopeRef callee, CallType type) { slice.calls.push_back({caller, callee, type, site.line}); };
  const auto constructor_of = [&](TypeId type) {
    const TypeInfo& info = table.type(type);
    if (info.label == Label::Class) {
      edge(info.parts.front(), CallType::Constructor);
    } else {
      ++slice.external_calls;  // an anonymous class implementing an interface
    }
  };
  const bool bare = site.callee.size() == 1 && site.callee[0].kind == Link::Kind::Name;
  if (bare && table.rules().calls_may_be_macros && table.is_macro(site.callee[0].text + "!", context)) {
    slice.unresolved.push_back({caller, site.text, site.line, UnresolvedReason::NotCallable});
    return;
  }
  if (bare && site.callee[0].text.ends_with('!')) {  // a macro invocation (typed_facts.hpp)
    if (table.is_macro(site.callee[0].text, context)) {
      slice.unresolved.push_back({caller, site.text, site.line, UnresolvedReason::NotCallable});
    } else {
      ++slice.external_calls;
    }
    return;
  }
  const Value value = typer.evaluate(site.callee, context, site.line);
  if (site.implicit) {
    link_operator(typer, table, site, value, context, edge);
    return;
  }
  if (bare && !site.arguments.empty() && table.rules().argument_dependent_lookup &&
      (value.is(Value::Kind::External) || value.is(Value::Kind::Unknown)) &&
      link_by_arguments(typer, table, site, context, edge)) {
    return;
  }
  switch (value.kind) {
    case Value::Kind::Callable: {
      if (value.every) {  // each closure a local may hold
        for (const ScopeRef callee : *value.overloads) {
          const Label label = table.files()[callee.file].definitions[callee.def].label;
          edge(callee, label == Label::Method ? CallType::Method : CallType::Direct);
        }
        return;
      }
      const std::optional<std::size_t> arity =
          site.arguments.empty() && site.text.find('(') == std::string::npos ? std::nullopt
                                                                             : std::optional(site.arguments.size());
      const ScopeRef chosen = typer.choose(*value.overloads, arity, &site.arguments, context, site.line);
      const Label label = table.files()[chosen.file].definitions[chosen.def].label;
      edge(chosen, label == Label::Method ? CallType::Method : CallType::Direct);
      return;
    }
    case Value::Kind::Type:
      if (!table.rules().type_calls_convert) constructor_of(value.id);
      return;
    case Value::Kind::Instance:
      // `f(x)`: f's operator(); but `m(x)` in a constructor is (as a member
      // initialiser) m's construction.
      if (const Value call = typer.call_operator(value); call.is(Value::Kind::Callable) && !(bare && is_constructor(table, caller))) {
        edge(typer.choose(*call.overloads, site.arguments.size(), &site.arguments, context, site.line), CallType::Method);
        return;
      }
      if (bare) {  // `this(...)`: another constructor of the class
        constructor_of(value.id);
        return;
      }
      break;
    case Value::Kind::Super:
      if (bare) {  // `super(...)` / `: base(...)`: the base class's constructor
        for (const TypeId super : table.type(value.id).supertypes) {
          if (table.type(super).label == Label::Class) {
            constructor_of(super);
            return;
          }
        }
        ++slice.external_calls;
        return;
      }
      break;
    case Value::Kind::External: ++slice.external_calls; return;
    default: break;
  }
  const UnresolvedReason reason = classify_unresolved(site.callee, [&](std::span<const Link> prefix) {
    return !typer.evaluate(LinkChain(prefix.begin(), prefix.end()), context, site.line).is(Value::Kind::Unknown);
  });
  slice.unresolved.push_back({caller, site.text, site.line, reason});
}

FileEdgeSlice resolve_file(const TypeTable& table, const ImplicitInterfaces* implicit, std::uint32_t file) {
  FileEdgeSlice slice;
  const FileFacts& facts = table.files()[file];
  for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
    const TypeId type = table.type_of({file, d});
    if (type == kNone || !(table.type(type).parts.front() == ScopeRef{file, d})) continue;
    add_heritage(table, type, slice);
    if (implicit != nullptr) implicit->add_edges(table, type, slice.implements);
  }
  Typer typer(table, file);
  for (const CallSite& site : facts.calls) {
    const bool valid_caller = site.caller == kModuleScope || callable(facts.definitions[site.caller].label);
    if (valid_caller) link_call(typer, table, file, site, slice);
  }
  return slice;
}

// IMPORTS: to the module declaring an imported type, to every module of an
// imported namespace, to an included file, or to an ExternalPackage.
void add_imports(const TypeTable& table, std::span<const FileScope> scopes, ProgramGraph& program) {
  std::unordered_map<std::string, std::uint32_t> externals;
  for (std::uint32_t f = 0; f < scopes.size(); ++f) {
    std::vector<std::uint32_t> targets;
    std::vector<std::uint32_t> outside;
    const auto add_external = [&](const std::string& name) {
      const auto [it, added] = externals.emplace(name, static_cast<std::uint32_t>(program.external_packages.size()));
      if (added) program.external_packages.push_back(name);
      outside.push_back(it->second);
    };
    for (const FileScope::Edge& edge : scopes[f].edges) {
      const bool named = !edge.target.empty();  // an #include names a file or an external header only
      if (edge.file != kNone) {
        targets.push_back(edge.file);
      } else if (const auto type = named ? table.find_type(edge.target) : std::nullopt) {
        targets.push_back(table.type(*type).parts.front().file);
      } else if (const auto ns = named ? table.find_namespace(edge.target) : std::nullopt; ns && !table.ns(*ns).files.empty()) {
        const auto& files = table.ns(*ns).files;
        targets.insert(targets.end(), files.begin(), files.end());
      } else if (!edge.external.empty()) {
        add_external(edge.external);
      }
    }
    std::sort(outside.begin(), outside.end());
    outside.erase(std::unique(outside.begin(), outside.end()), outside.end());
    for (const std::uint32_t external : outside) program.imports.push_back({f, kNone, external});
    std::sort(targets.begin(), targets.end());
    targets.erase(std::unique(targets.begin(), targets.end()), targets.end());
    for (const std::uint32_t target : targets) {
      if (target != f) program.imports.push_back({f, target, kNone});
    }
  }
}

}  // namespace

ProgramGraph resolve_typed(const TypedLanguage& language, std::span<const FileFacts> files,
                           const ProjectInfo& project, std::span<const std::uint8_t> wanted,
                           const TypedLayout* made) {
  std::optional<TypedLayout> own;
  if (made == nullptr) own.emplace(language.layout(files, project));
  const TypedLayout& layout = made != nullptr ? *made : *own;
  std::vector<FileScope> scopes(files.size());
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t f) {
    scopes[f] = language.file_scope(files, layout, static_cast<std::uint32_t>(f));
  });
  TypeTable table(files, layout, scopes, language.rules());
  std::optional<ImplicitInterfaces> implicit;
  if (language.rules().implicit_interfaces) implicit.emplace(table);

  std::vector<FileEdgeSlice> slices(files.size());
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t f) {
    if (!wanted.empty() && wanted[f] == 0) return;
    slices[f] = resolve_file(table, implicit ? &*implicit : nullptr, static_cast<std::uint32_t>(f));
  });

  ProgramGraph program;
  program.project_name = project.name;
  program.project_path = project.path;
  program.files = files;
  program.modules = layout.modules;
  program.packages = layout.packages;
  add_imports(table, scopes, program);
  set_file_edges(std::span<FileEdgeSlice>(slices), program);
  program.detached_members = table.detached_members();
  program.qualified_names = table.take_qualified_names();
  return program;
}

}  // namespace trellis::ingest::resolve
