#include "trellis/commands/structural_query_command.hpp"

#include <fmt/format.h>

#include <cctype>
#include <chrono>
#include <deque>
#include <type_traits>

#include <algorithm>
#include <iostream>
#include <iterator>

#include "trellis/cli/database_locator.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/embeddings/vector_import.hpp"
#include "trellis/database.hpp"
#include "trellis/formats/answer_subgraph.hpp"
#include "trellis/formats/dot.hpp"
#include "trellis/formats/graph_view.hpp"
#include "trellis/formats/mermaid.hpp"
#include "trellis/output/answer_json.hpp"
#include "trellis/output/answer_text.hpp"

namespace trellis::cli {
namespace {

using queries::ParamSpec;
using queries::ParamType;
using queries::QuerySpec;

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return out;
}

// "--depth 1..5 (1)", "--direction up|down|both (both)": how an option reads in --help.
std::string option_help(const ParamSpec& p) {
  switch (p.type) {
    case ParamType::Integer:
      return fmt::format("{} ({}..{}, default {})", p.description, p.min, p.max, p.default_integer);
    case ParamType::Choice:
      return fmt::format("{} ({}; default {})", p.description, fmt::join(p.choices, "|"), p.default_choice);
    case ParamType::ChoiceList:
      return fmt::format("{}, comma-separated: {}", p.description, fmt::join(p.choices, ", "));
    default: return std::string(p.description);
  }
}

// A flag that turns a default-on parameter off says so: --no-paths "Do not
// include file_path, ..." (its description says what the parameter does).
std::string flag_help(const ParamSpec& p) {
  if (!p.cli_negates || p.description.empty()) return std::string(p.description);
  std::string text(p.description);
  text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return "Do not " + text;
}

class StructuralQueryCommand final : public Command {
 public:
  StructuralQueryCommand(CLI::App& query, const QuerySpec& spec, const QuerySpec* alternative)
      : Command(*query.add_subcommand(std::string(spec.command), std::string(spec.summary))),
        spec_(spec),
        alternative_(alternative) {
    add_options(spec.params);
    if (alternative_ != nullptr) add_options(alternative_->params);
    // Search takes words, not names: no word on how names are written.
    std::string footer = fmt::format("{}\n\n{}Examples:\n{}", spec.description,
                                     spec.top_level ? std::string() : fmt::format("{}\n\n", queries::name_format_help()),
                                     examples_for(spec));
    if (alternative_ != nullptr) {
      footer += fmt::format("\n\nWith {}: {}\n\nExamples:\n{}", alternative_->cli_switch, alternative_->description,
                            examples_for(*alternative_));
    }
    app().footer(footer);
    // A face-only option: pictures of the answers that are graphs.
    if (formats::answer_is_graph(spec.kind)) {
      app()
          .add_option("--format", picture_format_,
                      "Print the answer as a picture instead: its nodes, grouped by module, with the edges of its "
                      "relationship types among them (as `trellis export --format dot|mermaid`)")
          ->check(CLI::IsMember({"text", "dot", "mermaid"}))
          ->default_str("text");
    }
  }

  void add_options(std::span<const ParamSpec> params) {
    for (const ParamSpec& p : params) {
      // A parameter both queries declare alike shares its option.
      if (std::any_of(slots_.begin(), slots_.end(), [&](const Slot& s) { return s.param->name == p.name; })) continue;
      Slot& slot = slots_.emplace_back();
      slot.param = &p;
      switch (p.type) {
        case ParamType::String:
          if (p.cli.empty()) {
            slot.option = app().add_option(upper(p.name), slot.text, std::string(p.description));
            if (alternative_ == nullptr) slot.option->required();
          } else {
            slot.option = app().add_option(std::string(p.cli), slot.text, std::string(p.description));
          }
          break;
        case ParamType::Choice:
          slot.option = app().add_option(std::string(p.cli), slot.text, option_help(p))
                            ->type_name(fmt::format("{}", fmt::join(p.choices, "|")));
          break;
        case ParamType::Integer:
          slot.option = app().add_option(std::string(p.cli), slot.integer, option_help(p))
                            ->type_name(fmt::format("{}..{}", p.min, p.max));
          break;
        case ParamType::Boolean:
          slot.option = app().add_flag(std::string(p.cli), slot.flag, flag_help(p));
          break;
        case ParamType::Object: break;  // no CLI spelling; the structural queries take none
        case ParamType::StringList:
          slot.option = app().add_option(upper(p.name), slot.texts, std::string(p.description))->required();
          break;
        case ParamType::ChoiceList:
          slot.option = app().add_option(std::string(p.cli), slot.text, option_help(p))->type_name("F1,F2|all");
          break;
        case ParamType::NumberList:
          slot.option = app().add_option(std::string(p.cli), slot.text, std::string(p.description))->type_name("FILE|-");
          break;
      }
    }
  }

