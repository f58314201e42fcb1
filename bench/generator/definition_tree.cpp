#include "generator/definition_tree.hpp"

#include <algorithm>
#include <initializer_list>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "generator/external_packages.hpp"
#include "generator/identifier_vocabulary.hpp"
#include "generator/random.hpp"
#include "generator/schema_column.hpp"

namespace trellis::bench {
namespace {

constexpr std::uint64_t kDefinitionStream = 1;
constexpr std::uint32_t kMaxPackageDepth = 5;  // roots are depth 0
constexpr std::uint32_t kPackagesPerRoot = 500;
constexpr std::string_view kProjectName = "acme-platform";
constexpr std::string_view kProjectPath = "/srv/acme-platform";
constexpr std::string_view kRootPackage = "acme";

// The next line to write in a file and the byte offset where it starts.
struct Cursor {
  std::int32_t line = 1;
  std::int32_t byte = 0;
};

// The columns every code label has.
struct CodeColumns {
  explicit CodeColumns(Label label)
      : file_path(column_of(label, "file_path")),
        line_start(column_of(label, "line_start")),
        line_end(column_of(label, "line_end")),
        byte_start(column_of(label, "byte_start")),
        byte_end(column_of(label, "byte_end")),
        language(column_of(label, "language")) {}

  std::size_t file_path;
  std::size_t line_start;
  std::size_t line_end;
  std::size_t byte_start;
  std::size_t byte_end;
  std::size_t language;
};

std::string join(std::string_view prefix, std::string_view name, char separator) {
  std::string out(prefix);
  if (!out.empty()) out += separator;
  out.append(name);
  return out;
}

std::int32_t line_count(std::string_view text) {
  return 1 + static_cast<std::int32_t>(std::count(text.begin(), text.end(), '\n'));
}

class DefinitionWriter {
 public:
  DefinitionWriter(GraphBuilder& builder, const NodeBudget& budget, std::uint64_t seed)
      : builder_(builder), budget_(budget), random_(seed, kDefinitionStream) {}

  CodeEntities run() && {
    add_project();
    add_external_packages();
    add_packages();
    plan_definitions();
    add_modules();
    check_budget();
    return std::move(entities_);
  }

 private:
  struct PackageInfo {
    std::string qualified_name;
    std::string path;
    std::string name;
    std::uint32_t parent = kTopLevel;
    std::uint32_t depth = 0;
  };

  BuildId add_node(Label label, std::string_view qualified_name, std::string_view name) {
    auto added = builder_.add_node(label, qualified_name, name);
    if (!added) throw std::logic_error("generator made a bad node: " + added.error().message);
    if (label != Label::Project && label != Label::ExternalPackage) {
      builder_.add_edge(RelType::Contains, entities_.project, *added);
    }
    return *added;
  }

  bool is_free(std::string_view prefix, std::string_view name,
               std::initializer_list<Label> labels) const {
    const std::string qualified_name = join(prefix, name, '.');
    return std::none_of(labels.begin(), labels.end(), [&](Label label) {
      return builder_.find(label, qualified_name).has_value();
    });
  }

  // A name from `make` whose qualified name under `prefix` no node of
  // `labels` has yet; numbered ("get_user_2", "UserService2") when draws keep
  // colliding.
  template <class MakeName>
  std::string unique_name(std::string_view prefix, std::initializer_list<Label> labels,
                          MakeName make) {
    std::string name;
    for (int attempt = 0; attempt < 8; ++attempt) {
      name = make(random_);
      if (is_free(prefix, name, labels)) return name;
    }
    const bool camel_case = name[0] >= 'A' && name[0] <= 'Z';
    for (std::uint32_t n = 2;; ++n) {
      std::string numbered = name + (camel_case ? "" : "_") + std::to_string(n);
      if (is_free(prefix, numbered, labels)) return numbered;
    }
  }

