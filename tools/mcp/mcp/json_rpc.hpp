// JSON-RPC 2.0 messages as MCP uses them: requests parsed with simdjson,
// responses written with RapidJSON. A request's id is kept as its JSON text
// so the response echoes it exactly (a string stays a string, 7 stays 7).
#pragma once

#include <simdjson.h>

#include <optional>
#include <string>
#include <string_view>

namespace trellis::mcp::jsonrpc {

inline constexpr int kParseError = -32700;
inline constexpr int kInvalidRequest = -32600;
inline constexpr int kMethodNotFound = -32601;
inline constexpr int kInvalidParams = -32602;
inline constexpr int kInternalError = -32603;

struct Request {
  std::optional<std::string> id;  // JSON text of the id; nullopt for a notification
  std::string_view method;        // views the parsed document
  simdjson::dom::element params;  // a null element when the message has none
  bool has_params = false;
};

// An error to answer with instead of a request.
struct Failure {
  std::string id = "null";  // the request's id when it could be read
  int code = kInvalidRequest;
  std::string message;
};

// Reads one message (an object) of a parsed document: "jsonrpc": "2.0", a
// string "method", an optional string or number "id", an optional object
// or array "params". A response sent to us (no method) is not a request:
// nullopt with no failure to report.
struct Parsed {
  std::optional<Request> request;
  std::optional<Failure> failure;
};
Parsed read_request(simdjson::dom::element message);

// {"jsonrpc":"2.0","id":<id>,"result":<result_json>}
std::string result_response(std::string_view id, std::string_view result_json);
// {"jsonrpc":"2.0","id":<id>,"error":{"code","message"}}
std::string error_response(std::string_view id, int code, std::string_view message);

}  // namespace trellis::mcp::jsonrpc
