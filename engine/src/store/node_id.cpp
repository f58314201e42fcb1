#include "trellis/store/node_id.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <algorithm>
#include <array>
#include <string>

namespace trellis {

std::uint64_t node_id_key(Label label, std::string_view file_path, std::string_view qualified_name) {
  const std::string_view label_name = label_def(label).name;
  const std::size_t size = label_name.size() + file_path.size() + qualified_name.size() + 2;
  const auto hash = [&](char* key) {
    char* at = std::copy(label_name.begin(), label_name.end(), key);
    *at++ = '\0';
    at = std::copy(file_path.begin(), file_path.end(), at);
    *at++ = '\0';
    std::copy(qualified_name.begin(), qualified_name.end(), at);
    return XXH3_64bits(key, size);
  };
  // Most keys fit on the stack; a longer one takes the heap.
  if (std::array<char, 512> key; size <= key.size()) return hash(key.data());
  std::string key(size, '\0');
  return hash(key.data());
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
