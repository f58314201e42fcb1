// search_symbols: find qualified names from a partial name. Candidates are
// the graph's distinct short names (the store's sorted name index), ranked
// exact, then case-insensitive exact, prefix, case-insensitive prefix,
// substring, then fuzzy (Levenshtein distance within a third of the
// length); ties by shorter name, then qualified name.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "mcp/graph_tools.hpp"
#include "mcp/label_choice.hpp"
#include "trellis/output/json_text_writer.hpp"

namespace trellis::mcp {
namespace {

using queries::ParamSpec;

const ParamSpec kSearchParams[] = {
    queries::string_param("query",
                          "A name or part of one: `login`, `AuthServ`, `auth.login` (text before the last dot "
                          "must appear in the qualified name), or a misspelling (`lgoin`)"),
    queries::choice_param("label", "", kLabelChoices, "any", "Only nodes with this label"),
    queries::integer_param("limit", "", 1, 100, 20, "Most symbols to return"),
};

enum Match { Exact, ExactFolded, Prefix, PrefixFolded, Substring, Fuzzy };
constexpr std::string_view kMatchNames[] = {"exact", "exact", "prefix", "prefix", "substring", "fuzzy"};

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Levenshtein distance, bound + 1 once it exceeds `bound`.
std::size_t edit_distance(std::string_view a, std::string_view b, std::size_t bound) {
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > bound) return bound + 1;
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    std::size_t best = row[0];
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
      best = std::min(best, row[j]);
    }
    if (best > bound) return bound + 1;
  }
  return row[b.size()];
}

struct Hit {
  Match match;
  std::size_t distance;
  std::size_t name_length;
  std::string qualified_name;
  NodeId node;
};

std::optional<std::pair<Match, std::size_t>> match_name(std::string_view name, std::string_view wanted,
                                                        std::string_view wanted_folded, std::size_t bound) {
  if (name == wanted) return std::pair{Exact, std::size_t{0}};
  const std::string name_folded = folded(name);
  if (name_folded == wanted_folded) return std::pair{ExactFolded, std::size_t{0}};
  if (name.starts_with(wanted)) return std::pair{Prefix, std::size_t{0}};
  if (name_folded.starts_with(wanted_folded)) return std::pair{PrefixFolded, std::size_t{0}};
  if (name_folded.find(wanted_folded) != std::string::npos) return std::pair{Substring, std::size_t{0}};
  const std::size_t distance = edit_distance(name_folded, wanted_folded, bound);
  if (distance <= bound) return std::pair{Fuzzy, distance};
  return std::nullopt;
}

Result<output::Report> search(const ToolContext& context, const queries::CheckedArguments& arguments) {
  const GraphStore& store = context.graph.store();
  const std::string query = arguments.text("query");
  const std::optional<Label> only = label_choice(arguments.choice(kSearchParams[1]));
  const auto limit = static_cast<std::size_t>(arguments.integer(kSearchParams[2]));

  const std::size_t dot = query.rfind('.');
  const std::string_view wanted = dot == std::string::npos ? std::string_view(query) : std::string_view(query).substr(dot + 1);
  const std::string qualifier = dot == std::string::npos ? std::string() : folded(std::string_view(query).substr(0, dot));
  if (wanted.empty()) return make_error(ErrorCode::InvalidArgument, "'query' must not end with a dot");
  const std::string wanted_folded = folded(wanted);
  const std::size_t bound = wanted.size() <= 3 ? 1 : std::max<std::size_t>(2, wanted.size() / 3);

  std::vector<Hit> hits;
  for (const StringId id : store.sorted_names()) {
    const std::string_view name = store.strings().get(id);
    const auto match = match_name(name, wanted, wanted_folded, bound);
    if (!match) continue;
    for (const NodeId node : store.nodes_named(name)) {
      if (only && store.label(node) != *only) continue;
      std::string qualified = store.qualified_name(node);
      if (!qualifier.empty()) {
        const std::size_t last = qualified.rfind('.');
        if (last == std::string::npos || folded(std::string_view(qualified).substr(0, last)).find(qualifier) == std::string::npos) continue;
      }
      hits.push_back({match->first, match->second, name.size(), std::move(qualified), node});
    }
  }
  std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
    return std::tie(a.match, a.distance, a.name_length, a.qualified_name, a.node) <
           std::tie(b.match, b.distance, b.name_length, b.qualified_name, b.node);
  });
  const std::size_t shown = std::min(limit, hits.size());

  output::JsonTextWriter w(output::JsonStyle::Compact);
  w.begin_object();
  w.key("symbols");
  w.begin_array();
  for (std::size_t i = 0; i < shown; ++i) {
    const Hit& hit = hits[i];
    const NodeInfo info = context.graph.database().node(hit.node);
    w.begin_object();
    w.key("label");
    w.string(to_string(info.label));
    w.key("qualified_name");
    w.string(hit.qualified_name);
    w.key("name");
    w.string(info.name);
    w.key("node_id");
    w.string(context.graph.store().node_id(hit.node));
    if (!info.file_path.empty()) {
      w.key("file_path");
      w.string(info.file_path);
      w.key("line_start");
      w.integer(info.line_start);
      w.key("line_end");
      w.integer(info.line_end);
    }
    w.key("match");
    w.string(kMatchNames[hit.match]);
    w.end_object();
  }
  w.end_array();
  w.end_object();

  output::Report report;
  report.query = fmt::format("symbols matching '{}'", query);
  report.query_type = "search";
  report.results_text = w.take();
  report.row_count = shown;
  report.total_count = hits.size();
  return report;
}

using enum queries::Shape;
constexpr queries::ResultField kSymbolResults[] = {queries::list("symbols", Node)};

}  // namespace

void add_search_symbols_tool(ToolRegistry& registry) {
  registry.add(Tool{
      "search_symbols", "Find qualified names from a partial or misspelt name",
      "Finds nodes by name when you do not know the qualified name: exact matches first, then names "
      "starting with the query, containing it, and close misspellings (case-insensitive). Use the "
      "qualified_name it returns in the query_* tools. Returns JSON {query, results: {symbols: [{label, "
      "qualified_name, name, node_id, file_path, line_start, line_end, match: exact|prefix|substring|fuzzy}]}, "
      "metadata: {row_count, total_count, truncated}}.",
      kSearchParams, search, kSymbolResults});
}

}  // namespace trellis::mcp
