#include "merge_programs.hpp"

namespace trellis::ingest {
namespace {

std::uint32_t shift(std::uint32_t index, std::uint32_t by) { return index == kNone ? kNone : index + by; }
ScopeRef shift(ScopeRef ref, std::uint32_t by) { return {shift(ref.file, by), ref.def}; }

}  // namespace

ProgramGraph merge_programs(std::vector<LanguageProgram> programs, std::span<const FileFacts> all_files) {
  ProgramGraph merged;
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
    for (std::size_t f = 0; f < program.modules.size(); ++f) {
      ModuleEntry module = std::move(program.modules[f]);
      module.package = shift(module.package, packages);
      merged.modules[files + f] = std::move(module);
    }
    for (PackageEntry& package : program.packages) {
      package.parent = shift(package.parent, packages);
      merged.packages.push_back(std::move(package));
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
