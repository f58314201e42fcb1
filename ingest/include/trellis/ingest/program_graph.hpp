// ProgramGraph: a language resolver's answer, before it becomes a store.
// Definitions are referred to by (file, definition index) into the files'
// FileFacts; the generic graph writer turns it all into nodes and edges.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "trellis/ingest/file_facts.hpp"
#include "trellis/store/unresolved_reason.hpp"

namespace trellis::ingest {

inline constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// A definition of a file, or the file's module itself (def == kModuleScope).
struct ScopeRef {
  std::uint32_t file = kNone;
  ScopeIndex def = kModuleScope;
  bool operator==(const ScopeRef&) const = default;
  auto operator<=>(const ScopeRef&) const = default;
};

struct PackageEntry {
  std::string qualified_name;
  std::string name;
  std::string relative_path;     // the folder
  std::uint32_t parent = kNone;  // enclosing package
};

struct ModuleEntry {
  std::string qualified_name;
  std::string name;
  std::uint32_t package = kNone;  // the package this module sits in
};

struct ImportEdge {
  std::uint32_t file = kNone;      // importing module
  std::uint32_t target_file = kNone;      // an in-tree module, or
  std::uint32_t target_external = kNone;  // an index into external_packages
};

struct InheritsEdge {
  ScopeRef derived;
  ScopeRef base;
  bool operator==(const InheritsEdge&) const = default;
};

struct CallEdge {
  ScopeRef caller;  // a Function, Method, or the Module
  ScopeRef callee;  // a Function, Method or Class (constructor)
  CallType call_type = CallType::Direct;
  std::uint32_t line = 0;
  bool operator==(const CallEdge&) const = default;
};

struct UnresolvedCall {
  ScopeRef caller;
  std::string text;
  std::uint32_t line = 0;
  UnresolvedReason reason = UnresolvedReason::Unknown;
  bool operator==(const UnresolvedCall&) const = default;
};

// A name a module re-exports: bound by an import and made public
// (Python: listed in `__all__`, imported as itself `from .x import y as y`,
// or a public name a package's `__init__` imports; TypeScript/JavaScript:
// `export {y} from`, `export *`, `export {y}` of an imported y), with the
// definition or module it stands for.
struct ReExport {
  std::uint32_t module = kNone;  // the re-exporting file
  std::string name;              // as the module exports it
  ScopeRef target;               // a definition, or a module (def == kModuleScope)
  bool operator==(const ReExport&) const = default;
};

// A member declared outside its type's body (a Go method, beside its type
// or in another file of the package): DEFINES comes from `owner`.
struct DetachedMember {
  ScopeRef member;
  ScopeRef owner;
};

struct ProgramGraph {
  std::string project_name;
  std::string project_path;
  std::span<const FileFacts> files;
  std::vector<ModuleEntry> modules;  // parallel to files
  std::vector<PackageEntry> packages;
  std::vector<std::string> external_packages;
  std::vector<ImportEdge> imports;
  std::vector<InheritsEdge> inherits;
  std::vector<InheritsEdge> implements;  // Class -> Interface
  std::vector<CallEdge> calls;
  std::vector<UnresolvedCall> unresolved_calls;
  std::size_t external_calls = 0;  // calls into code outside the tree (builtins, libraries)
  // The same count by calling file (parallel to files), from resolvers that
  // support incremental resolution; empty otherwise.
  std::vector<std::uint32_t> external_calls_by_file;
  // Parallel to files when the resolver keeps derived facts (see
  // FileEdgeSlice::derived); empty otherwise.
  std::vector<std::string> derived_by_file;
  // Languages that name definitions by something other than their file's
  // module (Java packages, C# namespaces, Go import paths, overload
  // signatures): every definition's qualified name, parallel to files and
  // their definitions. Empty: the writer names each definition by its
  // module's name and its nesting.
  std::vector<std::vector<std::string>> qualified_names;
  std::vector<DetachedMember> detached_members;
  std::vector<ReExport> reexports;  // by module, in source order
};

// The resolved edges that leave one file (its classes' INHERITS and
// IMPLEMENTS, its calls, its unresolved call sites, its re-exports), with file indices local to its language. Kept
// between runs, so an incremental index re-resolves only changed files.
struct FileEdgeSlice {
  std::vector<InheritsEdge> inherits;
  std::vector<InheritsEdge> implements;
  std::vector<CallEdge> calls;
  std::vector<UnresolvedCall> unresolved;
  std::uint32_t external_calls = 0;
  std::vector<ReExport> reexports;
  // What the resolver derived from this file that resolving other files
  // reads (Python: what its calls pass into parameters and attributes), in
  // the resolver's own encoding: an incremental resolution starts from the
  // unchanged files' and, when an edited file's changes, resolves them all.
  std::string derived;
  bool operator==(const FileEdgeSlice&) const = default;
};

// Makes the program's INHERITS, IMPLEMENTS, calls, unresolved calls,
// re-exports and external call counts those of `slices` (one per file, in file order), each
// vector sized once: moved out of the slices, or copied from const ones.
void set_file_edges(std::span<FileEdgeSlice> slices, ProgramGraph& program);
void set_file_edges(std::span<const FileEdgeSlice> slices, ProgramGraph& program);

}  // namespace trellis::ingest
