// C++ on the shared typed core: what is C++'s own is its extractor, how
// files name modules and packages (as C: a folder is a Package, a file a
// Module), and how #include and `using` make names visible.
//
// Naming: the namespace path, then classes and members
// (`shop.auth.Service.login`); a free function, macro or anonymous
// namespace member outside any named namespace is named by its file's path
// without the extension (`src.util.strings.normalize`), so a header and its
// source share it. A file's Module is its path without the extension, a
// header's with it (`src.util.strings`, `include.shop.cart.h`).
//
// Visibility: a file reads, besides its own namespace and the ones around
// it, the file-path namespaces of itself, of every file of the tree it
// includes (transitively) and of those headers' companion sources (of the
// same base name: `util.h` and `src/util.cpp`), and the `using`
// declarations and directives of itself and of the files it includes.
#include "cpp/cpp_frontend.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>

#include "cpp/cpp_extractor.hpp"
#include "resolve/include_paths.hpp"
#include "resolve/typed_frontend.hpp"

namespace trellis::ingest::cpp {
namespace {

constexpr std::string_view kSourceExtensions[] = {".cpp", ".cc", ".cxx", ".c++"};
constexpr std::string_view kHeaderExtensions[] = {".hpp", ".hh", ".hxx", ".h++", ".h"};
// Bounds the files one file's includes reach (a generated umbrella header).
constexpr std::size_t kMaxIncluded = 4096;

// A file's name without its folder and extension (`src/util.cpp`: `util`).
std::string_view stem_of(std::string_view path) {
  const std::string_view stem = resolve::without_extension(path);
  const auto slash = stem.rfind('/');
  return slash == std::string_view::npos ? stem : stem.substr(slash + 1);
}

bool has_extension(std::string_view path, std::span<const std::string_view> extensions) {
  return std::any_of(extensions.begin(), extensions.end(), [&](std::string_view e) { return path.ends_with(e); });
}

class CppFrontend final : public resolve::ExtractingFrontend<CppQueries, CppExtractor> {
 public:
  std::string_view name() const override { return "cpp"; }
  LanguageDescription description() const override {
    return {".cpp .cc .cxx .c++, headers .hpp .hh .hxx .h++, and .h where C++ sources outnumber C ones in the "
            "nearest folder around it that holds any (a tree of C++ sources only: every .h)",
            "the namespace path, then classes and members: shop.auth.Service.login (inline namespaces add "
            "nothing); a free function, macro or anonymous-namespace member outside named namespaces is named by "
            "its file's path without the extension (src.util.strings.normalize: a header and its source share "
            "it); a folder is a Package, a file a Module (a header's Module keeps its extension: "
            "include.shop.cart.h); classes, structs, unions and enums are Classes (a template is its primary "
            "template); a member declared in its class and defined outside it (void A::f() {}) is one Method, "
            "at its definition; constructors are <init>, destructors ~A, operators operator==; overloads are "
            "distinct nodes named by their parameter types, login(string&,int), the bare name then ambiguous; "
            "a #define NAME is the Function NAME! with the decorator macro_rules!; members carry their access "
            "(public, protected, private) and virtual, static, override as decorators",
            "#include of files of the tree (as C: beside the file, then compile_commands.json's -iquote, -I and "
            "-isystem folders, then each folder above and its include/; a header not in the tree is an "
            "ExternalPackage); namespaces (nested, inline, anonymous) and the ones around the caller; using "
            "declarations, using namespace, using and typedef aliases, of the file and of what it includes; "
            "free functions of the file and of the files it includes; calls through this->f(), f() in a member, "
            "Base::f(), Type::static_f(), ns::f(), receivers typed by declarations, parameters, fields, return "
            "types, new T, auto initialisers, range for over containers (vector<T>, map<K, V>) and smart "
            "pointers (unique_ptr<T>, shared_ptr<T>); a call through a base pointer or reference reaches the "
            "base's method (implementations and hierarchy reach its overrides); constructor calls (new T(..), "
            "T x(..), T(..), member initialisers) point at the Class; lambdas' calls are their enclosing "
            "function's; macros are not expanded: a call to a name the tree #defines is an unresolved site "
            "(not_callable); names bound nowhere in the tree (std::, libc, other libraries) are calls out of the "
            "tree; receivers of unknown type are unresolved sites"};
  }
  bool handles(std::string_view relative_path) const override {
    return has_extension(relative_path, kSourceExtensions) || has_extension(relative_path, kHeaderExtensions);
  }
  bool is_source(std::string_view relative_path) const override {
    return has_extension(relative_path, kSourceExtensions);
  }
  const TSLanguage* grammar(std::string_view) const override { return cpp_grammar(); }
  std::uint64_t context_digest(const ProjectInfo& project) const override {
    return resolve::include_folders_digest(project.path, project.compile_commands);
  }
  const resolve::TypedRules& rules() const override { return rules_; }

