// Rust on the shared typed core: what is Rust's own is its extractor, how
// Cargo.toml and files name crates and modules (rust_crates.hpp), and how
// `use` paths read.
//
// Naming: a Package per crate (its name); a file's namespace is its crate
// then its module path (`shop_core.orders`), an inline module's one more
// (`shop_core.orders.tests`); items follow it (`shop_core.orders.Order`),
// methods of `impl` blocks their type (`shop_core.orders.Order.total`),
// trait methods their trait. A file's Module is its namespace, the crate
// root's (`lib.rs`, `main.rs`) the crate then its stem (`shop_core.lib`).
#include "rust/rust_frontend.hpp"

#include <map>

#include "resolve/typed_frontend.hpp"
#include "rust/rust_chains.hpp"
#include "rust/rust_crates.hpp"
#include "rust/rust_extractor.hpp"

namespace trellis::ingest::rust {
namespace {

std::vector<std::string> split(std::string_view dotted) {
  std::vector<std::string> out;
  while (!dotted.empty()) {
    const auto dot = dotted.find('.');
    out.emplace_back(dotted.substr(0, dot));
    dotted.remove_prefix(dot == std::string_view::npos ? dotted.size() : dot + 1);
  }
  return out;
}

std::string parent_of(std::string_view ns) {
  const auto dot = ns.rfind('.');
  return dot == std::string_view::npos ? std::string() : std::string(ns.substr(0, dot));
}

class RustFrontend final : public resolve::ExtractingFrontend<RustQueries, RustExtractor> {
 public:
  std::string_view name() const override { return "rust"; }
  LanguageDescription description() const override {
    return {".rs",
            "the crate (Cargo.toml's [lib] or [package] name, '-' as '_'; workspace members each their own), then "
            "the module path (`mod foo;` is foo.rs or foo/mod.rs, inline `mod m { }` one more): "
            "shop_core.orders.Order, its methods shop_core.orders.Order.total wherever its `impl` blocks are; a "
            "crate is a Package, a file's Module its module path (the crate root's: shop_core.lib); structs, enums "
            "and unions are Classes, traits Interfaces (their methods, default or not, Methods of the trait); "
            "a `macro_rules! m` is the Function m! with the decorator macro_rules!",
            "use (paths from crate, self, super, other crates of the tree, groups, globs, `as` renames); impl and "
            "impl Trait for Type blocks (methods of the type, IMPLEMENTS to the trait, trait default methods reached "
            "through the type); calls through Type::f, Self::f, self.f(), receivers typed by let annotations, "
            "parameters (&T, &dyn Trait, impl Trait, generic bounds), struct fields, return types (Self, T::new()), "
            "? / unwrap on Result and Option, .await, closures passed to iterator and Option adaptors (map, filter, "
            "for_each, ...), Deref targets; operators call the std::ops method of the operand's type (a + b, -a, a[i], "
            "a += b; *x is Deref::deref on a value whose type implements Deref, a reference's own * otherwise); calls through a trait object reach the trait's method; macros "
            "are not expanded: an invocation of a macro_rules! of its crate (or one it imports by use) is an unresolved "
            "site (not_callable), "
            "of another macro a call out of the tree; calls into std and crates outside the tree are calls out of "
            "the tree; calls written inside macro arguments are not read"};
  }
  bool handles(std::string_view relative_path) const override { return relative_path.ends_with(".rs"); }
  const TSLanguage* grammar(std::string_view) const override { return rust_grammar(); }
  const resolve::TypedRules& rules() const override { return rules_; }

