// Java on the shared typed core: what is Java's own is its extractor, how
// packages name modules, and how imports read.
//
// Naming: a Package per `package` (its qualified name the package's); a
// file's Module is its package then its stem (`com/shop/Auth.java` in
// package com.shop -> `com.shop.Auth`, which its public class shares);
// types are their package then their nesting (`com.shop.Auth.Token`);
// members the type then their name, with the parameter types when
// overloaded (`com.shop.Auth.login(String,String)`); constructors `<init>`.
#include "java/java_frontend.hpp"

#include <map>

#include "java/java_extractor.hpp"
#include "naming/module_path.hpp"
#include "resolve/typed_frontend.hpp"

namespace trellis::ingest::java {
namespace {

std::string_view stem_of(std::string_view path) {
  const auto slash = path.rfind('/');
  std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
  const auto dot = name.rfind('.');
  return dot == std::string_view::npos ? name : name.substr(0, dot);
}

std::string_view folder_of(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

std::string_view last_segment(std::string_view dotted) {
  const auto dot = dotted.rfind('.');
  return dot == std::string_view::npos ? dotted : dotted.substr(dot + 1);
}

std::string_view parent_of(std::string_view dotted) {
  const auto dot = dotted.rfind('.');
  return dot == std::string_view::npos ? std::string_view{} : dotted.substr(0, dot);
}

class JavaFrontend final : public resolve::ExtractingFrontend<JavaQueries, JavaExtractor> {
 public:
  std::string_view name() const override { return "java"; }
  LanguageDescription description() const override {
    return {".java",
            "the package, then classes and members: com.shop.auth.AuthService.login; a file's Module is its package "
            "and stem (com.shop.auth.AuthService); overloads carry their parameter types (login(String,String)) and the "
            "bare name answers AMBIGUOUS_NAME; constructors are <init>; enums and records are Classes",
            "single, on-demand and static imports; extends and implements (generics read as their erasure); receivers "
            "typed by fields, parameters, locals (var from its initialiser), casts and return types; overloads chosen by "
            "arity and argument types; this(...), super(...), super.m(); inner classes reaching outer members; method "
            "references and lambda bodies as calls of the enclosing method; annotations as decorators"};
  }
  bool handles(std::string_view relative_path) const override { return relative_path.ends_with(".java"); }
  const TSLanguage* grammar(std::string_view) const override { return java::grammar(); }

  const resolve::TypedRules& rules() const override { return rules_; }

  resolve::TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo&) const override {
    resolve::TypedLayout layout;
    std::map<std::string_view, std::uint32_t> packages;
    for (const FileFacts& facts : files) {
      const std::string_view package = facts.package_name;
      if (package.empty() || packages.contains(package)) continue;
      packages.emplace(package, static_cast<std::uint32_t>(layout.packages.size()));
      layout.packages.push_back({std::string(package), std::string(last_segment(package)),
                                 std::string(folder_of(facts.relative_path)), kNone});
    }
    for (PackageEntry& entry : layout.packages) {
      // The nearest enclosing package that has files of its own.
      for (std::string_view up = parent_of(entry.qualified_name); !up.empty(); up = parent_of(up)) {
        if (const auto it = packages.find(up); it != packages.end()) {
          entry.parent = it->second;
          break;
        }
      }
    }
    for (const FileFacts& facts : files) {
      const std::string_view stem = stem_of(facts.relative_path);
      ModuleEntry module;
      module.name = std::string(stem);
      if (facts.package_name.empty()) {
        const std::string_view path = facts.relative_path;
        module.qualified_name = dotted_module_path(path.substr(0, path.size() - 5), path.substr(path.rfind('/') + 1));
      } else {
        module.qualified_name = facts.package_name + "." + std::string(stem);
        module.package = packages.at(facts.package_name);
      }
      layout.modules.push_back(std::move(module));
      layout.namespaces.push_back(facts.package_name);
    }
    return layout;
  }

  resolve::FileScope file_scope(std::span<const FileFacts> files, const resolve::TypedLayout&,
                                std::uint32_t file) const override {
    resolve::FileScope scope;
    for (const Import& import : files[file].imports) {
      const bool on_demand = import.name == "*";
      if (import.level == 1) {  // import static
        scope.static_imports.push_back({import.name, import.module, {}});
        scope.edges.push_back({import.module, std::string(parent_of(import.module))});
      } else if (on_demand) {
        scope.open_namespaces.push_back(import.module);
        scope.edges.push_back({import.module, import.module});
      } else {
        const std::string target = import.module.empty() ? import.name : import.module + "." + import.name;
        scope.aliases.push_back({import.name, target, {}});
        scope.edges.push_back({target, import.module});
      }
    }
    return scope;
  }

 private:
  resolve::TypedRules rules_{.self_names = {"this"}, .super_names = {"super"}, .implicit_this = true};
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_java_frontend() { return std::make_unique<JavaFrontend>(); }

}  // namespace trellis::ingest::java
