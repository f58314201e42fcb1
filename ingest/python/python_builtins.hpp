// Names Python's builtins module provides: a call to one of them (unless a
// scope shadows it) goes outside the tree, and is not an unresolved call.
#pragma once

#include <string_view>

namespace trellis::ingest::python {

bool is_builtin_name(std::string_view name);

}  // namespace trellis::ingest::python
