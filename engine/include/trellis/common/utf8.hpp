// Text handed to parsers and written into JSON must be valid UTF-8.
#pragma once

#include <string>

namespace trellis {

// Replaces every invalid UTF-8 sequence in `text` with U+FFFD; returns
// whether anything was replaced.
bool repair_utf8(std::string& text);

}  // namespace trellis