  output::Json provided_input() const override {
    output::Json input = output::Json::object();
    for (const auto& [name, value] : arguments(chosen())) {
      std::visit(
          [&, key = name](const auto& v) {
            if constexpr (std::is_same_v<std::decay_t<decltype(v)>, queries::JsonObjectText>) {
              input[key] = output::Json::parse(v.text, nullptr, false);
            } else {
              input[key] = v;
            }
          },
          value);
    }
    return input;
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    const QuerySpec& spec = chosen();
    queries::Arguments given = arguments(spec);
    if (auto numbers = read_number_lists(spec, given); !numbers.ok()) return std::move(numbers).take_error();
    auto checked = queries::CheckedArguments::check(spec.tool, spec.params, given);
    if (!checked.ok()) return std::move(checked).take_error();
    const queries::QueryRequest request = queries::make_request(spec, *checked);
    auto opened = open_database(globals);
    if (!opened.ok()) return std::move(opened).take_error();
    // A Database reads the source text details, source and context return.
    const Database database = Database::from_snapshot(std::move(opened->snapshot), opened->path);
    const GraphStore& store = database.store();

    const auto start = std::chrono::steady_clock::now();
    queries::TraversalScratch scratch;
    auto answer = database.run(request, &scratch);
    if (!answer.ok()) return std::move(answer).take_error();
    const auto elapsed = [&] {
      return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    };
    if (picture_format_ != "text" && formats::answer_is_graph(spec.kind)) {
      auto subgraph = formats::answer_subgraph(store, *answer);
      const formats::GraphView view = formats::GraphView::of(store, std::move(subgraph).value());
      output::Report report;
      report.query_type = "structural";
      report.query = fmt::format("{} as {}", spec.command, picture_format_);
      report.text = picture_format_ == "dot" ? formats::graph_dot(view) : formats::graph_mermaid(view);
      report.results = {{"format", picture_format_},
                        {"node_count", view.nodes.size()},
                        {"relationship_count", view.edges.size()},
                        {"content", report.text}};
      report.execution_time_ms = elapsed();
      return report;
    }
    if (globals.json) {
      return output::answer_report(output::answer_document(store, request, *answer, queries::requested_fields(*checked),
                                                           output::JsonStyle::Pretty, start));
    }
    output::Report report;
    report.query_type = "structural";
    report.text = output::answer_text(store, request, *answer);
    report.execution_time_ms = elapsed();
    return report;
  }

 private:
  std::string picture_format_ = "text";

  struct Slot {
    const ParamSpec* param = nullptr;
    CLI::Option* option = nullptr;
    std::string text;
    std::int64_t integer = 0;
    bool flag = false;
    std::vector<std::string> texts;
  };

  // The query the command runs: the alternative when its switch is given.
  const QuerySpec& chosen() const {
    if (alternative_ != nullptr) {
      for (const Slot& slot : slots_) {
        if (slot.param->cli == alternative_->cli_switch && slot.option != nullptr && slot.option->count() != 0) {
          return *alternative_;
        }
      }
    }
    return spec_;
  }

  // A NumberList argument names a file (- for stdin): its numbers replace the name.
  static Status read_number_lists(const QuerySpec& spec, queries::Arguments& given) {
    for (auto& [name, value] : given) {
      const auto param = std::find_if(spec.params.begin(), spec.params.end(),
                                      [&, key = name](const ParamSpec& p) { return p.name == key; });
      if (param == spec.params.end() || param->type != ParamType::NumberList) continue;
      const std::string path = std::get<std::string>(value);
      std::string text;
      if (path == "-") {
        text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
      } else {
        auto read = trellis::read_file(path);
        if (!read.ok()) {
          return make_error(ErrorCode::InvalidArgument, fmt::format("{} {}: {}", param->cli, path, read.error().message));
        }
        text = std::move(read).value();
      }
      auto numbers = embeddings::parse_query_vector(text);
      if (!numbers.ok()) return std::move(numbers).take_error();
      value = std::vector<double>(numbers->begin(), numbers->end());
    }
    return {};
  }

  // The arguments the user gave for `spec`, by data-model name (defaults
  // are the catalog's); an option `spec` does not declare is named so that
  // checking refuses it.
  queries::Arguments arguments(const QuerySpec& spec) const {
    queries::Arguments out;
    for (const Slot& slot : slots_) {
      if (slot.option == nullptr || slot.option->count() == 0) continue;
      const auto declared = std::find_if(spec.params.begin(), spec.params.end(),
                                         [&](const ParamSpec& p) { return p.name == slot.param->name; });
      if (declared == spec.params.end()) {
        out.emplace_back(std::string(slot.param->cli.empty() ? slot.param->name : slot.param->cli), slot.text);
        continue;
      }
      const ParamSpec& p = *declared;
      switch (p.type) {
        case ParamType::String:
        case ParamType::Choice:
        case ParamType::NumberList:
        case ParamType::ChoiceList: out.emplace_back(std::string(p.name), slot.text); break;
        case ParamType::Integer: out.emplace_back(std::string(p.name), slot.integer); break;
        case ParamType::Boolean: out.emplace_back(std::string(p.name), p.cli_negates ? !slot.flag : slot.flag); break;
        case ParamType::Object: break;
        case ParamType::StringList: out.emplace_back(std::string(p.name), slot.texts); break;
      }
    }
    return out;
  }

