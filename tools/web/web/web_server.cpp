#include "web/web_server.hpp"

#include <fmt/format.h>
#include <httplib.h>
#include <simdjson.h>

#include <csignal>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <string_view>
#include <thread>

#include "mcp/tool_caller.hpp"
#include "mcp/tool_registry.hpp"

namespace trellis::web {

// The page's files (tools/web/page/ and the cytoscape package), embedded at build time.
extern const std::string_view kIndexHtml;
extern const std::string_view kAppCss;
extern const std::string_view kAppJs;
extern const std::string_view kCytoscapeJs;

namespace {

int http_status(ErrorCode code) {
  switch (code) {
    case ErrorCode::NodeNotFound: return 404;
    case ErrorCode::DatabaseError: return 503;
    case ErrorCode::Timeout: return 504;
    default: return 400;
  }
}

// The tool calls: one at a time (the runner's rule, and a GraphSession
// serves one caller), whatever thread httplib answers on.
class Calls {
 public:
  Calls(mcp::GraphSession session, std::chrono::milliseconds limit)
      : session_(std::move(session)), registry_(mcp::make_tool_registry()), caller_(session_, limit) {}

  void answer(std::string_view tool_name, const std::string& body, httplib::Response& response) {
    const mcp::Tool* tool = registry_.find(tool_name);
    if (tool == nullptr) {
      response.status = 404;
      response.set_content(fmt::format(R"({{"error":"no tool named {}; GET /api/tools lists them","error_code":"INVALID_ARGUMENT"}})", tool_name),
                           "application/json");
      return;
    }
    std::lock_guard lock(mutex_);
    std::optional<simdjson::dom::object> arguments;
    std::string arguments_json = "{}";
    if (body.find_first_not_of(" \t\r\n") != std::string::npos) {
      simdjson::dom::element given;
      if (parser_.parse(body).get(given) != simdjson::SUCCESS || given.type() != simdjson::dom::element_type::OBJECT) {
        response.status = 400;
        response.set_content(R"({"error":"the body must be the tool's arguments as a JSON object","error_code":"INVALID_ARGUMENT"})",
                             "application/json");
        return;
      }
      arguments = given.get_object().value_unsafe();
      arguments_json = simdjson::minify(given);
    }
    mcp::ToolAnswer result = caller_.call(*tool, arguments, arguments_json);
    response.status = result.error ? http_status(*result.error) : 200;
    response.set_content(std::move(result.document), "application/json");
  }
  std::string tools() const { return registry_.list_json(); }

 private:
  std::mutex mutex_;
  mcp::GraphSession session_;
  mcp::ToolRegistry registry_;
  simdjson::dom::parser parser_;
  mcp::ToolCaller caller_;  // last: joins its workers (which use registry_) first
};

void serve_text(httplib::Server& server, const std::string& path, std::string_view text, const char* type) {
  server.Get(path, [text, type](const httplib::Request&, httplib::Response& response) {
    response.set_content(text.data(), text.size(), type);
  });
}

}  // namespace

int serve_web(mcp::GraphSession session, const WebOptions& options) {
  Calls calls(std::move(session), options.call_time_limit);
  httplib::Server server;
  serve_text(server, "/", kIndexHtml, "text/html; charset=utf-8");
  serve_text(server, "/app.css", kAppCss, "text/css; charset=utf-8");
  serve_text(server, "/app.js", kAppJs, "text/javascript; charset=utf-8");
  serve_text(server, "/vendor/cytoscape.min.js", kCytoscapeJs, "text/javascript; charset=utf-8");
  server.Get("/api/tools", [&calls](const httplib::Request&, httplib::Response& response) {
    response.set_content(calls.tools(), "application/json");
  });
  server.Post(R"(/api/call/([A-Za-z_]+))", [&calls](const httplib::Request& request, httplib::Response& response) {
    calls.answer(request.matches[1].str(), request.body, response);
  });

  const int port = options.port == 0 ? server.bind_to_any_port(options.host) : options.port;
  if (port < 0 || (options.port != 0 && !server.bind_to_port(options.host, port))) {
    fmt::print(stderr, "trellis web: cannot listen on {}:{} (in use, or not an address of this machine)\n", options.host,
               options.port);
    return 1;
  }
  // SIGINT and SIGTERM, blocked in every thread, are taken by one that stops the server.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stop_signals, &signal);
    server.stop();
  });
  if (options.on_listening) options.on_listening(fmt::format("http://{}:{}/", options.host, port));
  server.listen_after_bind();
  // Stopped by a signal: the stopper has returned. Otherwise wake it.
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
  return 0;
}

}  // namespace trellis::web
