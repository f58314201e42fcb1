#include "c/c_resolver.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "c/c_extractor.hpp"
#include "resolve/facts_digest.hpp"
#include "resolve/include_paths.hpp"

namespace trellis::ingest::c {
namespace {

using resolve::dotted_path;
using resolve::folder_of;
using resolve::without_extension;

bool is_macro(const Assignment& assignment) {
  return assignment.annotation.size() == 1 && assignment.annotation[0].text == kMacroMark;
}

class Linker {
 public:
  Linker(std::span<const FileFacts> files, const ProjectInfo& project, std::span<const std::uint8_t> wanted)
      : files_(files), wanted_(wanted),
        commands_(resolve::compile_commands_for(project.path, project.compile_commands)),
        include_paths_(files, commands_) {
    program_.project_name = project.name;
    program_.project_path = project.path;
    program_.files = files;
  }

  ProgramGraph run() {
    layout();
    index_names();
    link_includes();
    index_field_functions();
    program_.external_calls_by_file.assign(files_.size(), 0);
    for (std::uint32_t f = 0; f < files_.size(); ++f) {
      if (wanted_.empty() || wanted_[f] != 0) link_calls(f);
    }
    return std::move(program_);
  }

 private:
  struct FileNames {
    std::unordered_map<std::string_view, ScopeIndex> functions;  // first definition by name
    std::unordered_map<std::string_view, std::string_view> variables;  // file scope, with type ("": unknown)
    std::unordered_set<std::string_view> macros;
    std::vector<std::uint32_t> includes;  // files of the tree it includes, directly
  };

  void layout() {
    std::map<std::string, std::uint32_t, std::less<>> by_folder;
    const auto package_of = [&](std::string_view folder) -> std::uint32_t {
      if (folder.empty()) return kNone;
      if (const auto it = by_folder.find(folder); it != by_folder.end()) return it->second;
      const auto index = static_cast<std::uint32_t>(program_.packages.size());
      by_folder.emplace(std::string(folder), index);
      const auto slash = folder.rfind('/');
      program_.packages.push_back({dotted_path(folder), std::string(slash == std::string_view::npos ? folder : folder.substr(slash + 1)),
                                   std::string(folder), kNone});
      return index;
    };
    program_.qualified_names.resize(files_.size());
    for (std::uint32_t f = 0; f < files_.size(); ++f) {
      const std::string_view path = files_[f].relative_path;
      const bool header = path.ends_with(".h");
      const std::string stem = dotted_path(without_extension(path));
      const std::string_view file_name = path.substr(path.rfind('/') == std::string_view::npos ? 0 : path.rfind('/') + 1);
      program_.modules.push_back({header ? dotted_path(path) : stem,
                                  std::string(header ? file_name : without_extension(file_name)),
                                  package_of(folder_of(path))});
      for (const Definition& definition : files_[f].definitions) {
        program_.qualified_names[f].push_back(stem + "." + definition.name);
      }
    }
    // Each package's parent: the nearest folder above it that is one.
    for (auto& [folder, index] : by_folder) {
      for (std::string_view up = folder_of(folder); !up.empty(); up = folder_of(up)) {
        if (const auto it = by_folder.find(up); it != by_folder.end()) {
          program_.packages[index].parent = it->second;
          break;
        }
      }
    }
  }

  void index_names() {
    names_.resize(files_.size());
    for (std::uint32_t f = 0; f < files_.size(); ++f) {
      const FileFacts& facts = files_[f];
      FileNames& names = names_[f];
      for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
        const Definition& definition = facts.definitions[d];
        if (definition.label != Label::Function) continue;
        names.functions.emplace(definition.name, d);
        if (!definition.is_static) exported_[definition.name].push_back({f, d});
      }
      facts.for_each_assignment_outside_callables([&](const Assignment& assignment) {
        if (assignment.target.size() != 1) return;
        const std::string_view name = assignment.target[0].text;
        if (is_macro(assignment)) {
          names.macros.insert(name);
          // A .c file's macros are its own; a header's may reach files through includes not found.
          if (facts.relative_path.ends_with(".h")) header_macros_.insert(name);
        } else {
          names.variables.emplace(name, assignment.annotation.empty() ? std::string_view{} : assignment.annotation[0].text);
        }
      });
    }
  }

  void link_includes() {
    std::unordered_map<std::string, std::uint32_t> externals;
    for (std::uint32_t f = 0; f < files_.size(); ++f) {
      for (const Import& include : files_[f].imports) {
        if (const auto target = include_paths_.find(f, include)) {
          names_[f].includes.push_back(*target);
          program_.imports.push_back({f, *target, kNone});
          continue;
        }
        auto [it, added] = externals.emplace(include.module, static_cast<std::uint32_t>(program_.external_packages.size()));
        if (added) program_.external_packages.push_back(include.module);
        program_.imports.push_back({f, kNone, it->second});
      }
    }
  }

