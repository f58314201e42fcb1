// The Python resolver: links the FileFacts of a whole tree the way Python
// resolves names, producing the ProgramGraph's IMPORTS, INHERITS and CALLS.
//
// Names are looked up in Python's scopes (function locals, enclosing
// functions, module globals, star imports, builtins; class bodies are not
// enclosing scopes). Attribute chains are evaluated left to right over
// modules, classes (along the C3 MRO) and instances whose type is known from
// a constructor call, an annotation, or a resolved function's return
// annotation. A call whose target cannot be known is never matched by name:
// it becomes an UnresolvedCall.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "python_layout.hpp"
#include "trellis/ingest/file_facts.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest::python {

// `files` must outlive the returned graph (it keeps a span of them). With
// `wanted` (parallel to files), only the edges leaving the files marked
// non-zero are resolved, and only the files their names lead to are read;
// empty means every file. What the other files' calls pass into parameters
// is then read from `derived` (graph.derived_by_file of an earlier
// resolution), which the graph gives again for every wanted file.
ProgramGraph resolve_python(std::span<const FileFacts> files, const PythonLayout& layout,
                            std::string project_name, std::string project_path,
                            std::span<const std::uint8_t> wanted = {},
                            std::span<const std::string> derived = {});

}  // namespace trellis::ingest::python
