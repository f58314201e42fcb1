#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "node_properties.hpp"
#include "trellis/common/suggestions.hpp"
#include "trellis/queries/search_queries.hpp"
#include "trellis/search/search_index.hpp"
#include "trellis/search/word_split.hpp"

namespace trellis::queries {
namespace {

using search::kSearchFieldCount;
using search::SearchField;
using search::SearchIndex;

constexpr std::array<double, kSearchFieldCount> kFieldWeights = {6.0, 1.5, 2.0, 2.0, 1.0};
constexpr double kK1 = 1.2;
constexpr double kB = 0.75;

// Words a question is made of rather than what it is about: dropped from
// a query that has other words.
constexpr std::string_view kStopWords[] = {
    "an",   "and",  "any",  "are", "as",   "at",    "be",   "by",   "can",  "code", "do",   "does",
    "for",  "from", "how",  "in",  "is",   "it",    "of",   "on",   "or",   "the",  "that", "this",
    "to",   "what", "when", "where", "which", "who", "why", "with",
};

bool is_stop_word(std::string_view word) {
  return std::find(std::begin(kStopWords), std::end(kStopWords), word) != std::end(kStopWords);
}

std::string folded(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

struct ParsedQuery {
  std::vector<std::string> words;                  // searched for, unique, in query order
  std::vector<std::vector<std::string>> phrases;   // each of two words or more
  std::vector<std::string> tokens;                 // the unquoted tokens as written, folded
};

void add_unique(std::vector<std::string>& words, std::string_view word) {
  if (std::find(words.begin(), words.end(), word) == words.end()) words.emplace_back(word);
}

ParsedQuery parse_query(std::string_view text) {
  ParsedQuery query;
  std::vector<std::string> free_words;
  bool quoted = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && text[i] != '"') continue;
    const std::string_view part = text.substr(start, i - start);
    if (quoted) {
      std::vector<std::string> phrase;
      search::for_each_word(part, [&](std::string_view w) { phrase.emplace_back(w); }, false);
      for (const std::string& w : phrase) add_unique(query.words, w);
      if (phrase.size() > 1) query.phrases.push_back(std::move(phrase));
    } else {
      search::for_each_word(part, [&](std::string_view w) { add_unique(free_words, w); });
      std::size_t t = 0;
      while (t < part.size()) {
        while (t < part.size() && (part[t] == ' ' || part[t] == '\t' || part[t] == '\n')) ++t;
        const std::size_t token_start = t;
        while (t < part.size() && part[t] != ' ' && part[t] != '\t' && part[t] != '\n') ++t;
        if (t > token_start) query.tokens.push_back(folded(part.substr(token_start, t - token_start)));
      }
    }
    quoted = !quoted;
    start = i + 1;
  }
  const bool only_stop_words =
      query.words.empty() && std::all_of(free_words.begin(), free_words.end(), is_stop_word);
  for (const std::string& w : free_words) {
    if (only_stop_words || !is_stop_word(w)) add_unique(query.words, w);
  }
  return query;
}

// The columns a filter reads, per label (nullopt: the label has none).
struct FilterColumns {
  std::array<std::optional<std::size_t>, kLabelCount> language, file_path;
};

FilterColumns filter_columns() {
  FilterColumns columns;
  for (const LabelDef& def : all_labels()) {
    columns.language[index_of(def.label)] = property_index(def.label, "language");
    columns.file_path[index_of(def.label)] = property_index(def.label, "file_path");
  }
  return columns;
}

std::string_view text_at(const GraphStore& store, NodeId node, const std::optional<std::size_t>& column) {
  if (!column) return {};
  const PropertyValue value = store.property(node, *column);
  const auto* text = std::get_if<std::string_view>(&value);
  return text != nullptr ? *text : std::string_view{};
}

class Filter {
 public:
  Filter(const GraphStore& store, const SearchRequest& request)
      : store_(store), request_(request), columns_(filter_columns()) {
    if (request.label != "all") label_ = label_from_string(request.label);
  }
  bool keeps(NodeId node) const {
    const Label label = store_.label(node);
    if (request_.label != "all" && (!label_ || label != *label_)) return false;
    if (!request_.language.empty() && folded(text_at(store_, node, columns_.language[index_of(label)])) !=
                                          folded(request_.language)) {
      return false;
    }
    if (!request_.path_glob.empty()) {
      const std::string path(text_at(store_, node, columns_.file_path[index_of(label)]));
      if (fnmatch(request_.path_glob.c_str(), path.c_str(), 0) != 0) return false;
    }
    return true;
  }

 private:
  const GraphStore& store_;
  const SearchRequest& request_;
  FilterColumns columns_;
  std::optional<Label> label_;
};

// Source files read for one query, each once.
class FileTexts {
 public:
  explicit FileTexts(const SourceReader* sources) : sources_(sources) {}
  const std::string* get(std::string_view path) {
    if (sources_ == nullptr || path.empty()) return nullptr;
    auto it = texts_.find(std::string(path));
    if (it == texts_.end()) {
      auto text = sources_->read_file(path);
      it = texts_.emplace(std::string(path), text.ok() ? std::optional<std::string>(std::move(*text)) : std::nullopt)
               .first;
    }
    return it->second ? &*it->second : nullptr;
  }