  // The files `file` includes, directly or through others, nearest first.
  std::vector<std::uint32_t> included_by(std::uint32_t file) const {
    std::vector<std::uint32_t> order;
    std::vector<std::uint8_t> seen(files_.size(), 0);
    seen[file] = 1;
    order.push_back(file);
    for (std::size_t next = 0; next < order.size(); ++next) {
      for (const std::uint32_t target : names_[order[next]].includes) {
        if (!seen[target]) {
          seen[target] = 1;
          order.push_back(target);
        }
      }
    }
    order.erase(order.begin());
    return order;
  }

  void unresolved(std::uint32_t file, const CallSite& site, UnresolvedReason reason) {
    program_.unresolved_calls.push_back({{file, site.caller}, site.text, site.line, reason});
  }

  void link_calls(std::uint32_t file) {
    const FileFacts& facts = files_[file];
    if (facts.calls.empty()) return;
    const std::vector<std::uint32_t> included = included_by(file);
    for (const CallSite& site : facts.calls) {
      if (site.callee.size() == 2 && site.callee[1].kind == Link::Kind::Attribute) {
        link_field_call(file, site, included);
        continue;
      }
      if (site.callee.size() != 1 || site.callee[0].kind != Link::Kind::Name) {
        unresolved(file, site, UnresolvedReason::DynamicCallee);
        continue;
      }
      const std::string& name = site.callee[0].text;
      const auto target = link_name(file, site, name, included);
      if (target.file != kNone) {
        program_.calls.push_back({{file, site.caller}, target, CallType::Direct, site.line});
      } else if (target.def == kOutOfTree) {
        ++program_.external_calls;
        ++program_.external_calls_by_file[file];
      } else {
        unresolved(file, site, static_cast<UnresolvedReason>(target.def));
      }
    }
  }

  // The struct, union or typedef name of variable `name` where `scope` runs
  // (a parameter, a local, a file-scope variable of the file or of a header
  // it includes); "" when not known.
  std::string_view type_of(std::uint32_t file, ScopeIndex scope, std::string_view name,
                           const std::vector<std::uint32_t>& included) const {
    const FileFacts& facts = files_[file];
    if (scope != kModuleScope) {
      const Definition& function = facts.definitions[scope];
      for (const auto& [parameter, type] : function.annotated_parameters) {
        if (parameter == name && !type.empty()) return type[0].text;
      }
      if (std::find(function.parameters.begin(), function.parameters.end(), name) != function.parameters.end()) return {};
      std::string_view local;
      bool found = false;
      for (const Assignment& assignment : facts.all_assignments()) {
        if (assignment.scope != scope || assignment.target.size() != 1 || assignment.target[0].text != name) continue;
        local = assignment.annotation.empty() ? std::string_view{} : assignment.annotation[0].text;
        found = true;
      }
      if (found) return local;
    }
    if (const auto it = names_[file].variables.find(name); it != names_[file].variables.end()) return it->second;
    for (const std::uint32_t header : included) {
      if (const auto it = names_[header].variables.find(name); it != names_[header].variables.end()) return it->second;
    }
    return {};
  }

  // Whether `name` is a parameter or local of function `scope` of `file`.
  bool binds_locally(std::uint32_t file, ScopeIndex scope, std::string_view name) const {
    if (scope == kModuleScope) return false;
    const Definition& function = files_[file].definitions[scope];
    const auto binds = [&](const std::vector<std::string>& names) {
      return std::find(names.begin(), names.end(), name) != names.end();
    };
    return binds(function.parameters) || binds(function.local_names);
  }

  // Every function stored in a field of a type: designated initialisers of
  // typed variables, and `x.f = g` where x's type is known.
  void index_field_functions() {
    for (std::uint32_t f = 0; f < files_.size(); ++f) {
      std::vector<std::uint32_t> included;
      bool have_included = false;
      for (const Assignment& assignment : files_[f].all_assignments()) {
        if (assignment.target.size() != 2 || assignment.value.size() != 1) continue;
        if (!have_included) {
          included = included_by(f);
          have_included = true;
        }
        std::string_view type = assignment.target[0].text;
        if (assignment.target[0].kind == Link::Kind::Name) type = type_of(f, assignment.scope, type, included);
        if (type.empty() || binds_locally(f, assignment.scope, assignment.value[0].text)) continue;
        const ScopeRef target = function_named(f, assignment.value[0].text, included);
        if (target.file == kNone) continue;
        std::vector<ScopeRef>& targets = field_functions_[std::string(type) + "." + assignment.target[1].text];
        if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
      }
    }
  }

  // `x->f(...)` / `x.f(...)`: every function stored in field f of x's type.
  void link_field_call(std::uint32_t file, const CallSite& site, const std::vector<std::uint32_t>& included) {
    const std::string_view type =
        site.callee[0].kind == Link::Kind::Name ? type_of(file, site.caller, site.callee[0].text, included) : std::string_view{};
    if (type.empty()) {
      unresolved(file, site, UnresolvedReason::UnknownReceiver);
      return;
    }
    const auto it = field_functions_.find(std::string(type) + "." + site.callee[1].text);
    if (it == field_functions_.end()) {
      unresolved(file, site, UnresolvedReason::DynamicCallee);
      return;
    }
    for (const ScopeRef& target : it->second) {
      program_.calls.push_back({{file, site.caller}, target, CallType::Direct, site.line});
    }
  }