  resolve::TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    resolve::TypedLayout layout;
    CrateRoots roots(project.path, project.name);
    std::map<std::string, std::uint32_t, std::less<>> by_crate;  // crate folder -> package entry
    for (const FileFacts& facts : files) {
      ModulePath path = roots.module_of(facts.relative_path);
      auto [it, added] = by_crate.emplace(path.crate_folder, static_cast<std::uint32_t>(layout.packages.size()));
      if (added) layout.packages.push_back({path.crate, path.crate, path.crate_folder, kNone});
      std::string ns = path.crate;
      for (const std::string& segment : path.segments) ns += "." + segment;
      const bool root = path.segments.empty();
      std::string module_name = root ? ns + "." + path.stem : ns;
      std::string last = root ? path.stem : path.segments.back();
      layout.modules.push_back({std::move(module_name), std::move(last), it->second});
      // Every module and crate of the tree, for `use` paths to tell its own from other crates'.
      for (std::string up = ns; !up.empty(); up = parent_of(up)) {
        if (!layout.import_names.emplace(up, up.substr(up.rfind('.') + 1)).second) break;
      }
      layout.namespaces.push_back(std::move(ns));
    }
    return layout;
  }

  resolve::FileScope file_scope(std::span<const FileFacts> files, const resolve::TypedLayout& layout,
                                std::uint32_t file) const override {
    resolve::FileScope scope;
    const std::string& own = layout.namespaces[file];
    const std::string crate = own.substr(0, own.find('.'));
    scope.aliases.push_back({"crate", crate, {}});
    scope.aliases.push_back({std::string(kFileModule), own, {}});
    if (own != crate) scope.aliases.push_back({"super", parent_of(own), {}});
    for (const Import& import : files[file].imports) {
      std::string external;
      if (import.name == "*") {
        std::string module = resolved(import.module, own, crate, layout, external);
        scope.edges.push_back({module, external});
        scope.open_namespaces.push_back(std::move(module));
        continue;
      }
      if (import.module.empty()) {  // `use other_crate;`, `use child_module;`
        std::string target = resolved(import.name, own, crate, layout, external);
        scope.edges.push_back({target, external});
        if (import.alias != "_") scope.aliases.push_back({import.alias.empty() ? import.name : import.alias, std::move(target), {}});
        continue;
      }
      const std::string module = resolved(import.module, own, crate, layout, external);
      std::string target = module + "." + import.name;
      scope.edges.push_back({target, external});
      scope.edges.push_back({module, external});
      const std::string& bound = import.alias.empty() ? import.name : import.alias;
      if (bound == "_") continue;
      scope.aliases.push_back({bound, std::move(target), {}});
      scope.static_imports.push_back({bound, module, import.name});
    }
    return scope;
  }

 private:
  // A `use` path (normalised by the extractor) as a dotted namespace:
  // anchored at the crate, the file's module or its parent, else a module
  // below the file's, else a crate (of the tree or not: then `external`
  // names it).
  static std::string resolved(std::string_view path, const std::string& own, const std::string& crate,
                              const resolve::TypedLayout& layout, std::string& external) {
    std::vector<std::string> segments = split(path);
    if (segments.empty()) return {};
    std::string base;
    std::size_t from = 1;
    if (segments[0] == "crate") {
      base = crate;
    } else if (segments[0] == kFileModule || segments[0] == "self") {
      base = own;
    } else if (segments[0] == "super") {
      base = own;
      for (from = 0; from < segments.size() && segments[from] == "super"; ++from) base = parent_of(base);
    } else if (layout.import_names.contains(own + "." + segments[0])) {
      base = own;
      from = 0;
    } else {
      if (!layout.import_names.contains(segments[0])) external = segments[0];
      base = segments[0];
    }
    for (std::size_t i = from; i < segments.size(); ++i) base += "." + segments[i];
    return base;
  }

  resolve::TypedRules rules_{.self_names = {"self", "Self"},
                             .super_names = {},
                             .implicit_this = false,
                             .enclosing_namespaces = false,
                             .implicit_interfaces = false,
                             .namespace_functions = true,
                             .unbound_names_external = false,
                             .type_calls_convert = false,
                             .nested_namespaces = true,
                             .child_namespaces = true,
                             .open_types = true};
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_rust_frontend() { return std::make_unique<RustFrontend>(); }

}  // namespace trellis::ingest::rust
