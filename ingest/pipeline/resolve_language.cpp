#include "resolve_language.hpp"


#include <algorithm>

#include "trellis/common/parallel.hpp"

namespace trellis::ingest {
namespace {

bool valid_ref(ScopeRef ref, std::span<const FileFacts> files) {
  if (ref.file >= files.size()) return false;
  return ref.def == kModuleScope || ref.def < files[ref.file].definitions.size();
}

// Cached edges must leave `file` and point at definitions that exist: the
// snapshot is checksummed, but a stale cache must never index out of range.
bool valid_slice(const FileEdgeSlice& edges, std::uint32_t file, std::span<const FileFacts> files) {
  const auto from = [&](ScopeRef ref) { return ref.file == file && valid_ref(ref, files); };
  const auto valid_heritage = [&](const InheritsEdge& e) { return from(e.derived) && valid_ref(e.base, files); };
  return std::all_of(edges.inherits.begin(), edges.inherits.end(), valid_heritage) &&
         std::all_of(edges.implements.begin(), edges.implements.end(), valid_heritage) &&
         std::all_of(edges.calls.begin(), edges.calls.end(),
                     [&](const CallEdge& e) { return from(e.caller) && valid_ref(e.callee, files); }) &&
         std::all_of(edges.unresolved.begin(), edges.unresolved.end(),
                     [&](const UnresolvedCall& e) { return from(e.caller); }) &&
         std::all_of(edges.reexports.begin(), edges.reexports.end(),
                     [&](const ReExport& e) { return e.module == file && valid_ref(e.target, files); });
}

// Whether the previous index's edges can stand for every unchanged file
// the edits do not reach; `reshaped` marks the edited files whose interface
// digest changed.
bool can_reuse(const LanguageFrontend& language, const FileOwners& owners, std::span<const FileFacts> files,
               std::span<const std::uint8_t> changed, std::span<const std::uint64_t> digests, std::uint64_t context,
               const FactsCache& previous, std::vector<std::uint8_t>& reshaped) {
  // A file another language handles too (a `.h`) counts for the one that reads it.
  const auto previous_files = std::count_if(previous.begin(), previous.end(),
                                            [&](const auto& entry) { return owners.reads(language, entry.first); });
  if (static_cast<std::size_t>(previous_files) != files.size()) return false;
  for (std::uint32_t i = 0; i < files.size(); ++i) {
    const auto entry = previous.find(files[i].relative_path);
    if (entry == previous.end() || !entry->second.resolved) return false;
    const ResolvedFile& resolved = *entry->second.resolved;
    if (resolved.index != i || resolved.context_digest != context) return false;
    if (changed[i] != 0) {
      reshaped[i] = resolved.interface_digest != digests[i] ? 1 : 0;
    } else if (!valid_slice(resolved.edges, i, files)) {
      return false;
    }
  }
  return true;
}

// Marks in `wanted` what the edits to the files with `reshaped[i] != 0` can
// change: the files the language says read them, and every file whose last
// edges point into one of them (their definitions may have moved). False
// when the language cannot tell (every file may change).
bool mark_dependents(const LanguageFrontend& language, std::span<const FileFacts> files, const ProjectInfo& project,
                     std::span<const std::uint8_t> reshaped, const FactsCache& previous,
                     std::span<std::uint8_t> wanted) {
  std::vector<const FileFacts*> before(files.size(), nullptr);
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (reshaped[i] != 0) before[i] = &previous.find(files[i].relative_path)->second.facts;
  }
  if (!language.mark_dependents(files, project, reshaped, before, wanted)) return false;
  const auto into = [&](ScopeRef ref) { return ref.file < reshaped.size() && reshaped[ref.file] != 0; };
  const auto heritage_into = [&](const InheritsEdge& e) { return into(e.base); };
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (wanted[i] != 0) continue;
    const FileEdgeSlice& edges = previous.find(files[i].relative_path)->second.resolved->edges;
    if (std::any_of(edges.calls.begin(), edges.calls.end(), [&](const CallEdge& e) { return into(e.callee); }) ||
        std::any_of(edges.inherits.begin(), edges.inherits.end(), heritage_into) ||
        std::any_of(edges.implements.begin(), edges.implements.end(), heritage_into) ||
        std::any_of(edges.reexports.begin(), edges.reexports.end(), [&](const ReExport& e) { return into(e.target); })) {
      wanted[i] = 1;
    }
  }
  return true;
}

// Whether each edited file derives what its last resolution did.
bool same_derived(const ProgramGraph& program, std::span<const FileFacts> files, std::span<const std::uint8_t> changed,
                  const FactsCache& previous) {
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (changed[i] == 0) continue;
    const std::string none;
    const std::string& now = program.derived_by_file.size() == files.size() ? program.derived_by_file[i] : none;
    if (now != previous.find(files[i].relative_path)->second.resolved->edges.derived) return false;
  }
  return true;
}

