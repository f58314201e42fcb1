// The TypeScript and JavaScript resolver: links the FileFacts of a tree the
// way the languages bind names, producing IMPORTS, INHERITS, IMPLEMENTS and
// CALLS.
//
// Names are looked up lexically (function scopes, then the module; class
// bodies bind no names), then among JavaScript's globals. An imported name
// is followed into the module that exports it, through `export {a as b}`,
// `export * from`, `export default`, `module.exports` and `exports.x`. A
// receiver's type comes from `new`, `this` (the class chain), `super`,
// parameter, field, variable and constructor-parameter-property
// annotations, and resolved functions' declared return types (`Promise<T>`
// counts as T). A call whose target cannot be known is never matched by
// name: it becomes an UnresolvedCall.
#pragma once

#include <span>
#include <string>

#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/program_graph.hpp"
#include "ts_project.hpp"

namespace trellis::ingest::typescript {

// `files` (sorted by path) must outlive the returned graph (it keeps a
// span of them); `config` is read from the indexed root.
ProgramGraph resolve_typescript(std::span<const FileFacts> files, const ProjectConfig& config,
                                std::string project_name, std::string project_path);

}  // namespace trellis::ingest::typescript
