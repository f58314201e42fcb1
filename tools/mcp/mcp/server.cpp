#include "mcp/server.hpp"

#include <fmt/format.h>

#include <simdjson.h>

#include "mcp/json_rpc.hpp"
#include "mcp/line_reader.hpp"
#include "mcp/protocol.hpp"
#include "mcp/tool_caller.hpp"
#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {
namespace {

// {"content":[{"type":"text","text":<document>}],"structuredContent":<document>,"isError":false}; a
// refused call's error object is its text only, as structuredContent must
// match the tool's outputSchema, which describes answers.
std::string tool_result(const std::string& document, bool is_error) {
  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.string(document);
  if (is_error) return fmt::format(R"({{"content":[{{"type":"text","text":{}}}],"isError":true}})", w.take());
  return fmt::format(R"({{"content":[{{"type":"text","text":{}}}],"structuredContent":{},"isError":false}})", w.take(),
                     document);
}

}  // namespace

class Server::Impl {
 public:
  Impl(GraphSession session, ServerOptions options)
      : session_(std::move(session)), options_(options), registry_(make_tool_registry()) {}

  std::string handle_line(std::string_view line) {
    simdjson::dom::element document;
    if (parser_.parse(line.data(), line.size()).get(document) != simdjson::SUCCESS) {
      return jsonrpc::error_response("null", jsonrpc::kParseError, "Parse error: the line is not valid JSON");
    }
    if (document.type() != simdjson::dom::element_type::ARRAY) return handle_message(document);
    // A batch: the answers of its requests, as one array (none for notifications only).
    simdjson::dom::array batch = document.get_array().value_unsafe();
    if (batch.size() == 0) return jsonrpc::error_response("null", jsonrpc::kInvalidRequest, "empty batch");
    std::string out = "[";
    for (const simdjson::dom::element message : batch) {
      std::string answer = handle_message(message);
      if (answer.empty()) continue;
      if (out.size() > 1) out += ',';
      out += answer;
    }
    return out.size() > 1 ? out + "]" : std::string();
  }

  int serve(int input_fd, std::FILE* output) {
    LineReader reader(input_fd, options_.max_request_bytes);
    for (;;) {
      const LineReader::Line line = reader.next();
      std::string answer;
      if (line.kind == LineReader::Line::Kind::End) break;
      if (line.kind == LineReader::Line::Kind::TooLong) {
        answer = jsonrpc::error_response(
            "null", jsonrpc::kInvalidRequest,
            fmt::format("request of {} bytes refused: the limit is {} bytes", line.bytes, options_.max_request_bytes));
      } else {
        answer = handle_line(line.text);
      }
      if (answer.empty()) continue;
      answer += '\n';
      if (std::fwrite(answer.data(), 1, answer.size(), output) != answer.size() || std::fflush(output) != 0) {
        fmt::print(stderr, "trellis serve: the client closed its input; stopping\n");
        return 1;
      }
    }
    return 0;
  }

 private:
  std::string handle_message(simdjson::dom::element message) {
    jsonrpc::Parsed parsed = jsonrpc::read_request(message);
    if (parsed.failure) {
      return jsonrpc::error_response(parsed.failure->id, parsed.failure->code, parsed.failure->message);
    }
    if (!parsed.request) return {};
    const jsonrpc::Request& request = *parsed.request;
    if (!request.id) return {};  // notifications: initialized, cancelled, ... need no answer
    const std::string& id = *request.id;
    if (request.method == "initialize") return initialize(request);
    if (request.method == "ping") return jsonrpc::result_response(id, "{}");
    if (request.method == "tools/list") return jsonrpc::result_response(id, registry_.list_json());
    if (request.method == "tools/call") return call_tool(request);
    return jsonrpc::error_response(id, jsonrpc::kMethodNotFound, fmt::format("Method not found: {}", request.method));
  }

  std::string initialize(const jsonrpc::Request& request) {
    std::string_view requested;
    if (!request.has_params || request.params["protocolVersion"].get_string().get(requested) != simdjson::SUCCESS) {
      return jsonrpc::error_response(*request.id, jsonrpc::kInvalidParams,
                                     "initialize needs params.protocolVersion (a string)");
    }
    const std::string_view version = negotiate_protocol_version(requested);
    fmt::print(stderr, "trellis serve: client asked for protocol {}, using {}\n", requested, version);
    return jsonrpc::result_response(*request.id, initialize_result(version));
  }

  std::string call_tool(const jsonrpc::Request& request) {
    const std::string& id = *request.id;
    std::string_view name;
    if (!request.has_params || request.params["name"].get_string().get(name) != simdjson::SUCCESS) {
      return jsonrpc::error_response(id, jsonrpc::kInvalidParams, "tools/call needs params.name (a string)");
    }
    const Tool* tool = registry_.find(name);
    if (tool == nullptr) return jsonrpc::error_response(id, jsonrpc::kInvalidParams, fmt::format("Unknown tool: {}", name));
    std::optional<simdjson::dom::object> arguments;
    std::string arguments_json = "{}";
    if (simdjson::dom::element given; request.params["arguments"].get(given) == simdjson::SUCCESS &&
                                      given.type() != simdjson::dom::element_type::NULL_VALUE) {
      if (given.type() != simdjson::dom::element_type::OBJECT) {
        return jsonrpc::error_response(id, jsonrpc::kInvalidParams, "params.arguments must be an object");
      }
      arguments = given.get_object().value_unsafe();
      arguments_json = simdjson::minify(given);
    }
    return jsonrpc::result_response(id, run_tool(*tool, arguments, arguments_json));
  }

  // The tools/call result: the caller's document as the content.
  std::string run_tool(const Tool& tool, std::optional<simdjson::dom::object> arguments,
                       const std::string& arguments_json) {
    ToolAnswer answer = caller_.call(tool, arguments, arguments_json);
    return tool_result(answer.document, answer.error.has_value());
  }

  GraphSession session_;
  ServerOptions options_;
  ToolRegistry registry_;
  simdjson::dom::parser parser_;
  ToolCaller caller_{session_, options_.call_time_limit};  // last: joins its workers (which use registry_) first
};

Server::Server(GraphSession session, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(session), options)) {}
Server::~Server() = default;

int Server::serve(int input_fd, std::FILE* output) { return impl_->serve(input_fd, output); }
std::string Server::handle_line(std::string_view line) { return impl_->handle_line(line); }

}  // namespace trellis::mcp
