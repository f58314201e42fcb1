#include "c/c_resolver.hpp"

#include <algorithm>
#include <map>
#include <optional>
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
    stamp_.assign(files_.size(), 0);
    rank_.assign(files_.size(), 0);
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
  // The files that define a name, so that a call asks only them whether
  // the caller sees them, not every header the caller includes.
  struct Definers {
    std::vector<std::uint32_t> macros;
    std::vector<std::uint32_t> variables;  // at file scope
    std::vector<std::uint32_t> functions;
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
        if (names.functions.emplace(definition.name, d).second) definers_[definition.name].functions.push_back(f);
        if (!definition.is_static) exported_[definition.name].push_back({f, d});
      }
      facts.for_each_assignment_outside_callables([&](const Assignment& assignment) {
        if (assignment.target.size() != 1) return;
        const std::string_view name = assignment.target[0].text;
        if (is_macro(assignment)) {
          if (names.macros.insert(name).second) definers_[name].macros.push_back(f);
          // A .c file's macros are its own; a header's may reach files through includes not found.
          if (facts.relative_path.ends_with(".h")) header_macros_.insert(name);
        } else if (names.variables.emplace(name, assignment.annotation.empty() ? std::string_view{} : assignment.annotation[0].text).second) {
          definers_[name].variables.push_back(f);
        }
      });
      files_by_stem_[without_extension(facts.relative_path)].push_back(f);
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

  // Makes `file` the one whose calls are linked: the files it includes,
  // directly or through others, in included_ nearest first, and each file it
  // sees (itself at rank 0) stamped with its rank; its locals by scope and name.
  void open_file(std::uint32_t file) {
    ++epoch_;
    included_.clear();
    stamp_[file] = epoch_;
    rank_[file] = 0;
    for (std::size_t next = 0; next <= included_.size(); ++next) {
      const std::uint32_t from = next == 0 ? file : included_[next - 1];
      for (const std::uint32_t target : names_[from].includes) {
        if (stamp_[target] == epoch_) continue;
        stamp_[target] = epoch_;
        included_.push_back(target);
        rank_[target] = static_cast<std::uint32_t>(included_.size());
      }
    }
    locals_.clear();
    locals_read_ = false;
  }

  // The type of the local `name` of function `scope` of the open file, as
  // its last declaration writes it ("" for none written); nullopt when it
  // declares no such local.
  std::optional<std::string_view> local_type(std::uint32_t file, ScopeIndex scope, std::string_view name) {
    if (!locals_read_) {
      locals_read_ = true;
      for (const Assignment& assignment : files_[file].all_assignments()) {
        if (assignment.scope == kModuleScope || assignment.target.size() != 1) continue;
        locals_.insert_or_assign(std::pair{assignment.scope, std::string_view(assignment.target[0].text)},
                                 assignment.annotation.empty() ? std::string_view{} : assignment.annotation[0].text);
      }
    }
    const auto it = locals_.find({scope, name});
    if (it == locals_.end()) return std::nullopt;
    return it->second;
  }

  bool sees(std::uint32_t f) const { return stamp_[f] == epoch_; }

  // The nearest file the open file sees (itself first, then its includes in
  // order) among the `definers` of a name; `has(FileNames&)` asks the same of
  // one file, used instead when the definers outnumber the files seen; kNone
  // when none is seen.
  template <class Has>
  std::uint32_t nearest(std::uint32_t file, const std::vector<std::uint32_t>& definers, Has&& has) const {
    if (definers.size() <= included_.size() + 1) {
      std::uint32_t best = kNone;
      for (const std::uint32_t f : definers) {
        if (sees(f) && (best == kNone || rank_[f] < rank_[best])) best = f;
      }
      return best;
    }
    if (has(names_[file])) return file;
    for (const std::uint32_t f : included_) {
      if (has(names_[f])) return f;
    }
    return kNone;
  }

  const Definers* definers_of(std::string_view name) const {
    const auto it = definers_.find(name);
    return it == definers_.end() ? nullptr : &it->second;
  }

  void unresolved(std::uint32_t file, const CallSite& site, UnresolvedReason reason) {
    program_.unresolved_calls.push_back({{file, site.caller}, site.text, site.line, reason});
  }

  void link_calls(std::uint32_t file) {
    const FileFacts& facts = files_[file];
    if (facts.calls.empty()) return;
    open_file(file);
    for (const CallSite& site : facts.calls) {
      if (site.callee.size() == 2 && site.callee[1].kind == Link::Kind::Attribute) {
        link_field_call(file, site);
        continue;
      }
      if (site.callee.size() != 1 || site.callee[0].kind != Link::Kind::Name) {
        unresolved(file, site, UnresolvedReason::DynamicCallee);
        continue;
      }
      const std::string& name = site.callee[0].text;
      const auto target = link_name(file, site, name);
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
  // in the open file (a parameter, a local, a file-scope variable of the
  // file or of a header it includes); "" when not known.
  std::string_view type_of(std::uint32_t file, ScopeIndex scope, std::string_view name) {
    if (scope != kModuleScope) {
      const Definition& function = files_[file].definitions[scope];
      for (const auto& [parameter, type] : function.annotated_parameters) {
        if (parameter == name && !type.empty()) return type[0].text;
      }
      if (std::find(function.parameters.begin(), function.parameters.end(), name) != function.parameters.end()) return {};
      if (const auto local = local_type(file, scope, name)) return *local;
    }
    const Definers* definers = definers_of(name);
    if (definers == nullptr) return {};
    const std::uint32_t holder =
        nearest(file, definers->variables, [&](const FileNames& names) { return names.variables.contains(name); });
    return holder == kNone ? std::string_view{} : names_[holder].variables.find(name)->second;
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
      bool opened = false;
      for (const Assignment& assignment : files_[f].all_assignments()) {
        if (assignment.target.size() != 2 || assignment.value.size() != 1) continue;
        if (!opened) {
          open_file(f);
          opened = true;
        }
        std::string_view type = assignment.target[0].text;
        if (assignment.target[0].kind == Link::Kind::Name) type = type_of(f, assignment.scope, type);
        if (type.empty() || binds_locally(f, assignment.scope, assignment.value[0].text)) continue;
        const ScopeRef target = function_named(f, assignment.value[0].text);
        if (target.file == kNone) continue;
        std::vector<ScopeRef>& targets = field_functions_[std::string(type) + "." + assignment.target[1].text];
        if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
      }
    }
  }

  // `x->f(...)` / `x.f(...)`: every function stored in field f of x's type.
  void link_field_call(std::uint32_t file, const CallSite& site) {
    const std::string_view type =
        site.callee[0].kind == Link::Kind::Name ? type_of(file, site.caller, site.callee[0].text) : std::string_view{};
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

  // The function a call by `name` in the open file reaches; else file kNone
  // with def kOutOfTree or an UnresolvedReason.
  static constexpr ScopeIndex kOutOfTree = 0xFFFFFF00u;
  ScopeRef link_name(std::uint32_t file, const CallSite& site, const std::string& name) const {
    const auto reason = [](UnresolvedReason why) { return ScopeRef{kNone, static_cast<ScopeIndex>(why)}; };
    if (binds_locally(file, site.caller, name)) return reason(UnresolvedReason::DynamicCallee);
    const std::string_view key = name;
    const Definers* definers = definers_of(key);
    if (definers != nullptr &&
        nearest(file, definers->macros, [&](const FileNames& names) { return names.macros.contains(key); }) != kNone) {
      return reason(UnresolvedReason::NotCallable);
    }
    const bool variable =
        definers != nullptr &&
        nearest(file, definers->variables, [&](const FileNames& names) { return names.variables.contains(key); }) != kNone;
    return function_named(file, name, variable);
  }

  // The function `name` names in the open file `file`: its own, an included
  // header's, (unless `variable`: a file-scope variable of that name is
  // visible, a function pointer, dynamic_callee) the tree's one non-static
  // one, or the counterpart of an included header declaring it; else file
  // kNone with def kOutOfTree or an UnresolvedReason.
  ScopeRef function_named(std::uint32_t file, const std::string& name, bool variable = false) const {
    const auto reason = [](UnresolvedReason why) { return ScopeRef{kNone, static_cast<ScopeIndex>(why)}; };
    const std::string_view key = name;
    if (const Definers* definers = definers_of(key)) {
      const std::uint32_t holder =
          nearest(file, definers->functions, [&](const FileNames& names) { return names.functions.contains(key); });
      if (holder != kNone) return {holder, names_[holder].functions.find(key)->second};
    }
    if (variable) return reason(UnresolvedReason::DynamicCallee);
    const auto exported = exported_.find(key);
    if (exported == exported_.end()) {
      return header_macros_.contains(key) ? reason(UnresolvedReason::NotCallable) : ScopeRef{kNone, kOutOfTree};
    }
    const std::vector<ScopeRef>* candidates = &exported->second;
    if (candidates->size() == 1) return candidates->front();
    // Several: those the compilation database lists (built together), when it lists any.
    std::vector<ScopeRef> built;
    for (const ScopeRef& candidate : *candidates) {
      if (commands_.by_file.contains(files_[candidate.file].relative_path)) built.push_back(candidate);
    }
    if (built.size() == 1) return built.front();
    if (!built.empty()) candidates = &built;
    // Then the counterpart of an included header that declares the name.
    std::vector<ScopeRef> chosen;
    for (const ScopeRef& candidate : *candidates) {
      const auto same_stem = files_by_stem_.find(without_extension(files_[candidate.file].relative_path));
      const bool declared = std::any_of(same_stem->second.begin(), same_stem->second.end(), [&](std::uint32_t header) {
        const std::vector<std::string>& declares = files_[header].all_names;
        return header != file && sees(header) && std::binary_search(declares.begin(), declares.end(), name);
      });
      if (declared) chosen.push_back(candidate);
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
  std::unordered_map<std::string_view, Definers> definers_;
  std::unordered_map<std::string_view, std::vector<std::uint32_t>> files_by_stem_;
  // The open file (open_file): what it includes, nearest first; each file it
  // sees stamped with epoch_, and its rank (0 itself); its locals' types.
  std::vector<std::uint32_t> included_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> rank_;
  std::uint32_t epoch_ = 0;
  std::map<std::pair<ScopeIndex, std::string_view>, std::string_view> locals_;
  bool locals_read_ = false;
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
    digest.annotated(d.annotated_parameters);
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