  // Moves past `lines` lines of about 32 bytes each.
  void advance(Cursor& cursor, std::int32_t lines) {
    cursor.line += lines;
    cursor.byte += lines * 24 + static_cast<std::int32_t>(
                                    random_.below(static_cast<std::uint64_t>(lines) * 16 + 1));
  }

  void set_location(const CodeColumns& columns, BuildId node, const std::string& file_path,
                    Cursor start, Cursor end) {
    builder_.set_string(node, columns.file_path, file_path);
    builder_.set_int(node, columns.line_start, start.line);
    builder_.set_int(node, columns.line_end, std::max(start.line, end.line - 1));
    builder_.set_int(node, columns.byte_start, start.byte);
    builder_.set_int(node, columns.byte_end, end.byte);
    builder_.set_string(node, columns.language, "python");
  }

  void add_project() {
    entities_.project = add_node(Label::Project, kProjectName, kProjectName);
    builder_.set_string(entities_.project, column_of(Label::Project, "path"), kProjectPath);
  }

  void add_external_packages() {
    const auto known = external_packages();
    for (std::uint32_t i = 0; i < budget_.external_packages; ++i) {
      const std::string_view qualified_name = known[i];
      const auto dot = qualified_name.rfind('.');
      const std::string_view name =
          dot == std::string_view::npos ? qualified_name : qualified_name.substr(dot + 1);
      entities_.external_packages.push_back(add_node(Label::ExternalPackage, qualified_name, name));
    }
  }

  // A random recursive forest: each package hangs under a uniformly chosen
  // earlier one, moved up to an ancestor when that would be too deep.
  void add_packages() {
    const std::size_t path_column = column_of(Label::Package, "path");
    const std::uint32_t roots = std::max(1U, budget_.packages / kPackagesPerRoot);
    for (std::uint32_t i = 0; i < budget_.packages; ++i) {
      PackageInfo info;
      if (i >= roots) {
        info.parent = random_.below32(i);
        while (packages_[info.parent].depth >= kMaxPackageDepth)
          info.parent = packages_[info.parent].parent;
        info.depth = packages_[info.parent].depth + 1;
      }
      const std::string_view prefix =
          i >= roots ? std::string_view(packages_[info.parent].qualified_name) : "";
      info.name =
          i == 0 ? std::string(kRootPackage) : unique_name(prefix, {Label::Package}, package_name);
      info.qualified_name = join(prefix, info.name, '.');
      info.path =
          join(i >= roots ? std::string_view(packages_[info.parent].path) : "", info.name, '/');
      const BuildId id = add_node(Label::Package, info.qualified_name, info.name);
      builder_.set_string(id, path_column, info.path);
      if (info.parent != kTopLevel)
        builder_.add_edge(RelType::Contains, entities_.packages[info.parent].id, id);
      entities_.packages.push_back(PackageEntity{id, 0, 0});
      packages_.push_back(std::move(info));
    }
  }

  // Decides how many modules each package has, how many classes and
  // top-level functions each module defines, how many methods each class
  // and how many nested functions each top-level function. A fifth of the
  // definitions go to heavy-tailed choices so that some modules and classes
  // are large.
  void plan_definitions() {
    const std::uint32_t package_count = budget_.packages;
    has_init_.assign(package_count, false);
    regular_modules_.assign(package_count, 0);
    std::uint32_t modules = 0;
    for (std::uint32_t p = 0; p < package_count && modules < budget_.modules; ++p) {
      has_init_[p] = random_.percent(70);
      modules += has_init_[p] ? 1U : 0U;
    }
    for (; modules < budget_.modules; ++modules) ++regular_modules_[random_.below32(package_count)];

    const std::uint32_t module_count = budget_.modules;
    const std::uint32_t top_level = budget_.functions - budget_.nested_functions;
    const auto module_rank = random_.permutation(module_count);
    auto spread = [this](std::uint32_t items, std::span<const std::uint32_t> rank,
                         std::uint32_t heavy_percent, std::vector<std::uint32_t>& counts) {
      const auto bins = static_cast<std::uint32_t>(rank.size());
      for (std::uint32_t i = 0; i < items; ++i) {
        ++counts[random_.percent(heavy_percent) ? rank[random_.zipf(bins)] : random_.below32(bins)];
      }
    };
    classes_in_module_.assign(module_count, 0);
    functions_in_module_.assign(module_count, 0);
    spread(budget_.classes, module_rank, 20, classes_in_module_);
    spread(top_level, module_rank, 20, functions_in_module_);

    const std::uint32_t class_count = budget_.classes;
    const std::uint32_t guaranteed = budget_.methods >= class_count ? 1 : 0;
    methods_in_class_.assign(class_count, guaranteed);
    spread(budget_.methods - guaranteed * class_count, random_.permutation(class_count), 15,
           methods_in_class_);

    nested_in_function_.assign(top_level, 0);
    for (std::uint32_t i = 0; i < budget_.nested_functions; ++i)
      ++nested_in_function_[random_.below32(top_level)];
  }

