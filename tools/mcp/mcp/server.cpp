#include "mcp/server.hpp"

#include <fmt/format.h>

#include <simdjson.h>

#include "mcp/json_rpc.hpp"
#include "mcp/line_reader.hpp"
#include "mcp/protocol.hpp"
#include "mcp/tool_arguments.hpp"
#include "trellis/output/json_text_writer.hpp"
#include "trellis/output/printer.hpp"

namespace trellis::mcp {
namespace {

using Clock = std::chrono::steady_clock;

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

std::string error_result(const Error& error, std::string_view arguments_json) {
  const output::Json input = output::Json::parse(arguments_json, nullptr, false);
  const output::Json document = output::error_json(error, input.is_discarded() ? output::Json::object() : input);
  return tool_result(document.dump(-1, ' ', false, output::Json::error_handler_t::replace), true);
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

  // The tools/call result: checked arguments, the current graph, the call
  // on the worker under the time limit.
  std::string run_tool(const Tool& tool, std::optional<simdjson::dom::object> arguments,
                       const std::string& arguments_json) {
    queries::Arguments given;
    if (arguments) {
      auto read = read_tool_arguments(*arguments);
      if (!read.ok()) return error_result(read.error(), arguments_json);
      given = std::move(read).value();
    }
    auto checked = queries::CheckedArguments::check(tool.name, tool.params, given);
    if (!checked.ok()) return error_result(checked.error(), arguments_json);
    auto graph = session_.current();
    if (!graph.ok()) return error_result(graph.error(), arguments_json);

    const auto start = Clock::now();
    auto job = [&tool, graph = std::move(graph).value(), checked = std::move(checked).value(), arguments_json,
                start](queries::TraversalScratch& scratch) {
      auto report = tool.handler(ToolContext{*graph, scratch}, checked);
      if (!report.ok()) return error_result(report.error(), arguments_json);
      const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
      return tool_result(output::report_json(*report, elapsed.count()), false);
    };
    std::optional<std::string> answer = runner_.run(std::move(job), options_.call_time_limit);
    if (answer && Clock::now() - start <= options_.call_time_limit) return std::move(*answer);
    return error_result(make_error(ErrorCode::Timeout,
                                   fmt::format("{} took longer than the time limit of {} ms; ask for less (a "
                                               "smaller max_depth or max_nodes, a more specific name)",
                                               tool.name, options_.call_time_limit.count())),
                        arguments_json);
  }

  GraphSession session_;
  ServerOptions options_;
  ToolRegistry registry_;
  simdjson::dom::parser parser_;
  CallRunner runner_;  // last: joins its workers (which use registry_) first
};

Server::Server(GraphSession session, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(session), options)) {}
Server::~Server() = default;

int Server::serve(int input_fd, std::FILE* output) { return impl_->serve(input_fd, output); }
std::string Server::handle_line(std::string_view line) { return impl_->handle_line(line); }

}  // namespace trellis::mcp
