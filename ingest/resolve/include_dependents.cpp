#include "resolve/include_dependents.hpp"

#include <string_view>
#include <unordered_set>
#include <vector>

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

}  // namespace

bool mark_include_dependents(std::span<const FileFacts> files, const TypedLayout& layout,
                             std::span<const std::uint8_t> reshaped, std::span<const FileFacts* const> before,
                             std::span<std::uint8_t> wanted) {
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
  for (std::uint32_t f = 0; f < count; ++f) {
    if (reached[f] != 0) wanted[f] = 1;
  }
  return true;
}

}  // namespace trellis::ingest::resolve