 private:
  const SourceReader* sources_;
  std::map<std::string, std::optional<std::string>, std::less<>> texts_;
};

// Lines [first, last] of `text` (1-based), each as a view without its '\n'.
std::vector<std::string_view> lines_of(std::string_view text, int first, int last) {
  std::vector<std::string_view> lines;
  int number = 1;
  std::size_t at = 0;
  while (at <= text.size() && number <= last) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    if (number >= first) lines.push_back(text.substr(at, end - at));
    if (end == text.size()) break;
    at = end + 1;
    ++number;
  }
  return lines;
}

// The texts a node's phrases and snippet are looked for in: its docstring
// lines, then its source lines (when readable), then its qualified name.
struct NodeText {
  std::vector<std::string_view> doc_lines;
  std::vector<std::string_view> source_lines;
  std::string qualified_name;
};

NodeText node_text(const GraphStore& store, NodeId node, FileTexts& files) {
  NodeText out;
  out.qualified_name = store.qualified_name(node);
  const std::string_view doc = text_property(store, node, "docstring");
  if (!doc.empty()) out.doc_lines = lines_of(doc, 1, 1 << 30);
  const int first = line_property(store, node, "line_start");
  const int last = line_property(store, node, "line_end");
  if (first > 0 && last >= first) {
    if (const std::string* text = files.get(text_property(store, node, "file_path"))) {
      out.source_lines = lines_of(*text, first, last);
    }
  }
  return out;
}

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  search::for_each_word(text, [&](std::string_view w) { words.emplace_back(w); }, false);
  return words;
}

bool has_phrase(const std::vector<std::string>& words, const std::vector<std::string>& phrase) {
  return std::search(words.begin(), words.end(), phrase.begin(), phrase.end()) != words.end();
}

// Whether `phrase` is consecutive words of one docstring or source line
// block, or of the qualified name.
bool node_has_phrase(const NodeText& text, const std::vector<std::string>& phrase) {
  const auto block_has = [&](const std::vector<std::string_view>& lines) {
    std::string joined;
    for (const std::string_view line : lines) {
      joined.append(line);
      joined.push_back('\n');
    }
    return has_phrase(words_of(joined), phrase);
  };
  return has_phrase(words_of(text.qualified_name), phrase) || block_has(text.doc_lines) ||
         block_has(text.source_lines);
}

bool line_has_any(std::string_view line, const std::vector<std::string>& matched) {
  bool found = false;
  search::for_each_word(line, [&](std::string_view w) {
    if (!found && std::find(matched.begin(), matched.end(), w) != matched.end()) found = true;
  });
  return found;
}

std::string trimmed(std::string_view line) {
  constexpr std::size_t kMaxSnippetBytes = 160;
  const auto first = line.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = line.find_last_not_of(" \t\r");
  std::string out(line.substr(first, last - first + 1));
  if (out.size() > kMaxSnippetBytes) {
    std::size_t cut = kMaxSnippetBytes;
    while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;  // a whole UTF-8 character
    out.resize(cut);
    out += "…";
  }
  return out;
}

// A docstring line with a matched word, else a source line with one, else
// the first docstring line, else the first source line.
std::string snippet(const NodeText& text, const std::vector<std::string>& matched) {
  for (const auto* lines : {&text.doc_lines, &text.source_lines}) {
    for (const std::string_view line : *lines) {
      if (line_has_any(line, matched)) return trimmed(line);
    }
  }
  for (const auto* lines : {&text.doc_lines, &text.source_lines}) {
    for (const std::string_view line : *lines) {
      if (std::string t = trimmed(line); !t.empty()) return t;
    }
  }
  return {};
}

