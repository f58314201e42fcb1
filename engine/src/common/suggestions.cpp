#include "trellis/common/suggestions.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace trellis {
namespace {

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::vector<std::string> suggest(std::string_view name, const std::vector<std::string>& candidates,
                                 std::optional<std::size_t> max_edits) {
  const std::string key = folded(name);
  const std::size_t limit = max_edits.value_or(std::max<std::size_t>(2, key.size() / 2));
  std::vector<std::tuple<int, std::size_t, std::string>> ranked;
  for (const std::string& candidate : candidates) {
    const std::string c = folded(candidate);
    const bool prefix = !key.empty() && c.starts_with(key);
    const std::size_t distance = edit_distance(key, c);
    if (!prefix && distance > limit) continue;
    ranked.emplace_back(prefix ? 0 : 1, distance, candidate);
  }
  std::sort(ranked.begin(), ranked.end());
  std::vector<std::string> out;
  for (const auto& [prefix, distance, candidate] : ranked) {
    if (std::find(out.begin(), out.end(), candidate) != out.end()) continue;
    out.push_back(candidate);
    if (out.size() == 5) break;
  }
  return out;
}

}  // namespace trellis