  void add_modules() {
    for (std::uint32_t p = 0; p < budget_.packages; ++p) {
      entities_.packages[p].first_module = static_cast<std::uint32_t>(entities_.modules.size());
      const PackageInfo& package = packages_[p];
      if (has_init_[p])
        add_module(p, package.name, package.qualified_name, package.path + "/__init__.py");
      for (std::uint32_t i = 0; i < regular_modules_[p]; ++i) {
        const std::string name =
            unique_name(package.qualified_name, {Label::Package, Label::Module}, module_name);
        add_module(p, name, join(package.qualified_name, name, '.'),
                   package.path + "/" + name + ".py");
      }
      entities_.packages[p].module_count =
          static_cast<std::uint32_t>(entities_.modules.size()) - entities_.packages[p].first_module;
    }
  }

  void add_module(std::uint32_t package, const std::string& name, const std::string& qualified_name,
                  const std::string& file_path) {
    const auto index = static_cast<std::uint32_t>(entities_.modules.size());
    ModuleEntity module;
    module.id = add_node(Label::Module, qualified_name, name);
    builder_.add_edge(RelType::Contains, entities_.packages[package].id, module.id);
    module.package = package;
    module.name = name;
    module.first_class = static_cast<std::uint32_t>(entities_.classes.size());
    module.first_function = static_cast<std::uint32_t>(entities_.functions.size());

    Cursor cursor;
    if (random_.percent(55)) advance(cursor, 1 + static_cast<std::int32_t>(random_.geometric(2)));
    module.internal_imports = budget_.modules > 1 ? random_.geometric(3) : 0;
    module.external_imports = random_.geometric(3);
    advance(cursor, static_cast<std::int32_t>(module.internal_imports + module.external_imports));
    advance(cursor, 1 + static_cast<std::int32_t>(random_.geometric(2)));

    std::uint32_t classes_left = classes_in_module_[index];
    std::uint32_t functions_left = functions_in_module_[index];
    while (classes_left + functions_left > 0) {
      advance(cursor, 2);
      if (random_.below32(classes_left + functions_left) < classes_left) {
        add_class(index, module.id, qualified_name, file_path, cursor);
        --classes_left;
      } else {
        const auto top_index = static_cast<std::uint32_t>(entities_.top_level_functions.size());
        add_function(index, kTopLevel, module.id, qualified_name, file_path, cursor,
                     nested_in_function_[top_index]);
        --functions_left;
      }
    }
    if (random_.percent(10)) advance(cursor, 3);  // if __name__ == "__main__": main()

    module.lines = {1, std::max(1, cursor.line - 1)};
    set_location(module_columns_, module.id, file_path, Cursor{}, cursor);
    builder_.set_string(module.id, module_path_, file_path);
    builder_.set_string(module.id, module_extension_, ".py");
    module.class_count = static_cast<std::uint32_t>(entities_.classes.size()) - module.first_class;
    module.function_count =
        static_cast<std::uint32_t>(entities_.functions.size()) - module.first_function;
    entities_.modules.push_back(std::move(module));
  }

