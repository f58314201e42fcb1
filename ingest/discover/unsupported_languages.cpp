#include "trellis/ingest/unsupported_languages.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

namespace trellis::ingest {
namespace {

// Extensions of programming languages no frontend reads. Markup, styles,
// data, shell and build files are left out on purpose: a tree full of them
// is not one whose code went unread.
constexpr auto kSourceExtensions = std::to_array<std::pair<std::string_view, std::string_view>>({
    {".rb", "ruby"},    {".php", "php"},     {".kt", "kotlin"},
    {".kts", "kotlin"}, {".scala", "scala"}, {".swift", "swift"},   {".mm", "objective-c++"},
    {".dart", "dart"},  {".lua", "lua"},     {".pl", "perl"},       {".pm", "perl"},
    {".r", "r"},        {".R", "r"},         {".jl", "julia"},      {".ex", "elixir"},
    {".exs", "elixir"}, {".erl", "erlang"},  {".hs", "haskell"},    {".ml", "ocaml"},
    {".fs", "f#"},      {".clj", "clojure"}, {".groovy", "groovy"}, {".vb", "visual basic"},
    {".zig", "zig"},    {".nim", "nim"},     {".cr", "crystal"},    {".elm", "elm"},
});

std::optional<std::size_t> entry_of(std::string_view relative_path) {
  const std::size_t slash = relative_path.rfind('/');
  const std::string_view name =
      slash == std::string_view::npos ? relative_path : relative_path.substr(slash + 1);
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return std::nullopt;  // no extension, or a dotfile
  const std::string_view extension = name.substr(dot);
  for (std::size_t i = 0; i < kSourceExtensions.size(); ++i) {
    if (kSourceExtensions[i].first == extension) return i;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string_view> source_language_of(std::string_view relative_path) {
  if (const auto entry = entry_of(relative_path)) return kSourceExtensions[*entry].second;
  return std::nullopt;
}

SkippedFilesCounter::SkippedFilesCounter() : counts_(kSourceExtensions.size()) {}

void SkippedFilesCounter::count(std::string_view relative_path) {
  if (const auto entry = entry_of(relative_path))
    counts_[*entry].fetch_add(1, std::memory_order_relaxed);
}

std::vector<SkippedFiles> SkippedFilesCounter::result() const {
  std::vector<SkippedFiles> out;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    if (const std::uint64_t n = counts_[i].load(std::memory_order_relaxed); n > 0) {
      out.push_back(
          {std::string(kSourceExtensions[i].first), std::string(kSourceExtensions[i].second), n});
    }
  }
  std::sort(out.begin(), out.end(), [](const SkippedFiles& a, const SkippedFiles& b) {
    return a.files != b.files ? a.files > b.files : a.extension < b.extension;
  });
  return out;
}

std::string describe_skipped_files(std::span<const SkippedFiles> skipped) {
  if (skipped.empty()) return "";
  std::string counts;
  std::vector<std::string_view> languages;
  std::uint64_t total = 0;
  for (const SkippedFiles& entry : skipped) {
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", entry.files, entry.extension);
    total += entry.files;
    if (std::find(languages.begin(), languages.end(), entry.language) == languages.end()) {
      languages.push_back(entry.language);
    }
  }
  return fmt::format("{} file{} (language{} not supported yet: {})", counts, total == 1 ? "" : "s",
                     languages.size() == 1 ? "" : "s", fmt::join(languages, ", "));
}

std::vector<std::byte> encode_skipped_files(std::span<const SkippedFiles> skipped) {
  std::string text;
  for (const SkippedFiles& entry : skipped)
    text += fmt::format("{}\t{}\t{}\n", entry.extension, entry.language, entry.files);
  std::vector<std::byte> bytes(text.size());
  std::transform(text.begin(), text.end(), bytes.begin(),
                 [](char c) { return static_cast<std::byte>(c); });
  return bytes;
}

Result<std::vector<SkippedFiles>> decode_skipped_files(std::span<const std::byte> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const auto damaged = [] {
    return make_error(ErrorCode::DatabaseError,
                      fmt::format("damaged section {} in the snapshot", kSkippedLanguagesSection));
  };
  std::vector<SkippedFiles> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) return damaged();
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    const std::size_t first = line.find('\t');
    const std::size_t second = first == std::string_view::npos ? first : line.find('\t', first + 1);
    if (second == std::string_view::npos || first == 0 || second == first + 1) return damaged();
    SkippedFiles entry{std::string(line.substr(0, first)),
                       std::string(line.substr(first + 1, second - first - 1)), 0};
    const std::string_view number = line.substr(second + 1);
    const auto [rest, error] =
        std::from_chars(number.data(), number.data() + number.size(), entry.files);
    if (error != std::errc() || rest != number.data() + number.size() || number.empty())
      return damaged();
    out.push_back(std::move(entry));
  }
  return out;
}

}  // namespace trellis::ingest
