#include "resolve_language.hpp"


#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <unordered_map>

#include "trellis/common/parallel.hpp"

namespace trellis::ingest {
namespace {

// `counts[f]`: how many definitions file f had when the edges were made.
bool valid_ref(ScopeRef ref, std::span<const std::size_t> counts) {
  if (ref.file >= counts.size()) return false;
  return ref.def == kModuleScope || ref.def < counts[ref.file];
}

// Cached edges must leave `file` and point at definitions that existed: the
// snapshot is checksummed, but a stale cache must never index out of range.
bool valid_slice(const FileEdgeSlice& edges, std::uint32_t file, std::span<const std::size_t> counts) {
  const auto from = [&](ScopeRef ref) { return ref.file == file && valid_ref(ref, counts); };
  const auto valid_heritage = [&](const InheritsEdge& e) { return from(e.derived) && valid_ref(e.base, counts); };
  return std::all_of(edges.inherits.begin(), edges.inherits.end(), valid_heritage) &&
         std::all_of(edges.implements.begin(), edges.implements.end(), valid_heritage) &&
         std::all_of(edges.calls.begin(), edges.calls.end(),
                     [&](const CallEdge& e) { return from(e.caller) && valid_ref(e.callee, counts); }) &&
         std::all_of(edges.unresolved.begin(), edges.unresolved.end(),
                     [&](const UnresolvedCall& e) { return from(e.caller); }) &&
         std::all_of(edges.reexports.begin(), edges.reexports.end(),
                     [&](const ReExport& e) { return e.module == file && valid_ref(e.target, counts); });
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
  std::vector<std::size_t> counts(files.size());  // definitions when the cached edges were made
  for (std::uint32_t i = 0; i < files.size(); ++i) {
    const auto entry = previous.find(files[i].relative_path);
    if (entry == previous.end() || !entry->second.resolved) return false;
    const ResolvedFile& resolved = *entry->second.resolved;
    if (resolved.index != i || resolved.context_digest != context) return false;
    if (changed[i] != 0) reshaped[i] = resolved.interface_digest != digests[i] ? 1 : 0;
    counts[i] = (changed[i] != 0 ? entry->second.facts : files[i]).definitions.size();
  }
  for (std::uint32_t i = 0; i < files.size(); ++i) {
    if (changed[i] == 0 && !valid_slice(previous.find(files[i].relative_path)->second.resolved->edges, i, counts)) {
      return false;
    }
  }
  return true;
}

// Where each definition of `before` is in `after` (kNone: nowhere): the
// one of the same label, name, qualifier, signature and parent, of the same
// rank among those alike. A file that reads none of what an edit changed
// finds these same declarations (LanguageFrontend::kReadsNoChange).
std::vector<ScopeIndex> definition_moves(const FileFacts& before, const FileFacts& after) {
  const auto identity = [](const Definition& d, ScopeIndex parent) {
    return fmt::format("{}\x1f{}\x1f{}\x1f{}\x1f{}", static_cast<int>(d.label), d.name, d.qualifier, d.signature, parent);
  };
  std::unordered_map<std::string, std::vector<ScopeIndex>> by_identity;
  for (ScopeIndex d = 0; d < after.definitions.size(); ++d) {
    by_identity[identity(after.definitions[d], after.definitions[d].parent)].push_back(d);
  }
  std::unordered_map<std::string, std::size_t> taken;
  std::vector<ScopeIndex> moves(before.definitions.size(), kNone);
  for (ScopeIndex d = 0; d < before.definitions.size(); ++d) {
    const ScopeIndex old_parent = before.definitions[d].parent;
    ScopeIndex parent = kModuleScope;
    if (old_parent != kModuleScope) {
      if (old_parent >= d || moves[old_parent] == kNone) continue;  // parents precede children
      parent = moves[old_parent];
    }
    std::string key = identity(before.definitions[d], parent);
    const auto found = by_identity.find(key);
    if (found == by_identity.end()) continue;
    std::size_t& rank = taken[std::move(key)];
    if (rank < found->second.size()) moves[d] = found->second[rank++];
  }
  return moves;
}

// Calls visit(ScopeRef&) on each definition a file's edges point at in another file or its own.
template <class Visit>
void for_each_target(FileEdgeSlice& edges, Visit&& visit) {
  for (InheritsEdge& e : edges.inherits) visit(e.base);
  for (InheritsEdge& e : edges.implements) visit(e.base);
  for (CallEdge& e : edges.calls) visit(e.callee);
  for (ReExport& e : edges.reexports) visit(e.target);
}

// Marks in `wanted` what the edits to the files with `reshaped[i] != 0` can
// change: the files the language says read them, and every file whose last
// edges point into one of them (their definitions may have moved), unless
// the language says it reads none of what changed and every definition its
// edges point at is still there: then their definition_moves renumber them
// (renumbered[i] = 1). Returns how many files reading them (including them,
// or with edges into them) keep their edges; nullopt when the language
// cannot tell (every file may change).
std::optional<std::size_t> mark_dependents(const LanguageFrontend& language, std::span<const FileFacts> files,
                                           const ProjectInfo& project, std::span<const std::uint8_t> reshaped,
                                           FactsCache& previous, std::span<std::uint8_t> wanted,
                                           std::vector<std::uint8_t>& renumbered) {
  std::vector<const FileFacts*> before(files.size(), nullptr);
  std::vector<const std::vector<std::uint32_t>*> used(files.size(), nullptr);
  std::vector<CachedFile*> cached(files.size(), nullptr);
  for (std::size_t i = 0; i < files.size(); ++i) {
    cached[i] = &previous.find(files[i].relative_path)->second;
    if (reshaped[i] != 0) before[i] = &cached[i]->facts;
    if (cached[i]->resolved) used[i] = &cached[i]->resolved->used_names;
  }
  if (!language.mark_dependents(files, project, reshaped, before, used, wanted)) return std::nullopt;
  std::vector<std::vector<ScopeIndex>> moves(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (reshaped[i] != 0) moves[i] = definition_moves(*before[i], files[i]);
  }
  const auto into = [&](ScopeRef ref) { return ref.file < reshaped.size() && reshaped[ref.file] != 0; };
  std::size_t kept = 0;
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (wanted[i] == 1) continue;
    const bool includes = wanted[i] == LanguageFrontend::kReadsNoChange;
    const bool reads_no_change = includes || wanted[i] == LanguageFrontend::kNoChangeRead;
    FileEdgeSlice& edges = cached[i]->resolved->edges;
    bool points_into = false;
    bool moved_away = false;
    for_each_target(edges, [&](ScopeRef& ref) {
      if (!into(ref)) return;
      points_into = true;
      moved_away = moved_away || (ref.def != kModuleScope && moves[ref.file][ref.def] == kNone);
    });
    if (points_into && (!reads_no_change || moved_away)) {
      wanted[i] = 1;
      continue;
    }
    if (points_into) {
      renumbered[i] = 1;
      for_each_target(edges, [&](ScopeRef& ref) {
        if (into(ref) && ref.def != kModuleScope) ref.def = moves[ref.file][ref.def];
      });
    }
    if (includes || points_into) ++kept;
    wanted[i] = 0;
  }
  return kept;
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
  std::size_t dependents_skipped = 0;
  std::vector<std::uint8_t> renumbered(files.size(), 0);  // kept edges pointing into moved definitions
  if (reuse) {
    wanted.assign(changed.begin(), changed.end());
    if (std::find(reshaped.begin(), reshaped.end(), 1) != reshaped.end()) {
      const auto skipped = mark_dependents(language, files, project, reshaped, *previous, wanted, renumbered);
      reuse = skipped.has_value();
      if (!reuse) wanted.assign(files.size(), 1);
      dependents_skipped = skipped.value_or(0);
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
    out.dependents_skipped = dependents_skipped;
  }
  if (out.program.external_calls_by_file.size() != files.size()) {
    // A frontend that gives digests but not per-file counts: resolve() fully.
    if (Status status = resolve_all(); !status.ok()) return std::move(status).take_error();
    return out;
  }

  std::vector<FileEdgeSlice> slices = slices_by_file(out.program, files.size());
  std::vector<std::vector<std::uint32_t>> used(files.size());
  if (reuse) {
    out.kept.assign(files.size(), 0);
    for (std::size_t i = 0; i < files.size(); ++i) {
      if (wanted[i] != 0) continue;
      ResolvedFile& kept = *previous->find(files[i].relative_path)->second.resolved;
      slices[i] = std::move(kept.edges);
      used[i] = std::move(kept.used_names);
      out.kept[i] = renumbered[i] != 0 ? 0 : 1;
    }
  }
  // The names each file resolved this time reads (its facts are complete:
  // call sites decoded), for narrowing the next index's dependents.
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t i) {
    if (out.kept.empty() || wanted[i] != 0) used[i] = language.used_names(files[i]);
  });
  // Copied: the slices stay with the files' resolutions (for the next index).
  set_file_edges(std::span<const FileEdgeSlice>(slices), out.program);
  out.resolved.resize(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    out.resolved[i] =
        ResolvedFile{static_cast<std::uint32_t>(i), digests[i], context, std::move(slices[i]), std::move(used[i])};
  }
  return out;
}

}  // namespace trellis::ingest
