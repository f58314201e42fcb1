// Turning errno values into the short reasons discovery reports.
#pragma once

#include <string>

#include "trellis/common/error.hpp"

namespace trellis::ingest {

// "permission denied", "symlink loop", else the system's message in lower
// case ("no such file or directory").
std::string describe_errno(int error_number);

// An INVALID_ARGUMENT error whose message is describe_errno(error_number).
Error errno_error(int error_number);

}  // namespace trellis::ingest
