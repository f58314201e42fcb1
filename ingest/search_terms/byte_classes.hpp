// What each byte can be to the full-text scanners (regions, word runs, body
// tokens), one table lookup instead of a chain of comparisons per byte: the
// scanners visit every byte of every file.
#pragma once

#include <array>
#include <cstdint>

namespace trellis::ingest::search_terms {

enum ByteClass : std::uint8_t {
  kWordByte = 1,        // search::detail::is_word_byte: [A-Za-z0-9_] and bytes >= 0x80
  kIdentifierByte = 2,  // body tokens: word bytes and '$'
  kSpaceByte = 4,       // ' ' \t \n \r \f \v
  kRegionStart = 8,     // may start a comment or a string: / # " ' `
  kNewline = 16,
};

inline constexpr std::array<std::uint8_t, 256> kByteClasses = [] {
  std::array<std::uint8_t, 256> classes{};
  for (int c = 0; c < 256; ++c) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                      c >= 0x80;
    std::uint8_t bits = 0;
    if (word) bits |= kWordByte | kIdentifierByte;
    if (c == '$') bits |= kIdentifierByte;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') bits |= kSpaceByte;
    if (c == '/' || c == '#' || c == '"' || c == '\'' || c == '`') bits |= kRegionStart;
    if (c == '\n') bits |= kNewline;
    classes[static_cast<std::size_t>(c)] = bits;
  }
  return classes;
}();

inline bool has_class(char c, ByteClass wanted) {
  return (kByteClasses[static_cast<unsigned char>(c)] & wanted) != 0;
}

}  // namespace trellis::ingest::search_terms