  // The function a call by `name` reaches; else file kNone with def
  // kOutOfTree or an UnresolvedReason.
  static constexpr ScopeIndex kOutOfTree = 0xFFFFFF00u;
  ScopeRef link_name(std::uint32_t file, const CallSite& site, const std::string& name,
                     const std::vector<std::uint32_t>& included) const {
    const auto reason = [](UnresolvedReason why) { return ScopeRef{kNone, static_cast<ScopeIndex>(why)}; };
    if (binds_locally(file, site.caller, name)) return reason(UnresolvedReason::DynamicCallee);
    const auto visible = [&](auto&& has) {
      if (has(names_[file])) return true;
      return std::any_of(included.begin(), included.end(), [&](std::uint32_t f) { return has(names_[f]); });
    };
    const std::string_view key = name;
    if (visible([&](const FileNames& names) { return names.macros.contains(key); })) {
      return reason(UnresolvedReason::NotCallable);
    }
    return function_named(file, name, included, visible([&](const FileNames& names) { return names.variables.contains(key); }));
  }

  // The function `name` names in `file`: its own, an included header's,
  // (unless `variable`: a file-scope variable of that name is visible, a
  // function pointer, dynamic_callee) the tree's one non-static one, or the
  // counterpart of an included header declaring it; else file kNone with def
  // kOutOfTree or an UnresolvedReason.
  ScopeRef function_named(std::uint32_t file, const std::string& name, const std::vector<std::uint32_t>& included,
                          bool variable = false) const {
    const auto reason = [](UnresolvedReason why) { return ScopeRef{kNone, static_cast<ScopeIndex>(why)}; };
    const std::string_view key = name;
    if (const auto it = names_[file].functions.find(key); it != names_[file].functions.end()) return {file, it->second};
    for (const std::uint32_t header : included) {
      if (const auto it = names_[header].functions.find(key); it != names_[header].functions.end()) {
        return {header, it->second};
      }
    }
    if (variable) return reason(UnresolvedReason::DynamicCallee);
    const auto exported = exported_.find(key);
    if (exported == exported_.end()) {
      return header_macros_.contains(key) ? reason(UnresolvedReason::NotCallable) : ScopeRef{kNone, kOutOfTree};
    }
    const std::vector<ScopeRef>& candidates = exported->second;
    if (candidates.size() == 1) return candidates.front();
    // Several: the counterpart of an included header that declares the name.
    std::vector<ScopeRef> chosen;
    for (const ScopeRef& candidate : candidates) {
      const std::string_view stem = without_extension(files_[candidate.file].relative_path);
      for (const std::uint32_t header : included) {
        const FileFacts& declares = files_[header];
        if (without_extension(declares.relative_path) == stem &&
            std::binary_search(declares.all_names.begin(), declares.all_names.end(), name)) {
          chosen.push_back(candidate);
          break;
        }
      }
    }
    if (chosen.size() == 1) return chosen.front();
    return reason(UnresolvedReason::UnknownName);
  }

  std::span<const FileFacts> files_;
  std::span<const std::uint8_t> wanted_;
  ProgramGraph program_;
  resolve::CompileCommands commands_;
  resolve::IncludePaths include_paths_;
  std::vector<FileNames> names_;
  std::unordered_map<std::string_view, std::vector<ScopeRef>> exported_;
  std::unordered_set<std::string_view> header_macros_;
  std::unordered_map<std::string, std::vector<ScopeRef>> field_functions_;  // "type.field" -> functions
};

}  // namespace

ProgramGraph resolve_c(std::span<const FileFacts> files, const ProjectInfo& project,
                       std::span<const std::uint8_t> wanted) {
  return Linker(files, project, wanted).run();
}

std::uint64_t c_interface_digest(const FileFacts& facts) {
  resolve::FactsDigest digest;
  digest.text(facts.relative_path);
  digest.u32(static_cast<std::uint32_t>(facts.imports.size()));
  for (const Import& import : facts.imports) {
    digest.text(import.module);
    digest.u32(import.level);
  }
  digest.u32(static_cast<std::uint32_t>(facts.definitions.size()));
  for (const Definition& d : facts.definitions) {
    digest.u32(static_cast<std::uint32_t>(d.label));
    digest.text(d.name);
    digest.u32(d.is_static ? 1u : 0u);
    digest.u32(static_cast<std::uint32_t>(d.annotated_parameters.size()));
    for (const auto& [name, annotation] : d.annotated_parameters) {
      digest.text(name);
      digest.chain(annotation);
    }
    // A field assignment's value is looked up past the function's own names.
    digest.texts(d.parameters);
    digest.texts(d.local_names);
  }
  digest.texts(facts.all_names);
  for (const Assignment& a : facts.all_assignments()) {
    digest.u32(a.scope);
    digest.chain(a.target);
    digest.chain(a.value);
    digest.chain(a.annotation);
  }
  return digest.value();
}

}  // namespace trellis::ingest::c