  static std::string examples_for(const QuerySpec& spec) {
    switch (spec.kind) {
      case queries::QueryKind::Callers:
        return "  trellis query callers shop.util.log.log\n  trellis query callers login --depth 3 --json\n"
               "  trellis query callers shop.util.log.log --offset 100   # the next page\n"
               "  trellis query callers shop.util.log.log --fields docstring,decorators --json";
      case queries::QueryKind::Callees:
        return "  trellis query callees shop.services.auth.AuthService.login --depth 2\n"
               "  trellis query callees shop.models.Base.save --dispatch";
      case queries::QueryKind::Hierarchy: return "  trellis query hierarchy shop.models.User --direction up";
      case queries::QueryKind::Dependencies:
        return "  trellis query dependencies shop.services.auth --type imports\n"
               "  trellis query dependencies shop.services.auth.main --transitive";
      case queries::QueryKind::Exports: return "  trellis query exports shop.models --private";
      case queries::QueryKind::Implementations: return "  trellis query implementations shop.models.Base --indirect";
      case queries::QueryKind::CallGraph:
        return "  trellis query call-graph shop.services.auth.main --depth 2 --max-nodes 20\n"
               "  trellis query call-graph shop.services.auth.AuthService.login --dispatch";
      case queries::QueryKind::CallPath: return "  trellis query path shop.services.auth.main shop.util.log.log";
      case queries::QueryKind::Outline:
        return "  trellis query outline src/shop/models.py\n  trellis query outline shop.models --label Method --json";
      case queries::QueryKind::Children: return "  trellis query children shop.models.User";
      case queries::QueryKind::Impact:
        return "  trellis query impact shop.util.log.log\n  trellis query impact src/shop/models.py --depth 2 --json";
      case queries::QueryKind::Complexity:
        return "  trellis query complexity src/shop/services/auth.py\n  trellis query complexity shop.models --json";
      case queries::QueryKind::Importers:
        return "  trellis query importers shop.util.log --transitive\n  trellis query importers src/shop/models.py";
      case queries::QueryKind::Chain:
        return "  trellis query chain shop.app shop.util.log\n"
               "  trellis query chain shop.app.run shop.util.log.log --type calls";
      case queries::QueryKind::Details:
        return "  trellis query details shop.services.auth.AuthService.login\n"
               "  trellis query details src/shop/models.py --no-source --json";
      case queries::QueryKind::Source:
        return "  trellis query source src/shop/models.py:10-30\n  trellis query source shop.models.User --max-lines 40";
      case queries::QueryKind::Context:
        return "  trellis query context shop.services.auth.AuthService.login\n"
               "  trellis query context shop.models.User shop.app.run --depth 1 --budget 500 --json";
      case queries::QueryKind::Why:
        return "  trellis query why shop.util.log.log\n  trellis query why shop.models.User --depth 2 --reverse --json";
      case queries::QueryKind::Unresolved:
        return "  trellis query unresolved shop.services.auth.AuthService.login\n"
               "  trellis query unresolved src/shop/app.py --reason unknown_receiver --json\n"
               "  trellis query unresolved shop --offset 100   # a package's modules, the next page";
      case queries::QueryKind::Cycles: return "  trellis query cycles\n  trellis query cycles --type IMPORTS --json";
      case queries::QueryKind::Search:
        return "  trellis search \"refund payment\"\n"
               "  trellis search parseHTTPResponse --label Function --language python\n"
               "  trellis search '\"retry the request\" backoff' --path 'src/net/*' --limit 20 --json";
      case queries::QueryKind::Similar:
        return "  trellis query similar shop.services.auth.AuthService.login\n"
               "  trellis query similar py.billing.refunds.issue_refund --limit 5 --json";
      case queries::QueryKind::Semantic:
        return "  trellis search --vector query.json            # a JSON array, or one line of numbers\n"
               "  my-embedder \"refund a payment\" | trellis search --vector - --label Function --json";
      case queries::QueryKind::Resolve:
        return "  trellis resolve 3f9a0c1d2e4b5a69 src/shop/models.py:12 shop.app.run\n"
               "  trellis resolve $(cat ids.txt) --json";
    }
    return "";
  }

  const QuerySpec& spec_;
  const QuerySpec* alternative_;  // run instead when its cli_switch is given
  std::deque<Slot> slots_;  // stable addresses: CLI11 binds to the members
};

}  // namespace

std::unique_ptr<Command> add_structural_query_command(CLI::App& query, const queries::QuerySpec& spec,
                                                      const queries::QuerySpec* alternative) {
  return std::make_unique<StructuralQueryCommand>(query, spec, alternative);
}

}  // namespace trellis::cli
