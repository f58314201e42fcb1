#include "search_terms/body_hash.hpp"

#include <xxhash.h>

#include <algorithm>
#include <string>

namespace trellis::ingest {
namespace {

bool is_identifier_byte(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         c >= 0x80;
}
bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// `text`'s tokens, each followed by a separator, without the first token equal to `name`.
std::string normalised(std::string_view text, std::string_view name) {
  std::string out;
  out.reserve(text.size());
  bool name_seen = name.empty();
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (is_space(c)) {
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    if (is_identifier_byte(c)) {
      while (end < text.size() && is_identifier_byte(static_cast<unsigned char>(text[end]))) ++end;
    }
    const std::string_view token = text.substr(i, end - i);
    if (!name_seen && token == name) {
      name_seen = true;
    } else {
      out.append(token);
      out.push_back('\x1f');
    }
    i = end;
  }
  return out;
}

}  // namespace

std::vector<std::uint64_t> definition_body_hashes(std::string_view code, const FileFacts& facts) {
  std::vector<std::uint64_t> hashes;
  hashes.reserve(facts.definitions.size());
  for (const Definition& definition : facts.definitions) {
    const std::size_t first = std::min<std::size_t>(definition.span.byte_start, code.size());
    const std::size_t last = std::min<std::size_t>(std::max(definition.span.byte_end, definition.span.byte_start), code.size());
    const std::string text = normalised(std::string_view(code).substr(first, last - first), definition.name);
    const std::uint64_t hash = XXH3_64bits(text.data(), text.size());
    hashes.push_back(hash == 0 ? 1 : hash);
  }
  return hashes;
}

}  // namespace trellis::ingest
