// C# on the shared typed core: what is C#'s own is its extractor, how
// namespaces name modules, and how `using` reads.
//
// Naming: types are their namespace then their nesting
// (`Shop.Auth.AuthService`, block or file-scoped namespaces alike); a
// partial class's parts are one Class; members are the type then their
// name, with the parameter types when overloaded (`...Login(string,int)`),
// constructors `<init>`. A file's Module is its first namespace then its
// stem (`Auth/AuthService.cs` declaring Shop.Auth -> `Shop.Auth.AuthService`);
// a file outside any namespace is named by its path. Each namespace that
// declares types is a Package.
#include "csharp/csharp_frontend.hpp"

#include <map>

#include "csharp/csharp_extractor.hpp"
#include "naming/module_path.hpp"
#include "resolve/typed_frontend.hpp"

extern "C" const TSLanguage* tree_sitter_c_sharp();

namespace trellis::ingest::csharp {
namespace {

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

std::string_view file_name_of(std::string_view path) { return path.substr(path.rfind('/') + 1); }

std::string_view parent_of(std::string_view dotted) {
  const auto dot = dotted.rfind('.');
  return dot == std::string_view::npos ? std::string_view{} : dotted.substr(0, dot);
}

// The namespace of the file's first top-level type, if any.
std::string_view first_namespace(const FileFacts& facts) {
  for (const Definition& definition : facts.definitions) {
    if (definition.parent == kModuleScope && !definition.qualifier.empty()) return definition.qualifier;
  }
  return {};
}

class CSharpFrontend final : public resolve::ExtractingFrontend<CSharpQueries, CSharpExtractor> {
 public:
  std::string_view name() const override { return "csharp"; }
  LanguageDescription description() const override {
    return {".cs",
            "the namespace (block or file-scoped), then types and members: Shop.Auth.AuthService.Login; a file's Module "
            "is its first namespace and stem; partial classes are one Class; overloads carry their parameter types "
            "(Login(string,int)); constructors are <init>; structs, records and enums are Classes; each namespace is a "
            "Package",
            "using, aliases and using static; base classes and interfaces; properties (an accessor with a body is a "
            "Method, reading it is no call); constructors, this(...) and base(...); extension methods; receivers typed "
            "by fields, properties, parameters, locals (var from its initialiser) and return types; overloads by arity "
            "and argument types; generics read as their erasure; attributes as decorators"};
  }
  bool handles(std::string_view relative_path) const override { return relative_path.ends_with(".cs"); }
  const TSLanguage* grammar(std::string_view) const override { return tree_sitter_c_sharp(); }

  const resolve::TypedRules& rules() const override { return rules_; }

  resolve::TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo&) const override {
    resolve::TypedLayout layout;
    std::map<std::string_view, std::uint32_t> packages;
    for (const FileFacts& facts : files) {
      for (const Definition& definition : facts.definitions) {
        const std::string_view ns = definition.qualifier;
        if (definition.parent != kModuleScope || ns.empty() || packages.contains(ns)) continue;
        packages.emplace(ns, static_cast<std::uint32_t>(layout.packages.size()));
        layout.packages.push_back({std::string(ns), std::string(ns.substr(ns.rfind('.') + 1)),
                                   std::string(folder_of(facts.relative_path)), kNone});
      }
    }
    for (PackageEntry& entry : layout.packages) {
      for (std::string_view up = parent_of(entry.qualified_name); !up.empty(); up = parent_of(up)) {
        if (const auto it = packages.find(up); it != packages.end()) {
          entry.parent = it->second;
          break;
        }
      }
    }
    for (const FileFacts& facts : files) {
      const std::string_view path = facts.relative_path;
      const std::string_view file_name = file_name_of(path);
      const std::string_view stem = file_name.substr(0, file_name.rfind('.'));
      ModuleEntry module;
      module.name = std::string(stem);
      if (const std::string_view ns = first_namespace(facts); !ns.empty()) {
        module.qualified_name = std::string(ns) + "." + std::string(stem);
        module.package = packages.at(ns);
      } else {
        module.qualified_name = dotted_module_path(path.substr(0, path.size() - 3), file_name);
      }
      layout.modules.push_back(std::move(module));
      layout.namespaces.emplace_back();  // each type's own namespace
    }
    return layout;
  }

  resolve::FileScope file_scope(std::span<const FileFacts> files, const resolve::TypedLayout&,
                                std::uint32_t file) const override {
    resolve::FileScope scope;
    for (const Import& import : files[file].imports) {
      if (import.level == 1) {  // using static
        scope.static_imports.push_back({"*", import.module, {}});
        scope.edges.push_back({import.module, std::string(parent_of(import.module))});
      } else if (!import.alias.empty()) {
        scope.aliases.push_back({import.alias, import.module, {}});
        scope.edges.push_back({import.module, import.module});
      } else {
        scope.open_namespaces.push_back(import.module);
        scope.edges.push_back({import.module, import.module});
      }
    }
    return scope;
  }

 private:
  resolve::TypedRules rules_{.self_names = {"this"}, .super_names = {"base"}, .implicit_this = true, .enclosing_namespaces = true};
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_csharp_frontend() { return std::make_unique<CSharpFrontend>(); }

}  // namespace trellis::ingest::csharp
