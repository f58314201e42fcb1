#include "trellis/embeddings/vector_import.hpp"

#include <fmt/format.h>
#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace trellis::embeddings {
namespace {

// The numbers of a JSON array, or why not.
Result<std::vector<float>> numbers_of(simdjson::dom::element value) {
  simdjson::dom::array array;
  if (value.get_array().get(array) != simdjson::SUCCESS) {
    return make_error(ErrorCode::InvalidArgument, "\"vector\" is not an array of numbers");
  }
  std::vector<float> out;
  std::size_t index = 0;
  for (simdjson::dom::element item : array) {
    double number = 0;
    if (item.get_double().get(number) != simdjson::SUCCESS || !std::isfinite(number) ||
        std::fabs(number) > static_cast<double>(std::numeric_limits<float>::max())) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("\"vector\"[{}] is {}, not a number", index, simdjson::minify(item)));
    }
    out.push_back(static_cast<float>(number));
    ++index;
  }
  if (out.empty()) return make_error(ErrorCode::InvalidArgument, "\"vector\" is empty");
  return out;
}

// The node a line names, or why none.
Result<NodeId> node_of(const GraphStore& store, simdjson::dom::object object) {
  std::string_view text;
  if (object["node_id"].get_string().get(text) == simdjson::SUCCESS) {
    const std::vector<NodeId> nodes = store.find_by_node_id(text);
    if (nodes.size() == 1) return nodes.front();
    return make_error(ErrorCode::NodeNotFound, fmt::format("unknown node_id {}", text));
  }
  if (object["qualified_name"].get_string().get(text) == simdjson::SUCCESS) {
    const std::vector<NodeId> nodes = store.find_all(text);
    if (nodes.size() == 1) return nodes.front();
    if (nodes.empty()) return make_error(ErrorCode::NodeNotFound, fmt::format("unknown qualified_name {}", text));
    return make_error(ErrorCode::AmbiguousName,
                      fmt::format("qualified_name {} names {} nodes: use their node_id", text, nodes.size()));
  }
  return make_error(ErrorCode::InvalidArgument, "no \"node_id\" or \"qualified_name\" string");
}

}  // namespace

ParsedVectors parse_vector_lines(const GraphStore& store, std::string_view text) {
  ParsedVectors parsed;
  simdjson::dom::parser parser;
  std::unordered_map<NodeId, std::size_t> seen;  // node -> index in parsed.vectors
  std::size_t line_number = 0;
  std::size_t dimension_line = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    const auto refuse = [&](std::string message) { parsed.errors.push_back({line_number, std::move(message)}); };
    simdjson::dom::element element;
    if (parser.parse(simdjson::padded_string(line)).get(element) != simdjson::SUCCESS) {
      refuse("not a JSON object");
      continue;
    }
    simdjson::dom::object object;
    if (element.get_object().get(object) != simdjson::SUCCESS) {
      refuse("not a JSON object");
      continue;
    }
    simdjson::dom::element vector_value;
    if (object["vector"].get(vector_value) != simdjson::SUCCESS) {
      refuse("no \"vector\"");
      continue;
    }
    auto numbers = numbers_of(vector_value);
    if (!numbers.ok()) {
      refuse(numbers.error().message);
      continue;
    }
    if (parsed.dimension == 0) {
      parsed.dimension = numbers->size();
      dimension_line = line_number;
    } else if (numbers->size() != parsed.dimension) {
      refuse(fmt::format("\"vector\" has {} numbers, expected {} (the dimension of line {})", numbers->size(),
                         parsed.dimension, dimension_line));
      continue;
    }
    auto node = node_of(store, object);
    if (!node.ok()) {
      refuse(node.error().message);
      continue;
    }
    if (const auto earlier = seen.find(*node); earlier != seen.end()) {
      parsed.vectors[earlier->second].vector = std::move(numbers).value();
      continue;
    }
    seen.emplace(*node, parsed.vectors.size());
    parsed.vectors.push_back({*node, std::move(numbers).value()});
  }
  return parsed;
}

Result<std::vector<float>> parse_query_vector(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) return make_error(ErrorCode::InvalidArgument, "the query vector is empty");
  if (text[first] == '[') {
    simdjson::dom::parser parser;
    simdjson::dom::element element;
    if (parser.parse(simdjson::padded_string(text)).get(element) != simdjson::SUCCESS) {
      return make_error(ErrorCode::InvalidArgument, "the query vector is not a JSON array of numbers");
    }
    auto numbers = numbers_of(element);
    if (!numbers.ok()) {
      return make_error(ErrorCode::InvalidArgument,
                        "the query vector is not a JSON array of numbers: " + numbers.error().message);
    }
    return numbers;
  }
  std::vector<float> out;
  std::size_t at = first;
  while (at < text.size()) {
    const char c = text[at];
    if (c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n') {
      ++at;
      continue;
    }
    std::size_t end = at;
    while (end < text.size() && text[end] != ' ' && text[end] != '\t' && text[end] != ',' && text[end] != '\r' &&
           text[end] != '\n') {
      ++end;
    }
    float number = 0;
    const auto [ptr, error] = std::from_chars(text.data() + at, text.data() + end, number);
    if (error != std::errc() || ptr != text.data() + end || !std::isfinite(number)) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("the query vector holds \"{}\", not a number", text.substr(at, end - at)));
    }
    out.push_back(number);
    at = end;
  }
  return out;
}

}  // namespace trellis::embeddings
