#include "merge_programs.hpp"

#include <string>
#include <unordered_map>
#include <vector>

namespace trellis::ingest {
namespace {

std::uint32_t shift(std::uint32_t index, std::uint32_t by) { return index == kNone ? kNone : index + by; }
ScopeRef shift(ScopeRef ref, std::uint32_t by) { return {shift(ref.file, by), ref.def}; }

}  // namespace

ProgramGraph merge_programs(std::vector<LanguageProgram> programs, std::span<const FileFacts> all_files) {
  ProgramGraph merged;
  std::unordered_map<std::string, std::uint32_t> package_ids;  // merged packages by qualified name
  merged.files = all_files;
  merged.modules.resize(all_files.size());
  for (LanguageProgram& language : programs) {
    ProgramGraph& program = language.program;
    const std::uint32_t files = language.first_file;
    // Qualified names and detached members, by file.
    if (!program.qualified_names.empty()) {
      merged.qualified_names.resize(all_files.size());
      for (std::size_t f = 0; f < program.qualified_names.size(); ++f) {
        merged.qualified_names[files + f] = std::move(program.qualified_names[f]);
      }
    }
    for (const DetachedMember& detached : program.detached_members) {
      merged.detached_members.push_back({shift(detached.member, files), shift(detached.owner, files)});
    }
    const auto packages = static_cast<std::uint32_t>(merged.packages.size());
    const auto externals = static_cast<std::uint32_t>(merged.external_packages.size());
    if (merged.project_name.empty()) {
      merged.project_name = program.project_name;
      merged.project_path = program.project_path;
    }
    if (files == 0 && packages == 0 && externals == 0 && merged.imports.empty() && merged.inherits.empty() &&
        merged.implements.empty() && merged.calls.empty() && merged.unresolved_calls.empty() &&
        merged.reexports.empty()) {
      // Nothing to shift (the first language's files come first): the
      // edges move over whole, as the loops below would copy them.
      for (std::size_t f = 0; f < program.modules.size(); ++f) merged.modules[f] = std::move(program.modules[f]);
      merged.packages = std::move(program.packages);
      for (std::uint32_t p = 0; p < merged.packages.size(); ++p) package_ids.emplace(merged.packages[p].qualified_name, p);
      merged.external_packages = std::move(program.external_packages);
      merged.imports = std::move(program.imports);
      merged.inherits = std::move(program.inherits);
      merged.implements = std::move(program.implements);
      merged.calls = std::move(program.calls);
      merged.unresolved_calls = std::move(program.unresolved_calls);
      merged.reexports = std::move(program.reexports);
      merged.external_calls += program.external_calls;
      continue;
    }
    // A folder two languages make a Package of (C and C++ sources side by
    // side) is one Package.
    std::vector<std::uint32_t> package_of(program.packages.size());
    for (std::uint32_t p = 0; p < program.packages.size(); ++p) {
      const auto [it, added] = package_ids.emplace(program.packages[p].qualified_name, static_cast<std::uint32_t>(merged.packages.size()));
      package_of[p] = it->second;
      if (added) merged.packages.push_back(program.packages[p]);
    }
    for (std::uint32_t p = 0; p < program.packages.size(); ++p) {
      PackageEntry& package = merged.packages[package_of[p]];
      if (package_of[p] >= packages && program.packages[p].parent != kNone) package.parent = package_of[program.packages[p].parent];
    }
    for (std::size_t f = 0; f < program.modules.size(); ++f) {
      ModuleEntry module = std::move(program.modules[f]);
      if (module.package != kNone) module.package = package_of[module.package];
      merged.modules[files + f] = std::move(module);
    }
    for (std::string& external : program.external_packages) merged.external_packages.push_back(std::move(external));
    for (const ImportEdge& edge : program.imports) {
      merged.imports.push_back({shift(edge.file, files), shift(edge.target_file, files), shift(edge.target_external, externals)});
    }
    for (const InheritsEdge& edge : program.inherits) {
      merged.inherits.push_back({shift(edge.derived, files), shift(edge.base, files)});
    }
    for (const InheritsEdge& edge : program.implements) {
      merged.implements.push_back({shift(edge.derived, files), shift(edge.base, files)});
    }
    for (const CallEdge& edge : program.calls) {
      merged.calls.push_back({shift(edge.caller, files), shift(edge.callee, files), edge.call_type, edge.line});
    }
    for (UnresolvedCall& call : program.unresolved_calls) {
      merged.unresolved_calls.push_back({shift(call.caller, files), std::move(call.text), call.line, call.reason});
    }
    for (ReExport& reexport : program.reexports) {
      merged.reexports.push_back({shift(reexport.module, files), std::move(reexport.name), shift(reexport.target, files)});
    }
    merged.external_calls += program.external_calls;
  }
  return merged;
}

}  // namespace trellis::ingest