std::vector<std::string> suggestions_for(const SearchIndex& index, const std::vector<std::string>& words) {
  std::vector<std::string> out;
  for (const std::string& word : words) {
    if (index.find(word)) continue;
    const std::size_t max_edits = word.size() <= 4 ? 1 : 2;
    std::vector<std::string> near;
    for (std::size_t t = 0; t < index.term_count(); ++t) {
      const std::string_view term = index.term(t);
      const std::size_t gap = term.size() > word.size() ? term.size() - word.size() : word.size() - term.size();
      if (gap <= max_edits) near.emplace_back(term);
    }
    for (std::string& s : suggest(word, near, max_edits)) {
      if (std::find(out.begin(), out.end(), s) == out.end() && out.size() < 5) out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace

Result<SearchResult> query_search(const GraphStore& store, const SearchRequest& request, TraversalScratch& scratch,
                                  const SourceReader* sources) {
  ParsedQuery query = parse_query(request.text);
  if (query.words.empty()) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("search text '{}' has no word to look for (words are letters, digits and '_', "
                                  "two characters at least)",
                                  request.text));
  }
  const SearchIndex index(store.parts());
  SearchResult result;
  result.words = query.words;
  for (const auto& phrase : query.phrases) result.phrases.push_back(fmt::format("{}", fmt::join(phrase, " ")));

  // BM25F: per node, the sum over query words of idf * tf / (k1 + tf),
  // tf the weighted, length-normalised count over the fields.
  const double indexed = static_cast<double>(index.indexed_nodes());
  std::array<double, kSearchFieldCount> average{};
  for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
    average[f] = std::max(1.0, index.average_length(static_cast<SearchField>(f)));
  }
  std::vector<std::optional<std::uint32_t>> terms;
  for (const std::string& word : query.words) terms.push_back(index.find(word));

  const auto known_words = static_cast<std::size_t>(
      std::count_if(terms.begin(), terms.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(terms.size(), 64)),
                    [](const auto& t) { return t.has_value(); }));
  scratch.begin(store.node_count());
  std::vector<NodeId> touched;
  std::vector<double> scores(store.node_count(), 0.0);
  std::vector<std::uint64_t> word_masks(store.node_count(), 0);  // which query words a node has (first 64)
  for (std::size_t w = 0; w < terms.size(); ++w) {
    if (!terms[w]) continue;
    const auto nodes = index.nodes(*terms[w]);
    const auto counts = index.counts(*terms[w]);
    const double df = static_cast<double>(nodes.size());
    const double idf = std::log(1.0 + (indexed - df + 0.5) / (df + 0.5));
    for (std::size_t p = 0; p < nodes.size(); ++p) {
      const NodeId node = nodes[p];
      double tf = 0.0;
      for (std::size_t f = 0; f < kSearchFieldCount; ++f) {
        const auto field = static_cast<SearchField>(f);
        const std::uint32_t count = search::field_count(counts[p], field);
        if (count == 0) continue;
        const double length = index.field_length(node, field);
        tf += kFieldWeights[f] * count / (1.0 - kB + kB * length / average[f]);
      }
      if (scratch.mark(node)) touched.push_back(node);
      scores[node] += idf * tf / (kK1 + tf);
      if (w < 64) word_masks[node] |= std::uint64_t{1} << w;
    }
  }

  // Every phrase's words must all be there, and then the phrase itself.
  std::vector<std::uint64_t> phrase_masks;
  for (const auto& phrase : query.phrases) {
    std::uint64_t mask = 0;
    for (const std::string& word : phrase) {
      const auto at = std::find(query.words.begin(), query.words.end(), word) - query.words.begin();
      if (at < 64) mask |= std::uint64_t{1} << at;
    }
    phrase_masks.push_back(mask);
  }
  const Filter filter(store, request);
  FileTexts files(sources);
  struct Ranked {
    NodeId node;
    double score;
    bool exact_name;
  };
  const bool one_word = query.tokens.size() == 1 && query.phrases.empty();
  std::vector<Ranked> matches;
  for (const NodeId node : touched) {
    if (!filter.keeps(node)) continue;
    bool phrases_ok = true;
    for (const std::uint64_t mask : phrase_masks) phrases_ok = phrases_ok && (word_masks[node] & mask) == mask;
    if (!phrases_ok) continue;
    if (!query.phrases.empty()) {
      const NodeText text = node_text(store, node, files);
      for (const auto& phrase : query.phrases) phrases_ok = phrases_ok && node_has_phrase(text, phrase);
      if (!phrases_ok) continue;
    }
    // Coordination: a node with more of the query's words ranks above one
    // with a strong hit on fewer (a module named `common` for "greatest
    // common divisor").
    const double coverage = static_cast<double>(std::popcount(word_masks[node])) / static_cast<double>(known_words);
    // Exact names come first when the query is one identifier: among several
    // words, one that names a module (`common`) says little.
    const bool exact = one_word && folded(store.name(node)) == query.tokens.front();
    matches.push_back({node, scores[node] * coverage * coverage, exact});
  }
  const std::size_t total = matches.size();
  const std::size_t first = std::min(request.offset, total);
  const std::size_t last = std::min(first + request.limit, total);
  std::partial_sort(matches.begin(), matches.begin() + static_cast<std::ptrdiff_t>(last), matches.end(),
                    [](const Ranked& x, const Ranked& y) {
                      if (x.exact_name != y.exact_name) return x.exact_name;
                      if (x.score != y.score) return x.score > y.score;
                      return x.node < y.node;
                    });
  for (std::size_t i = first; i < last; ++i) {
    SearchHit hit;
    hit.node = matches[i].node;
    hit.score = matches[i].score;
    hit.exact_name = matches[i].exact_name;
    for (std::size_t w = 0; w < query.words.size() && w < 64; ++w) {
      if ((word_masks[hit.node] >> w) & 1U) hit.matched.push_back(query.words[w]);
    }
    hit.snippet = snippet(node_text(store, hit.node, files), hit.matched);
    result.hits.push_back(std::move(hit));
  }
  result.count = ResultCount{total, last < total, first};
  if (total == 0) result.suggestions = suggestions_for(index, query.words);
  return result;
}

}  // namespace trellis::queries
