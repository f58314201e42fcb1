#include "trellis/store/node_id.hpp"

#include <xxhash.h>

#include <fmt/format.h>

namespace trellis {

std::uint64_t node_id_key(Label label, std::string_view file_path, std::string_view qualified_name) {
  const std::string_view label_name = label_def(label).name;
  std::string key;
  key.reserve(label_name.size() + file_path.size() + qualified_name.size() + 2);
  key.append(label_name).append(1, '\0').append(file_path).append(1, '\0').append(qualified_name);
  return XXH3_64bits(key.data(), key.size());
}

std::string node_id_text(std::uint64_t key) { return fmt::format("{:016x}", key); }

std::optional<std::uint64_t> parse_node_id(std::string_view text) {
  if (text.size() != kNodeIdDigits) return std::nullopt;
  std::uint64_t key = 0;
  for (const char c : text) {
    std::uint64_t digit = 0;
    if (c >= '0' && c <= '9') {
      digit = static_cast<std::uint64_t>(c - '0');
    } else if (c >= 'a' && c <= 'f') {
      digit = static_cast<std::uint64_t>(c - 'a' + 10);
    } else if (c >= 'A' && c <= 'F') {
      digit = static_cast<std::uint64_t>(c - 'A' + 10);
    } else {
      return std::nullopt;
    }
    key = key << 4 | digit;
  }
  return key;
}

}  // namespace trellis
