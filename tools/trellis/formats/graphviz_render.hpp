// Rendering DOT into a picture through Graphviz's `dot` program (`trellis
// export --format svg|png`). Graphviz is not linked: when `dot` is not on
// the PATH, the error says how to get it and how to do without.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "trellis/common/error.hpp"

namespace trellis::formats {

// Runs `dot -T<format> -o <out> <dot file>`; `format` is svg or png.
Status render_with_dot(std::string_view dot_text, std::string_view format, const std::filesystem::path& out);

}  // namespace trellis::formats
