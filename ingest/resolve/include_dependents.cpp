#include "resolve/include_dependents.hpp"

#include <algorithm>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "resolve/name_uses.hpp"

namespace trellis::ingest::resolve {
namespace {

// The names of the classes `facts` defines members of out of line and of
// the non-static free functions it defines.
void add_defined_elsewhere(const FileFacts& facts, std::unordered_set<std::string_view>& owners,
                           std::unordered_set<std::string_view>& functions) {
  for (const Definition& definition : facts.definitions) {
    if (definition.parent != kModuleScope) continue;
    if (definition.label == Label::Method && !definition.bases.empty() && !definition.bases.front().empty()) {
      owners.insert(definition.bases.front().back().text);
    } else if (definition.label == Label::Function && !definition.is_static) {
      functions.insert(definition.name);
    }
  }
}

// The names the edits to the reshaped files changed, with every name whose
// declaration mentions one (name_uses.hpp); nullopt when an edit changed
// what no name stands for, or a reshaped file's last facts are unknown.
std::optional<std::unordered_set<NameKey>> affected_names(std::span<const FileFacts> files,
                                                          std::span<const std::uint8_t> reshaped,
                                                          std::span<const FileFacts* const> before) {
  std::unordered_set<NameKey> affected;
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    if (reshaped[f] == 0) continue;
    if (f >= before.size() || before[f] == nullptr) return std::nullopt;
    const auto changed = changed_names(*before[f], files[f]);
    if (!changed) return std::nullopt;
    affected.insert(changed->begin(), changed->end());
  }
  add_dependent_names(files, affected);
  return affected;
}

bool reads_any(const std::vector<std::uint32_t>& used, const std::unordered_set<NameKey>& affected) {
  if (affected.size() < used.size()) {
    return std::any_of(affected.begin(), affected.end(),
                       [&](NameKey key) { return std::binary_search(used.begin(), used.end(), key); });
  }
  return std::any_of(used.begin(), used.end(), [&](std::uint32_t key) { return affected.contains(key); });
}

}  // namespace

bool mark_include_dependents(std::span<const FileFacts> files, const TypedLayout& layout,
                             std::span<const std::uint8_t> reshaped, std::span<const FileFacts* const> before,
                             std::span<const std::vector<std::uint32_t>* const> used, std::span<std::uint8_t> wanted) {
  const std::size_t count = files.size();
  if (layout.includes.size() != count || count == 0) return false;
  std::vector<std::uint8_t> reached(count, 0);
  std::vector<std::uint32_t> pending;
  const auto reach = [&](std::uint32_t file) {
    if (reached[file] != 0) return;
    reached[file] = 1;
    pending.push_back(file);
  };

  std::unordered_set<std::string_view> owners;
  std::unordered_set<std::string_view> functions;
  for (std::uint32_t f = 0; f < count; ++f) {
    if (reshaped[f] == 0) continue;
    reach(f);
    add_defined_elsewhere(files[f], owners, functions);
    if (f < before.size() && before[f] != nullptr) add_defined_elsewhere(*before[f], owners, functions);
  }
  for (std::uint32_t f = 0; f < count && f < layout.companions.size(); ++f) {
    for (const std::uint32_t source : layout.companions[f]) {
      if (reshaped[source] != 0) reach(f);
    }
  }
  if (!owners.empty() || !functions.empty()) {
    for (std::uint32_t f = 0; f < count; ++f) {
      for (const Definition& definition : files[f].definitions) {
        const bool type = definition.label == Label::Class || definition.label == Label::Interface;
        if ((type && owners.contains(definition.name)) ||
            (definition.label == Label::Function && definition.parent == kModuleScope && functions.contains(definition.name))) {
          reach(f);
          break;
        }
      }
    }
  }

  // Then every file that includes a reached one, until none is left.
  std::vector<std::vector<std::uint32_t>> includers(count);
  for (std::uint32_t f = 0; f < count; ++f) {
    for (const std::uint32_t target : layout.includes[f]) {
      if (target != kNone && target != f) includers[target].push_back(f);
    }
  }
  while (!pending.empty()) {
    const std::uint32_t file = pending.back();
    pending.pop_back();
    for (const std::uint32_t includer : includers[file]) reach(includer);
  }
  const std::optional<std::unordered_set<NameKey>> affected = affected_names(files, reshaped, before);
  for (std::uint32_t f = 0; f < count; ++f) {
    if (wanted[f] == 1) continue;
    const bool reads_change =
        reshaped[f] != 0 || !affected || f >= used.size() || used[f] == nullptr || reads_any(*used[f], *affected);
    if (reached[f] != 0) {
      wanted[f] = reads_change ? 1 : LanguageFrontend::kReadsNoChange;
    } else if (!reads_change) {
      wanted[f] = LanguageFrontend::kNoChangeRead;
    }
  }
  return true;
}

}  // namespace trellis::ingest::resolve
