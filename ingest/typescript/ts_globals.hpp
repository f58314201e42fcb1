// Names the JavaScript runtimes (ECMAScript, browsers, Node.js) and common
// test runners provide globally: a call through one of them (unless a scope
// shadows it) goes outside the tree, and is not an unresolved call.
#pragma once

#include <string_view>

namespace trellis::ingest::typescript {

bool is_global_name(std::string_view name);

}  // namespace trellis::ingest::typescript
