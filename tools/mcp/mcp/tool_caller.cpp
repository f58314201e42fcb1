#include "mcp/tool_caller.hpp"

#include <fmt/format.h>

#include <memory>

#include "mcp/tool_arguments.hpp"
#include "trellis/output/printer.hpp"

namespace trellis::mcp {
namespace {

using Clock = std::chrono::steady_clock;

ToolAnswer refused(const Error& error, std::string_view arguments_json) {
  const output::Json input = output::Json::parse(arguments_json, nullptr, false);
  const output::Json document = output::error_json(error, input.is_discarded() ? output::Json::object() : input);
  return {document.dump(-1, ' ', false, output::Json::error_handler_t::replace), error.code};
}

}  // namespace

ToolAnswer ToolCaller::call(const Tool& tool, std::optional<simdjson::dom::object> arguments,
                            const std::string& arguments_json) {
  queries::Arguments given;
  if (arguments) {
    auto read = read_tool_arguments(*arguments);
    if (!read.ok()) return refused(read.error(), arguments_json);
    given = std::move(read).value();
  }
  auto checked = queries::CheckedArguments::check(tool.name, tool.params, given);
  if (!checked.ok()) return refused(checked.error(), arguments_json);
  auto graph = session_.current();
  if (!graph.ok()) return refused(graph.error(), arguments_json);

  const auto start = Clock::now();
  auto job = [&tool, graph = std::move(graph).value(), checked = std::move(checked).value(), arguments_json,
              start](queries::TraversalScratch& scratch) {
    auto report = tool.handler(ToolContext{*graph, scratch}, checked);
    if (!report.ok()) return refused(report.error(), arguments_json);
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    return ToolAnswer{output::report_json(*report, elapsed.count()), std::nullopt};
  };
  // The job owns its answer: a job abandoned at the deadline still writes it.
  auto answer = std::make_shared<ToolAnswer>();
  std::optional<std::string> done = runner_.run(
      [job = std::move(job), answer](queries::TraversalScratch& scratch) {
        *answer = job(scratch);
        return std::string();
      },
      time_limit_);
  if (done && Clock::now() - start <= time_limit_) return std::move(*answer);
  return refused(make_error(ErrorCode::Timeout, fmt::format("{} took longer than the time limit of {} ms; ask for less (a "
                                                             "smaller max_depth or max_nodes, a more specific name)",
                                                             tool.name, time_limit_.count())),
                 arguments_json);
}

}  // namespace trellis::mcp