  void add_class(std::uint32_t module, BuildId module_id, const std::string& module_name_text,
                 const std::string& file_path, Cursor& cursor) {
    const auto index = static_cast<std::uint32_t>(entities_.classes.size());
    std::string name = unique_name(module_name_text, {Label::Class, Label::Function}, class_name);
    const std::string qualified_name = join(module_name_text, name, '.');
    const BuildId id = add_node(Label::Class, qualified_name, name);
    builder_.add_edge(RelType::Defines, module_id, id);

    const Cursor start = cursor;
    if (random_.percent(10)) {
      builder_.add_list_item(id, class_decorators_, class_decorator(random_));
      advance(cursor, 1);
    }
    advance(cursor, 1);
    if (random_.percent(40)) {
      const std::string docstring = class_docstring(random_);
      builder_.set_string(id, class_docstring_, docstring);
      advance(cursor, line_count(docstring));
    }
    advance(cursor, static_cast<std::int32_t>(random_.geometric(2)));  // class attributes
    builder_.set_bool(
        id, class_is_abstract_,
        name.starts_with("Base") || name.starts_with("Abstract") || random_.percent(3));

    const auto first_method = static_cast<std::uint32_t>(entities_.methods.size());
    entities_.classes.push_back(
        ClassEntity{id, module, std::move(name), first_method, methods_in_class_[index]});
    for (std::uint32_t m = 0; m < methods_in_class_[index]; ++m) {
      advance(cursor, 1);
      add_method(index, id, qualified_name, file_path, cursor, m == 0);
    }
    set_location(class_columns_, id, file_path, start, cursor);
  }

  void add_method(std::uint32_t class_index, BuildId class_id,
                  const std::string& class_qualified_name, const std::string& file_path,
                  Cursor& cursor, bool first) {
    const std::string name = first && random_.percent(85)
                                 ? std::string("__init__")
                                 : unique_name(class_qualified_name, {Label::Method}, method_name);
    const BuildId id = add_node(Label::Method, join(class_qualified_name, name, '.'), name);
    builder_.add_edge(RelType::Defines, class_id, id);

    const Cursor start = cursor;
    const auto decorators = random_.below(100);
    for (std::uint32_t d = 0; d < (decorators < 15 ? 1U : decorators < 18 ? 2U : 0U); ++d) {
      builder_.add_list_item(id, method_decorators_, method_decorator(random_));
      advance(cursor, 1);
    }
    advance(cursor, 1 + (random_.percent(10) ? random_.between(1, 3) : 0));  // signature
    if (random_.percent(25)) {
      const std::string docstring = function_docstring(random_);
      builder_.set_string(id, method_docstring_, docstring);
      advance(cursor, line_count(docstring));
    }
    advance(cursor, 1 + static_cast<std::int32_t>(random_.geometric(7)));  // body
    builder_.set_string(id, method_class_name_, entities_.classes[class_index].name);
    builder_.set_bool(id, method_is_async_, random_.percent(5));
    set_location(method_columns_, id, file_path, start, cursor);
    entities_.methods.push_back(
        MethodEntity{id, class_index, {start.line, std::max(start.line, cursor.line - 1)}});
  }