std::vector<FileEdgeSlice> slices_by_file(ProgramGraph& program, std::size_t files) {
  std::vector<FileEdgeSlice> slices(files);
  for (InheritsEdge& e : program.inherits) slices[e.derived.file].inherits.push_back(e);
  for (InheritsEdge& e : program.implements) slices[e.derived.file].implements.push_back(e);
  for (CallEdge& e : program.calls) slices[e.caller.file].calls.push_back(e);
  for (UnresolvedCall& e : program.unresolved_calls) slices[e.caller.file].unresolved.push_back(std::move(e));
  for (ReExport& e : program.reexports) slices[e.module].reexports.push_back(std::move(e));
  for (std::size_t f = 0; f < files; ++f) slices[f].external_calls = program.external_calls_by_file[f];
  if (program.derived_by_file.size() == files) {
    for (std::size_t f = 0; f < files; ++f) slices[f].derived = std::move(program.derived_by_file[f]);
  }
  return slices;
}

// Unchanged files came from the cache without their call sites: those
// with wanted[i] != 0 (every one when `wanted` is empty) get them.
Status decode_cached_calls(std::span<FileFacts> files, std::span<const std::uint8_t> changed,
                           const FactsCache* previous, std::span<const std::uint8_t> wanted = {}) {
  if (previous == nullptr) return {};
  std::vector<Status> statuses(files.size());
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t i) {
    if (changed[i] != 0 || (!wanted.empty() && wanted[i] == 0)) return;
    if (const auto entry = previous->find(files[i].relative_path); entry != previous->end()) {
      statuses[i] = decode_calls(entry->second, files[i]);
    }
  });
  for (Status& status : statuses) {
    if (!status.ok()) return status;
  }
  return {};
}

}  // namespace

Result<LanguageResolution> resolve_language(const LanguageFrontend& language, const FileOwners& owners,
                                            std::span<FileFacts> files, std::span<const std::uint8_t> changed,
                                            FactsCache* previous, const ProjectInfo& project) {
  LanguageResolution out;
  const auto resolve_all = [&]() -> Status {
    if (Status status = decode_cached_calls(files, changed, previous); !status.ok()) return status;
    out.program = language.resolve(files, project);
    out.files_resolved = files.size();
    return {};
  };
  if (files.empty() || !language.interface_digest(files.front())) {
    if (Status status = resolve_all(); !status.ok()) return std::move(status).take_error();
    return out;
  }

  // Digests of changed files are computed; unchanged files keep theirs.
  std::vector<std::uint64_t> digests(files.size(), 0);
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t i) {
    if (changed[i] == 0 && previous != nullptr) {
      const auto entry = previous->find(files[i].relative_path);
      if (entry != previous->end() && entry->second.resolved) {
        digests[i] = entry->second.resolved->interface_digest;
        return;
      }
    }
    digests[i] = language.interface_digest(files[i]).value_or(0);
  });

  const std::uint64_t context = language.context_digest(project);
  std::vector<std::uint8_t> reshaped(files.size(), 0);
  bool reuse = previous != nullptr && can_reuse(language, owners, files, changed, digests, context, *previous, reshaped);
  std::vector<std::uint8_t> wanted(files.size(), 1);
  if (reuse) {
    wanted.assign(changed.begin(), changed.end());
    if (std::find(reshaped.begin(), reshaped.end(), 1) != reshaped.end()) {
      reuse = mark_dependents(language, files, project, reshaped, *previous, wanted);
      if (!reuse) wanted.assign(files.size(), 1);
    }
  }
  if (reuse) {
    if (Status status = decode_cached_calls(files, changed, previous, wanted); !status.ok()) {
      return std::move(status).take_error();
    }
  }
  if (reuse) {
    // What the unchanged files' last resolution derived (their calls'
    // arguments' values), which resolving the edited ones reads.
    std::vector<std::string> derived(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (changed[i] == 0) derived[i] = previous->find(files[i].relative_path)->second.resolved->edges.derived;
    }
    out.program = language.resolve_some(files, project, wanted, derived);
    if (!same_derived(out.program, files, changed, *previous)) {
      // An edited file now passes other values on: any file may resolve
      // differently.
      reuse = false;
      wanted.assign(files.size(), 1);
    }
  }
  if (!reuse) {
    if (Status status = decode_cached_calls(files, changed, previous); !status.ok()) {
      return std::move(status).take_error();
    }
    out.program = language.resolve_some(files, project, wanted);
  }
  out.files_resolved = static_cast<std::size_t>(std::count(wanted.begin(), wanted.end(), 1));
  if (reuse) {
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (wanted[i] != 0 && changed[i] == 0) ++out.dependents_resolved;
    }
  }
  if (out.program.external_calls_by_file.size() != files.size()) {
    // A frontend that gives digests but not per-file counts: resolve() fully.
    if (Status status = resolve_all(); !status.ok()) return std::move(status).take_error();
    return out;
  }

  std::vector<FileEdgeSlice> slices = slices_by_file(out.program, files.size());
  if (reuse) {
    out.kept.assign(files.size(), 0);
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (wanted[i] != 0) continue;
      slices[i] = std::move(previous->find(files[i].relative_path)->second.resolved->edges);
      out.kept[i] = 1;
    }
  }
  // Copied: the slices stay with the files' resolutions (for the next index).
  set_file_edges(std::span<const FileEdgeSlice>(slices), out.program);
  out.resolved.resize(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    out.resolved[i] = ResolvedFile{static_cast<std::uint32_t>(i), digests[i], context, std::move(slices[i])};
  }
  return out;
}

}  // namespace trellis::ingest
