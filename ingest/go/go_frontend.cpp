// Go on the shared typed core: what is Go's own is its extractor, how
// go.mod and directories name packages, and how imports read.
//
// Naming: a Package per directory of .go files, named by its import path
// (the `module` of the nearest go.mod above it, then the directory below
// that: `example.com/shop/auth`); a file's Module is its package then its
// stem (`example.com/shop/auth.service`); types and functions are the
// package then their name (`example.com/shop/auth.Service`), methods their
// receiver's type then their name (`example.com/shop/auth.Service.Login`),
// wherever in the package they are declared; a closure bound to a name is
// a Function nested in its enclosing one (`...Service.Login.func1`), at
// package level named by its variable. Without a go.mod, the path
// from the indexed root stands for the import path.
#include "go/go_frontend.hpp"

#include <map>

#include "go/go_extractor.hpp"
#include "go/go_module.hpp"
#include "resolve/typed_frontend.hpp"

namespace trellis::ingest::go {
namespace {

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

std::string_view stem_of(std::string_view path) {
  const auto slash = path.rfind('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  return name.substr(0, name.rfind('.'));
}

class GoFrontend final : public resolve::ExtractingFrontend<GoQueries, GoExtractor> {
 public:
  std::string_view name() const override { return "go"; }
  LanguageDescription description() const override {
    return {".go",
            "the import path (go.mod's module, then the directory): example.com/shop/auth is the Package; types and "
            "functions follow it (example.com/shop/auth.Service), methods their receiver's type "
            "(example.com/shop/auth.Service.Login); a file's Module is its package and stem "
            "(example.com/shop/auth.service); structs and other named types are Classes, interfaces Interfaces; a "
            "closure bound to a name is a Function: funcN in its enclosing function (N counting the closures bound "
            "there from 1: example.com/shop/auth.Service.Login.func1), its variable's name at package level",
            "packages across files, imports with aliases, dot and blank imports; methods on value and pointer "
            "receivers; struct embedding (promoted methods, INHERITS to the embedded type); interfaces satisfied "
            "implicitly (IMPLEMENTS from method sets); calls through an interface value reach the interface method; "
            "function values held by variables, closures bound to a name (calling the name calls the closures that "
            "reach the call; calls in a closure are its own, calls in a literal bound to no name its enclosing "
            "function's)"};
  }
  bool handles(std::string_view relative_path) const override { return relative_path.ends_with(".go"); }
  const TSLanguage* grammar(std::string_view) const override { return go_grammar(); }

  const resolve::TypedRules& rules() const override { return rules_; }

  resolve::TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    resolve::TypedLayout layout;
    ModuleRoots roots(project.path, project.name);
    std::map<std::string, std::uint32_t, std::less<>> by_folder;  // folder -> package entry
    for (const FileFacts& facts : files) {
      const std::string_view folder = folder_of(facts.relative_path);
      if (by_folder.contains(folder)) continue;
      by_folder.emplace(std::string(folder), static_cast<std::uint32_t>(layout.packages.size()));
      std::string path = roots.import_path(folder);
      const std::string name = facts.package_name.empty() ? default_package_name(path) : facts.package_name;
      layout.import_names.emplace(path, name);
      layout.packages.push_back({path, name, std::string(folder), kNone});
    }
    for (auto& [folder, index] : by_folder) {
      // The nearest folder above that is a package too.
      for (std::string_view up = folder_of(folder); ; up = folder_of(up)) {
        if (const auto it = by_folder.find(up); it != by_folder.end() && it->second != index) {
          layout.packages[index].parent = it->second;
          break;
        }
        if (up.empty()) break;
      }
    }
    for (const FileFacts& facts : files) {
      const std::uint32_t package = by_folder.find(folder_of(facts.relative_path))->second;
      const std::string& path = layout.packages[package].qualified_name;
      layout.modules.push_back({path + "." + std::string(stem_of(facts.relative_path)), std::string(stem_of(facts.relative_path)), package});
      layout.namespaces.push_back(path);
    }
    return layout;
  }

  resolve::FileScope file_scope(std::span<const FileFacts> files, const resolve::TypedLayout& layout,
                                std::uint32_t file) const override {
    resolve::FileScope scope;
    for (const Import& import : files[file].imports) {
      scope.edges.push_back({import.module, import.module});
      if (import.alias == "_") continue;
      if (import.alias == ".") {
        scope.open_namespaces.push_back(import.module);
        continue;
      }
      std::string name = import.alias;
      if (name.empty()) name = package_name(layout, import.module);
      scope.aliases.push_back({std::move(name), import.module, {}});
    }
    return scope;
  }

 private:
  // The name a package is imported by: its `package` clause when it is in
  // the tree, else its path's last element (without a /vN or .vN suffix).
  static std::string package_name(const resolve::TypedLayout& layout, const std::string& path) {
    if (const auto it = layout.import_names.find(path); it != layout.import_names.end()) return it->second;
    return default_package_name(path);
  }

  resolve::TypedRules rules_{.self_names = {},
                              .super_names = {},
                              .implicit_this = false,
                              .implicit_interfaces = true,
                              .namespace_functions = true,
                              .unbound_names_external = true,
                              .type_calls_convert = true};
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_go_frontend() { return std::make_unique<GoFrontend>(); }

}  // namespace trellis::ingest::go
