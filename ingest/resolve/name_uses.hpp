// Names as the unit of header re-index (C++): which names a file's
// resolution reads, which names an edit to a file's declarations changed,
// and which names depend on those through the types declarations mention.
// A file that includes an edited header but reads none of the affected
// names resolves as before (include_dependents.hpp).
//
// Names are compared by a 32-bit key of their text (a trailing '!' of a
// macro dropped, so `#define f` and a call of f meet): two names sharing a
// key only make a file resolve again when it need not.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::resolve {

using NameKey = std::uint32_t;

NameKey name_key(std::string_view name);

// Every name `facts` looks up or binds (call sites, their arguments,
// locals, fields, declared types, bases, using declarations, its own
// definitions), sorted and unique: what its resolution can read of other
// files' declarations. Depends on the facts alone.
std::vector<NameKey> used_names(const FileFacts& facts);

// The names whose declarations differ between `before` and `after` (one
// added, removed, or changed: its type, signature, parameters, bases,
// parent, flags, value...), a constructor counting as its class's name.
// nullopt when the edit changed what no single name stands for: the
// #includes, `using namespace`, the file's package.
std::optional<std::vector<NameKey>> changed_names(const FileFacts& before, const FileFacts& after);

// Adds to `affected`, until none is left, every name declared in `files`
// whose declaration mentions an affected name (a function returning an
// affected type, a field of one, a class deriving from one, an alias of
// one): a file reading such a name may type its expressions differently.
void add_dependent_names(std::span<const FileFacts> files, std::unordered_set<NameKey>& affected);

}  // namespace trellis::ingest::resolve
