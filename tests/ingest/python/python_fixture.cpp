#include "python_fixture.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "python/python_extractor.hpp"
#include "python/python_layout.hpp"
#include "python/python_resolver.hpp"

namespace trellis::test {
namespace {

std::vector<std::string> sorted_unique(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

// CALLS edge properties, in schema order.
constexpr std::size_t kCallType = 0;
constexpr std::size_t kLine = 1;

}  // namespace

PythonFixture::PythonFixture(const std::string& name) {
  const std::filesystem::path root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/python" / name;
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() == ".py") paths.push_back(entry.path().lexically_relative(root).generic_string());
  }
  std::sort(paths.begin(), paths.end());
  const auto queries = ingest::python::PythonQueries::compile();
  if (!queries.ok()) throw std::runtime_error(queries.error().message);
  ingest::python::PythonExtractor extractor(*queries);
  for (const std::string& path : paths) {
    std::ifstream in(root / path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    files_.push_back(extractor.extract(text.str(), path));
  }
  const ingest::python::PythonLayout layout(paths, name);
  program_ = ingest::python::resolve_python(files_, layout, name, root.string());
  auto written = ingest::write_graph(program_);
  if (!written.ok()) throw std::runtime_error(written.error().message);
  graph_ = std::move(written->graph);
}

NodeId PythonFixture::node(std::string_view qualified_name) const {
  const auto found = store().find_all(qualified_name);
  REQUIRE_MESSAGE(!found.empty(), "no node ", qualified_name);
  return found.back();
}

std::string PythonFixture::call(std::string_view from, std::string_view to) const {
  const NodeId source = node(from);
  const NodeId target = node(to);
  const auto out = store().out(RelType::Calls, source);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] != target) continue;
    const EdgePos pos = store().out_edge_position(RelType::Calls, source, i);
    return std::string(std::get<std::string_view>(store().edge_property(RelType::Calls, pos, kCallType)));
  }
  return "";
}

std::vector<std::string> PythonFixture::callees(std::string_view from) const {
  return targets(RelType::Calls, from);
}

std::vector<std::string> PythonFixture::calls_at(std::string_view from, std::int64_t line) const {
  const NodeId source = node(from);
  const auto out = store().out(RelType::Calls, source);
  std::vector<std::string> found;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const EdgePos pos = store().out_edge_position(RelType::Calls, source, i);
    if (std::get<std::int64_t>(store().edge_property(RelType::Calls, pos, kLine)) != line) continue;
    const auto type = std::get<std::string_view>(store().edge_property(RelType::Calls, pos, kCallType));
    found.push_back(store().qualified_name(out[i]) + " " + std::string(type));
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool PythonFixture::has_edge(RelType type, std::string_view from, std::string_view to) const {
  const auto out = store().out(type, node(from));
  return std::find(out.begin(), out.end(), node(to)) != out.end();
}

std::vector<std::string> PythonFixture::targets(RelType type, std::string_view from) const {
  std::vector<std::string> names;
  for (const NodeId target : store().out(type, node(from))) names.push_back(store().qualified_name(target));
  return sorted_unique(std::move(names));
}

std::vector<std::string> PythonFixture::unresolved(std::string_view from) const {
  std::vector<std::string> texts;
  for (const auto& call : store().unresolved_calls(node(from))) texts.emplace_back(call.text);
  std::sort(texts.begin(), texts.end());
  return texts;
}

std::string PythonFixture::property(std::string_view qualified_name, std::string_view property) const {
  const PropertyValue value = store().property(node(qualified_name), property);
  if (const auto* text = std::get_if<std::string_view>(&value)) return std::string(*text);
  if (const auto* number = std::get_if<std::int64_t>(&value)) return std::to_string(*number);
  return "";
}

std::vector<std::string> PythonFixture::list_property(std::string_view qualified_name,
                                                      std::string_view property) const {
  const PropertyValue value = store().property(node(qualified_name), property);
  std::vector<std::string> items;
  if (const auto* list = std::get_if<std::vector<std::string_view>>(&value)) {
    for (const std::string_view item : *list) items.emplace_back(item);
  }
  return items;
}

}  // namespace trellis::test
