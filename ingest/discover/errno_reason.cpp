#include "discover/errno_reason.hpp"

#include <cctype>
#include <cerrno>
#include <system_error>

namespace trellis::ingest {

std::string describe_errno(int error_number) {
  if (error_number == EACCES || error_number == EPERM) return "permission denied";
  if (error_number == ELOOP) return "symlink loop";
  std::string text = std::generic_category().message(error_number);
  if (!text.empty()) {
    text.front() = static_cast<char>(std::tolower(static_cast<unsigned char>(text.front())));
  }
  return text;
}

Error errno_error(int error_number) {
  return make_error(ErrorCode::InvalidArgument, describe_errno(error_number));
}

}  // namespace trellis::ingest
