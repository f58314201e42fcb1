#include "support/indexed_fixture.hpp"

#include <algorithm>
#include <filesystem>
#include <stdexcept>

namespace trellis::test {
namespace {

// CALLS edge properties, in schema order.
constexpr std::size_t kCallType = 0;
constexpr std::size_t kLine = 1;

}  // namespace

IndexedFixture::IndexedFixture(const std::string& path, unsigned jobs) {
  ingest::IndexOptions options;
  options.root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures" / path;
  options.jobs = jobs;
  auto result = ingest::index_repository(options);
  if (!result.ok()) throw std::runtime_error(result.error().message);
  result_ = std::move(result).value();
}

NodeId IndexedFixture::node(Label label, std::string_view qualified_name) const {
  const auto found = store().find(label, qualified_name);
  REQUIRE_MESSAGE(found.has_value(), "no ", to_string(label), " ", qualified_name);
  return *found;
}

NodeId IndexedFixture::node(std::string_view qualified_name) const {
  const auto found = store().find_all(qualified_name);
  REQUIRE_MESSAGE(!found.empty(), "no node ", qualified_name);
  return found.back();
}

std::vector<std::string> IndexedFixture::calls(std::string_view from) const {
  const NodeId source = node(from);
  const auto out = store().out(RelType::Calls, source);
  std::vector<std::string> found;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const EdgePos pos = store().out_edge_position(RelType::Calls, source, i);
    const auto type = std::get<std::string_view>(store().edge_property(RelType::Calls, pos, kCallType));
    const auto line = std::get<std::int64_t>(store().edge_property(RelType::Calls, pos, kLine));
    found.push_back(store().qualified_name(out[i]) + " " + std::string(type) + " " + std::to_string(line));
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::vector<std::string> IndexedFixture::targets(RelType type, std::string_view from) const {
  std::vector<std::string> names;
  for (const NodeId target : store().out(type, node(from))) names.push_back(store().qualified_name(target));
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<std::string> IndexedFixture::module_imports(std::string_view module) const {
  std::vector<std::string> names;
  for (const NodeId target : store().out(RelType::Imports, node(Label::Module, module))) {
    names.push_back(store().qualified_name(target));
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::string> IndexedFixture::unresolved(std::string_view from) const {
  std::vector<std::string> texts;
  for (const auto& call : store().unresolved_calls(node(from))) texts.emplace_back(call.text);
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::string IndexedFixture::property(std::string_view qualified_name, std::string_view property) const {
  const PropertyValue value = store().property(node(qualified_name), property);
  if (const auto* text = std::get_if<std::string_view>(&value)) return std::string(*text);
  if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
  if (const auto* flag = std::get_if<bool>(&value)) return *flag ? "true" : "false";
  return "";
}

std::vector<std::string> IndexedFixture::list_property(std::string_view qualified_name,
                                                       std::string_view property) const {
  const PropertyValue value = store().property(node(qualified_name), property);
  std::vector<std::string> items;
  if (const auto* list = std::get_if<std::vector<std::string_view>>(&value)) {
    for (const std::string_view item : *list) items.emplace_back(item);
  }
  return items;
}

std::vector<std::string> IndexedFixture::names(Label label) const {
  std::vector<std::string> out;
  const NodeRange range = store().nodes(label);
  for (NodeId id = range.begin; id < range.end; ++id) out.push_back(store().qualified_name(id));
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace trellis::test
