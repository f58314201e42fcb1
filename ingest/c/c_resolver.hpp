// C's linking: how #include lines find files of the tree, and which
// function a call by name reaches, the way a C program links.
//
// - `#include "x.h"` is looked up beside the including file, then in each
//   folder above it up to the tree's root, each folder before its
//   `include/` subfolder; `#include <x.h>` only in those `include/`
//   subfolders and at the root (`<string.h>` never finds `src/string.h`). A
//   header found nowhere in the tree is an ExternalPackage named as written
//   (`stdio.h`).
// - A call `f(...)` reaches, in order: nothing when `f` is a parameter or
//   local of the caller (a function pointer: dynamic_callee); nothing when
//   `f` is a macro the file or a header it includes (transitively) defines
//   (not_callable: macros are not expanded, and a macro invocation is never
//   matched to a function by name); the function `f` the file defines,
//   static or not; one an included header defines (a `static inline` helper);
//   nothing when `f` is a file-scope variable there (dynamic_callee); the one
//   non-static definition of `f` in another file of the tree, or, among
//   several, the one file a compilation database lists (a build's
//   `arch/x86/init.c`, not `arch/arm/init.c`), else, among those it lists
//   (all, when it lists none), the one whose file is the counterpart (same
//   path but the extension) of an included header that declares `f`;
//   several with no such choice stay unresolved (unknown_name: the tree
//   links `f` several ways). A name defined nowhere is a call out of the tree (libc), unless
//   a header of the tree #defines it (then not_callable, as above: the
//   header may come in through an include not found in the tree); a .c
//   file's macros are its own.
// - `p->f(...)` and `s.f(...)` call the function pointer in field f of p's
//   type (p a parameter, a local or a file-scope variable whose declared type
//   is a struct, union or typedef name, matched by that name as written): an
//   edge to every function the tree stores in field f of that type, by a
//   designated initialiser of a variable of the type (`.read = my_read`) or
//   an assignment to the field of such a variable (`p->read = &my_read`).
//   None stored: dynamic_callee; p of no known type (or no variable):
//   unknown_receiver. Any other computed callee, `(*fp)(...)` or
//   `table[i](...)`, is dynamic_callee.
#pragma once

#include <span>

#include "trellis/ingest/language.hpp"
#include "trellis/ingest/program_graph.hpp"

namespace trellis::ingest::c {

// Links the facts of all C files (sorted by path). With `wanted` (parallel
// to files, or empty: all), only the calls of files with wanted[f] != 0 are
// linked; external_calls_by_file is always filled.
ProgramGraph resolve_c(std::span<const FileFacts> files, const ProjectInfo& project,
                       std::span<const std::uint8_t> wanted = {});

// What linking other files reads of `facts`: its path, includes, definitions
// (names, static, parameters and locals), declared names and assignments
// (variables, macros, functions stored in fields). Call sites are left out:
// editing only calls in a body re-links only that file.
std::uint64_t c_interface_digest(const FileFacts& facts);

}  // namespace trellis::ingest::c
