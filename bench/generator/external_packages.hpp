// Modules outside a generated project that its modules import: the standard
// library and popular third-party packages, most imported first (typing, os,
// logging, ...), so a heavy-tailed choice over this list makes the first
// entries import hubs.
#pragma once

#include <span>
#include <string_view>

namespace trellis::bench {

std::span<const std::string_view> external_packages();

}  // namespace trellis::bench
