#include "trellis/commands/cypher_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <iostream>
#include <iterator>
#include <sstream>

#include "trellis/cli/database_locator.hpp"
#include "trellis/commands/cypher_console.hpp"
#include "trellis/cypher/statement_splitter.hpp"
#include "trellis/cypher/worker_start.hpp"
#include "trellis/output/cypher_json.hpp"

namespace trellis::cli {
namespace {

class CypherCommand final : public Command {
 public:
  explicit CypherCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("cypher", "Run read-only Cypher queries against the graph")) {
    app().add_option("QUERY", query_, "The Cypher statement (omit it to read statements from stdin or open the console)");
    app().add_option("--param", params_, "A query parameter $NAME as JSON: --param name='\"login\"' --param depth=2")
        ->type_name("NAME=JSON");
    app().add_option("--limit", limit_, "Rows returned at most (1..1000, default 50); total_count says how many matched")
        ->check(CLI::Range(1, 1000))
        ->type_name("1..1000");
    app().footer(
        "Read-only openCypher: MATCH, OPTIONAL MATCH, WHERE, WITH, UNWIND, RETURN, ORDER BY, SKIP, LIMIT,\n"
        "UNION; EXPLAIN and PROFILE print the plan. Labels, relationship types and properties are those of\n"
        "`trellis stats --schema`/CONTRACT.md. Writes (CREATE, MERGE, SET, DELETE, ...) are refused (READ_ONLY).\n"
        "A misspelt label, type, property, function or keyword is refused with the nearest names\n"
        "(`MATCH (f) RETRUN f`: Did you mean RETURN?).\n\n"
        "Examples:\n"
        "  trellis cypher \"MATCH (f:Function)<-[:CALLS]-(g) RETURN g.qualified_name LIMIT 5\"\n"
        "  trellis cypher 'MATCH (f {qualified_name: $q})<-[:CALLS*1..3]-(g) RETURN DISTINCT g.name' --param q='\"shop.util.log.log\"'\n"
        "  echo 'MATCH (n:Module) RETURN count(*); MATCH (c:Class) RETURN c.name;' | trellis cypher");
  }

  output::Json provided_input() const override {
    output::Json input = output::Json::object();
    if (!query_.empty()) input["query"] = query_;
    if (!params_.empty()) input["params"] = params_;
    input["limit"] = limit_;
    return input;
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    auto parameters = parse_parameters();
    if (!parameters.ok()) return std::move(parameters).take_error();
    const cypher::WorkerStart workers;  // while the snapshot loads
    auto database = open_database(globals);
    if (!database.ok()) return std::move(database).take_error();
    const GraphStore& store = database->snapshot.store;
    cypher::CypherOptions options;
    options.row_limit = static_cast<std::size_t>(limit_);
    if (!query_.empty()) return run_one(store, query_, *parameters, options, globals.json);
    if (::isatty(STDIN_FILENO) == 0) return run_piped(store, *parameters, options, globals.json);
    ConsoleSession session{store, std::move(*parameters), options};
    Status status = run_cypher_console(session);
    if (!status.ok()) return std::move(status).take_error();
    return output::Report{};
  }

 private:
  Result<cypher::Parameters> parse_parameters() const {
    cypher::Parameters out;
    for (const std::string& param : params_) {
      const auto eq = param.find('=');
      if (eq == std::string::npos || eq == 0) {
        return make_error(ErrorCode::InvalidArgument, fmt::format("--param takes NAME=JSON, not '{}'", param));
      }
      auto value = cypher::value_from_json(std::string_view(param).substr(eq + 1));
      if (!value.ok()) {
        return make_error(ErrorCode::InvalidArgument,
                          fmt::format("--param {}: {}", param.substr(0, eq), value.error().message));
      }
      out.emplace_back(param.substr(0, eq), std::move(*value));
    }
    return out;
  }

  static Result<output::Report> run_one(const GraphStore& store, const std::string& query,
                                        const cypher::Parameters& parameters, const cypher::CypherOptions& options,
                                        bool json) {
    const auto start = std::chrono::steady_clock::now();
    auto result = cypher::run_cypher(store, query, parameters, options);
    if (!result.ok()) return std::move(result).take_error();
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    return output::cypher_report(store, query, *result, elapsed.count(), json);
  }

  static Result<output::Report> run_piped(const GraphStore& store, const cypher::Parameters& parameters,
                                          const cypher::CypherOptions& options, bool json) {
    const std::string text{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
    const cypher::ScriptSplit split = cypher::split_script(text);
    std::vector<cypher::StatementText> statements = split.statements;
    if (!cypher::is_blank(split.remainder.text)) statements.push_back(split.remainder);
    output::Report report;
    report.query = "cypher statements from stdin";
    report.query_type = "cypher";
    std::string results = "[";
    const auto start = std::chrono::steady_clock::now();
    for (const cypher::StatementText& statement : statements) {
      auto result = cypher::run_cypher(store, statement.text, parameters, options);
      if (!result.ok()) {
        Error error = std::move(result).take_error();
        if (error.position) error.position = cypher::script_position(statement, *error.position);
        return error;
      }
      if (json) {
        if (results.size() > 1) results += ",";
        results += output::cypher_results_json(store, *result, output::JsonStyle::Compact);
      } else {
        fmt::print("{}\n", output::cypher_results_text(store, *result));
        std::fflush(stdout);
      }
    }
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    report.execution_time_ms = elapsed.count();
    report.results_text = results + "]";
    report.metadata["statement_count"] = statements.size();
    return report;
  }

  std::string query_;
  std::vector<std::string> params_;
  int limit_ = 50;
};

}  // namespace

std::unique_ptr<Command> add_cypher_command(CLI::App& parent) { return std::make_unique<CypherCommand>(parent); }

}  // namespace trellis::cli