  // A function of `module` defined in `parent` (kTopLevel: the module),
  // with `nested` functions defined in its body, a quarter of them two deep.
  void add_function(std::uint32_t module, std::uint32_t parent, BuildId parent_id,
                    const std::string& parent_qualified_name, const std::string& file_path,
                    Cursor& cursor, std::uint32_t nested) {
    const bool top_level = parent == kTopLevel;
    const auto index = static_cast<std::uint32_t>(entities_.functions.size());
    const std::string name =
        top_level
            ? unique_name(parent_qualified_name, {Label::Class, Label::Function}, function_name)
            : unique_name(parent_qualified_name, {Label::Function}, nested_function_name);
    const std::string qualified_name = join(parent_qualified_name, name, '.');
    const BuildId id = add_node(Label::Function, qualified_name, name);
    builder_.add_edge(RelType::Defines, parent_id, id);
    if (top_level) entities_.top_level_functions.push_back(index);
    entities_.functions.push_back(FunctionEntity{id, module, parent, {}});

    const Cursor start = cursor;
    if (random_.percent(top_level ? 10 : 8)) {
      builder_.add_list_item(id, function_decorators_, function_decorator(random_));
      advance(cursor, 1);
    }
    advance(cursor, 1 + (random_.percent(10) ? random_.between(1, 3) : 0));  // signature
    if (random_.percent(top_level ? 30 : 10)) {
      const std::string docstring = function_docstring(random_);
      builder_.set_string(id, function_docstring_, docstring);
      advance(cursor, line_count(docstring));
    }
    for (std::uint32_t left = nested; left > 0;) {
      const std::uint32_t deeper = left >= 2 && random_.percent(25) ? 1 : 0;
      left -= 1 + deeper;
      add_function(module, index, id, qualified_name, file_path, cursor, deeper);
      advance(cursor, 1);
    }
    advance(cursor, 1 + static_cast<std::int32_t>(random_.geometric(6)));  // body
    builder_.set_bool(id, function_is_async_, random_.percent(8));
    set_location(function_columns_, id, file_path, start, cursor);
    entities_.functions[index].lines = {start.line, std::max(start.line, cursor.line - 1)};
  }

  void check_budget() const {
    const bool exact = entities_.packages.size() == budget_.packages &&
                       entities_.modules.size() == budget_.modules &&
                       entities_.classes.size() == budget_.classes &&
                       entities_.functions.size() == budget_.functions &&
                       entities_.functions.size() - entities_.top_level_functions.size() ==
                           budget_.nested_functions &&
                       entities_.methods.size() == budget_.methods;
    if (!exact) throw std::logic_error("generator did not spend its node budget exactly");
  }

  GraphBuilder& builder_;
  NodeBudget budget_;
  Random random_;
  CodeEntities entities_;

  std::vector<PackageInfo> packages_;
  std::vector<bool> has_init_;
  std::vector<std::uint32_t> regular_modules_;
  std::vector<std::uint32_t> classes_in_module_;
  std::vector<std::uint32_t> functions_in_module_;
  std::vector<std::uint32_t> methods_in_class_;
  std::vector<std::uint32_t> nested_in_function_;

  const CodeColumns module_columns_{Label::Module};
  const CodeColumns class_columns_{Label::Class};
  const CodeColumns function_columns_{Label::Function};
  const CodeColumns method_columns_{Label::Method};
  const std::size_t module_path_ = column_of(Label::Module, "path");
  const std::size_t module_extension_ = column_of(Label::Module, "extension");
  const std::size_t class_decorators_ = column_of(Label::Class, "decorators");
  const std::size_t class_docstring_ = column_of(Label::Class, "docstring");
  const std::size_t class_is_abstract_ = column_of(Label::Class, "is_abstract");
  const std::size_t function_decorators_ = column_of(Label::Function, "decorators");
  const std::size_t function_docstring_ = column_of(Label::Function, "docstring");
  const std::size_t function_is_async_ = column_of(Label::Function, "is_async");
  const std::size_t method_class_name_ = column_of(Label::Method, "class_name");
  const std::size_t method_decorators_ = column_of(Label::Method, "decorators");
  const std::size_t method_docstring_ = column_of(Label::Method, "docstring");
  const std::size_t method_is_async_ = column_of(Label::Method, "is_async");
};

}  // namespace

CodeEntities add_definitions(GraphBuilder& builder, const NodeBudget& budget, std::uint64_t seed) {
  return DefinitionWriter(builder, budget, seed).run();
}

}  // namespace trellis::bench
