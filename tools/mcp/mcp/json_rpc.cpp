#include "mcp/json_rpc.hpp"

#include <fmt/format.h>

#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp::jsonrpc {
namespace {

using simdjson::dom::element_type;

Parsed fail(std::string id, int code, std::string message) {
  return Parsed{std::nullopt, Failure{std::move(id), code, std::move(message)}};
}

}  // namespace

Parsed read_request(simdjson::dom::element message) {
  simdjson::dom::object object;
  if (message.get_object().get(object) != simdjson::SUCCESS) {
    return fail("null", kInvalidRequest, "a JSON-RPC message must be an object");
  }
  Request request;
  if (simdjson::dom::element id; object["id"].get(id) == simdjson::SUCCESS) {
    const element_type type = id.type();
    if (type == element_type::STRING || type == element_type::INT64 || type == element_type::UINT64 ||
        type == element_type::DOUBLE) {
      request.id = simdjson::minify(id);
    } else if (type != element_type::NULL_VALUE) {
      return fail("null", kInvalidRequest, "\"id\" must be a string or a number");
    } else {
      request.id = "null";
    }
  }
  const std::string id_text = request.id.value_or("null");
  std::string_view version;
  if (object["jsonrpc"].get_string().get(version) != simdjson::SUCCESS || version != "2.0") {
    return fail(id_text, kInvalidRequest, "\"jsonrpc\" must be \"2.0\"");
  }
  simdjson::dom::element method;
  if (object["method"].get(method) != simdjson::SUCCESS) {
    if (object["result"].error() == simdjson::SUCCESS || object["error"].error() == simdjson::SUCCESS) {
      return Parsed{};  // a response to a request of ours: we send none, so nothing to match
    }
    return fail(id_text, kInvalidRequest, "a request needs a \"method\"");
  }
  if (method.get_string().get(request.method) != simdjson::SUCCESS) {
    return fail(id_text, kInvalidRequest, "\"method\" must be a string");
  }
  if (object["params"].get(request.params) == simdjson::SUCCESS) {
    const element_type type = request.params.type();
    if (type != element_type::OBJECT && type != element_type::ARRAY) {
      return fail(id_text, kInvalidRequest, "\"params\" must be an object or an array");
    }
    request.has_params = true;
  }
  return Parsed{std::move(request), std::nullopt};
}

std::string result_response(std::string_view id, std::string_view result_json) {
  return fmt::format(R"({{"jsonrpc":"2.0","id":{},"result":{}}})", id, result_json);
}

std::string error_response(std::string_view id, int code, std::string_view message) {
  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.string(message);
  return fmt::format(R"({{"jsonrpc":"2.0","id":{},"error":{{"code":{},"message":{}}}}})", id, code, w.take());
}

}  // namespace trellis::mcp::jsonrpc
