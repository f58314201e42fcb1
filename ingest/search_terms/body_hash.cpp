#include "search_terms/body_hash.hpp"

#include <xxhash.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "search_terms/byte_classes.hpp"

namespace trellis::ingest {
namespace {

bool is_identifier_byte(unsigned char c) { return (search_terms::kByteClasses[c] & search_terms::kIdentifierByte) != 0; }
bool is_space(unsigned char c) { return (search_terms::kByteClasses[c] & search_terms::kSpaceByte) != 0; }

// The tokens of a text, each followed by a separator, in `normal`; the
// byte where each token starts in the text, and where it starts in
// `normal` (32 bits: a source file is at most a few MB). Every byte of the
// file passes here: the buffers are sized for the worst case (a token and
// its separator per byte), left uninitialised and written through pointers.
struct Tokens {
  explicit Tokens(std::size_t text_size)
      : normal_bytes(std::make_unique_for_overwrite<char[]>(2 * text_size)),
        starts(std::make_unique_for_overwrite<std::uint32_t[]>(text_size)),
        normal_starts(std::make_unique_for_overwrite<std::uint32_t[]>(text_size + 1)) {}

  std::unique_ptr<char[]> normal_bytes;
  std::size_t normal_size = 0;
  std::unique_ptr<std::uint32_t[]> starts;
  std::unique_ptr<std::uint32_t[]> normal_starts;  // one more: normal_size
  std::size_t count = 0;

  std::size_t size() const { return count; }
  std::string_view normal() const { return {normal_bytes.get(), normal_size}; }
  // A token's length in the text (its bytes in `normal` but the separator).
  std::size_t length(std::size_t t) const { return normal_starts[t + 1] - normal_starts[t] - 1; }
  // The first token starting at or after byte `at` of the text.
  std::size_t first_at(std::size_t at) const {
    return static_cast<std::size_t>(std::lower_bound(starts.get(), starts.get() + count, at) - starts.get());
  }
};

Tokens tokenise(std::string_view text) {
  Tokens out(text.size());
  const char* const bytes = text.data();
  const std::size_t size = text.size();
  char* const normal_begin = out.normal_bytes.get();
  char* normal = normal_begin;
  std::uint32_t* starts = out.starts.get();
  std::uint32_t* normal_starts = out.normal_starts.get();
  std::size_t i = 0;
  while (i < size) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (is_space(c)) {
      ++i;
      continue;
    }
    *starts++ = static_cast<std::uint32_t>(i);
    *normal_starts++ = static_cast<std::uint32_t>(normal - normal_begin);
    *normal++ = static_cast<char>(c);
    ++i;
    if (is_identifier_byte(c)) {
      while (i < size && is_identifier_byte(static_cast<unsigned char>(bytes[i]))) *normal++ = bytes[i++];
    }
    *normal++ = '\x1f';
  }
  *normal_starts = static_cast<std::uint32_t>(normal - normal_begin);
  out.normal_size = static_cast<std::size_t>(normal - normal_begin);
  out.count = static_cast<std::size_t>(starts - out.starts.get());
  return out;
}

// Whether byte `at` of `text` splits an identifier run (tokens of the
// text from there differ from the whole text's).
bool splits_run(std::string_view text, std::size_t at) {
  return at > 0 && at < text.size() && is_identifier_byte(static_cast<unsigned char>(text[at - 1])) &&
         is_identifier_byte(static_cast<unsigned char>(text[at]));
}

std::uint64_t never_zero(std::uint64_t hash) { return hash == 0 ? 1 : hash; }

// The hash of tokens [first, last) of `tokens` without the first one equal to `name`.
std::uint64_t tokens_hash(const Tokens& tokens, std::size_t first, std::size_t last, std::string_view code,
                          std::string_view name, XXH3_state_t& state) {
  std::size_t skipped = last;
  if (!name.empty()) {
    for (std::size_t t = first; t < last; ++t) {
      if (tokens.length(t) == name.size() &&
          code.substr(tokens.starts[t], name.size()) == name) {
        skipped = t;
        break;
      }
    }
  }
  const std::string_view normal = tokens.normal();
  const auto piece = [&](std::size_t from, std::size_t to) {
    return normal.substr(tokens.normal_starts[from], tokens.normal_starts[to] - tokens.normal_starts[from]);
  };
  XXH3_64bits_reset(&state);
  if (skipped == last) {
    const std::string_view all = piece(first, last);
    XXH3_64bits_update(&state, all.data(), all.size());
  } else {
    const std::string_view before = piece(first, skipped);
    const std::string_view after = piece(skipped + 1, last);
    XXH3_64bits_update(&state, before.data(), before.size());
    XXH3_64bits_update(&state, after.data(), after.size());
  }
  return XXH3_64bits_digest(&state);
}

}  // namespace

// The file is tokenised once; each definition hashes its own run of the
// file's tokens, unless its span starts or ends inside an identifier run
// (then its text is tokenised apart, as the definition alone reads).
std::vector<std::uint64_t> definition_body_hashes(std::string_view code, const FileFacts& facts) {
  const Tokens tokens = tokenise(code);
  const std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> owned(XXH3_createState(), &XXH3_freeState);
  XXH3_state_t& state = *owned;
  std::vector<std::uint64_t> hashes;
  hashes.reserve(facts.definitions.size());
  for (const Definition& definition : facts.definitions) {
    const std::size_t first = std::min<std::size_t>(definition.span.byte_start, code.size());
    const std::size_t last = std::min<std::size_t>(std::max(definition.span.byte_end, definition.span.byte_start), code.size());
    if (splits_run(code, first) || splits_run(code, last)) {
      const std::string_view text = code.substr(first, last - first);
      const Tokens own = tokenise(text);
      hashes.push_back(never_zero(tokens_hash(own, 0, own.size(), text, definition.name, state)));
      continue;
    }
    hashes.push_back(never_zero(tokens_hash(tokens, tokens.first_at(first), tokens.first_at(last), code, definition.name, state)));
  }
  return hashes;
}

}  // namespace trellis::ingest