  resolve::TypedLayout layout(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    resolve::TypedLayout layout;
    std::map<std::string, std::uint32_t, std::less<>> by_folder;
    const auto package_of = [&](std::string_view folder) -> std::uint32_t {
      if (folder.empty()) return kNone;
      if (const auto it = by_folder.find(folder); it != by_folder.end()) return it->second;
      const auto index = static_cast<std::uint32_t>(layout.packages.size());
      by_folder.emplace(std::string(folder), index);
      const auto slash = folder.rfind('/');
      layout.packages.push_back({resolve::dotted_path(folder),
                                 std::string(slash == std::string_view::npos ? folder : folder.substr(slash + 1)),
                                 std::string(folder), kNone});
      return index;
    };
    for (const FileFacts& facts : files) {
      const std::string_view path = facts.relative_path;
      const bool header = !is_source(path);
      const std::string_view file_name = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
      layout.modules.push_back({header ? resolve::dotted_path(path) : file_namespace(path),
                                std::string(header ? file_name : resolve::without_extension(file_name)),
                                package_of(resolve::folder_of(path))});
      layout.namespaces.emplace_back();
    }
    for (auto& [folder, index] : by_folder) {
      for (std::string_view up = resolve::folder_of(folder); !up.empty(); up = resolve::folder_of(up)) {
        if (const auto it = by_folder.find(up); it != by_folder.end()) {
          layout.packages[index].parent = it->second;
          break;
        }
      }
    }
    std::unordered_map<std::string_view, std::vector<std::uint32_t>> sources_by_stem;
    for (std::uint32_t f = 0; f < files.size(); ++f) {
      if (is_source(files[f].relative_path)) sources_by_stem[stem_of(files[f].relative_path)].push_back(f);
    }
    layout.companions.resize(files.size());
    for (std::uint32_t f = 0; f < files.size(); ++f) {
      if (is_source(files[f].relative_path)) continue;
      if (const auto it = sources_by_stem.find(stem_of(files[f].relative_path)); it != sources_by_stem.end()) {
        layout.companions[f] = it->second;
      }
    }
    const resolve::CompileCommands commands = resolve::compile_commands_for(project.path, project.compile_commands);
    const resolve::IncludePaths includes(files, commands);
    layout.includes.resize(files.size());
    for (std::uint32_t f = 0; f < files.size(); ++f) {
      for (const Import& import : files[f].imports) {
        if (import.is_from) continue;  // a using declaration
        layout.includes[f].push_back(includes.find(f, import).value_or(kNone));
      }
    }
    lend_scopes(files, layout);
    return layout;
  }

  // TypedLayout::opens and the lent aliases and static imports of each file.
  static void lend_scopes(std::span<const FileFacts> files, resolve::TypedLayout& layout) {
    std::unordered_map<std::string, std::uint32_t> ids;
    const auto id_of = [&](std::string name) {
      const auto [it, added] = ids.emplace(name, static_cast<std::uint32_t>(layout.opened_names.size()));
      if (added) layout.opened_names.push_back(std::move(name));
      return it->second;
    };
    std::vector<std::uint32_t> own(files.size());
    for (std::uint32_t f = 0; f < files.size(); ++f) own[f] = id_of(file_namespace(files[f].relative_path));
    layout.opens.resize(files.size());
    layout.lent_aliases.resize(files.size());
    layout.lent_static_imports.resize(files.size());
    for (std::uint32_t f = 0; f < files.size(); ++f) {
      std::vector<std::uint32_t>& opens = layout.opens[f];
      opens.push_back(own[f]);
      for (const std::uint32_t source : layout.companions[f]) opens.push_back(own[source]);
      for (const Import& import : files[f].imports) {
        if (!import.is_from) continue;
        if (import.name == "*") {
          opens.push_back(id_of(import.module));
          continue;
        }
        std::string target = import.module.empty() ? import.name : import.module + "." + import.name;
        layout.lent_aliases[f].push_back({import.alias.empty() ? import.name : import.alias, std::move(target), {},
                                          import.arguments, f});
        if (import.alias.empty() && !import.module.empty()) layout.lent_static_imports[f].push_back({import.name, import.module, {}});
      }
    }
  }

  resolve::FileScope file_scope(std::span<const FileFacts> files, const resolve::TypedLayout& layout,
                                std::uint32_t file) const override {
    resolve::FileScope scope;
    // The file, then every file it includes, nearest first.
    std::vector<std::uint32_t> reached{file};
    std::vector<std::uint8_t> seen(files.size(), 0);
    seen[file] = 1;
    for (std::size_t next = 0; next < reached.size() && reached.size() < kMaxIncluded; ++next) {
      for (const std::uint32_t target : layout.includes[reached[next]]) {
        if (target != kNone && seen[target] == 0) {
          seen[target] = 1;
          reached.push_back(target);
        }
      }
    }
    std::vector<std::uint8_t> opened(layout.opened_names.size(), 0);
    for (const std::uint32_t f : reached) {
      for (const std::uint32_t ns : layout.opens[f]) {
        if (opened[ns] != 0) continue;
        opened[ns] = 1;
        scope.open_namespaces.push_back(layout.opened_names[ns]);
      }
      scope.aliases.insert(scope.aliases.end(), layout.lent_aliases[f].begin(), layout.lent_aliases[f].end());
      scope.static_imports.insert(scope.static_imports.end(), layout.lent_static_imports[f].begin(),
                                  layout.lent_static_imports[f].end());
    }
    // IMPORTS: each #include, to its file or an ExternalPackage named as written.
    std::size_t index = 0;
    for (const Import& import : files[file].imports) {
      if (import.is_from) continue;
      const std::uint32_t target = layout.includes[file][index++];
      scope.edges.push_back({{}, target == kNone ? import.module : std::string(), target});
    }
    return scope;
  }

 private:
  resolve::TypedRules rules_{.self_names = {"this"},
                             .super_names = {},
                             .implicit_this = true,
                             .enclosing_namespaces = true,
                             .implicit_interfaces = false,
                             .namespace_functions = true,
                             .unbound_names_external = true,
                             .type_calls_convert = false,
                             .nested_namespaces = false,
                             .child_namespaces = false,
                             .open_types = false,
                             .sign_shared_names = true,
                             .calls_may_be_macros = true,
                             .open_namespaces = true,
                             .argument_dependent_lookup = true,
                             .free_operators = true,
                             .declarations_through_includes = true};
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_cpp_frontend() { return std::make_unique<CppFrontend>(); }

}  // namespace trellis::ingest::cpp
