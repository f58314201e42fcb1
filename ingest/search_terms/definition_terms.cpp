#include "search_terms/definition_terms.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "search_terms/body_hash.hpp"
#include "search_terms/byte_classes.hpp"
#include "search_terms/run_words.hpp"
#include "search_terms/source_regions.hpp"
#include "trellis/search/word_split.hpp"

namespace trellis::ingest {
namespace {

using search::SearchField;
using search_terms::RegionKind;
using search_terms::RunWords;

// Keywords and ubiquitous names of the supported languages: in code they
// say nothing about what a definition does (in comments and strings they
// are kept). In byte order, for a binary search.
constexpr std::string_view kCodeStopWords[] = {
    "and",     "as",      "async",    "await",   "bool",      "break",  "case",    "catch",   "class",
    "const",   "continue", "def",     "default", "del",       "elif",   "else",    "except",  "export",
    "extends", "false",   "final",    "finally", "for",       "from",   "func",    "function", "if",
    "implements", "import", "in",     "int",     "is",        "lambda", "let",     "new",     "nil",
    "none",    "not",     "null",     "or",      "package",   "pass",   "private", "protected", "public",
    "raise",   "return",  "self",     "static",  "string",    "super",  "switch",  "this",    "throw",
    "true",    "try",     "undefined", "var",    "void",      "while",  "with",    "yield",
};
static_assert(std::ranges::is_sorted(kCodeStopWords));

// A word's first eight bytes as one number (zero-padded), for comparing
// words eight bytes at a time.
constexpr std::uint64_t word_head(std::string_view word) {
  std::uint64_t head = 0;
  for (std::size_t i = 0; i < word.size() && i < 8; ++i) {
    head |= std::uint64_t{static_cast<unsigned char>(word[i])} << (8 * i);
  }
  return head;
}

// The stop words by head (no two share one), for a binary search over numbers.
constexpr auto kCodeStopHeads = [] {
  std::array<std::pair<std::uint64_t, std::string_view>, std::size(kCodeStopWords)> heads{};
  for (std::size_t i = 0; i < heads.size(); ++i) heads[i] = {word_head(kCodeStopWords[i]), kCodeStopWords[i]};
  std::ranges::sort(heads);
  return heads;
}();
static_assert(std::ranges::adjacent_find(kCodeStopHeads, {}, [](const auto& h) { return h.first; }) ==
              kCodeStopHeads.end());

constexpr std::size_t kLongestCodeStopWord =
    std::ranges::max(kCodeStopWords, {}, [](std::string_view word) { return word.size(); }).size();

bool is_code_stop_word(std::string_view word) {
  if (word.size() > kLongestCodeStopWord) return false;
  const std::uint64_t head = word_head(word);
  const auto found = std::ranges::lower_bound(kCodeStopHeads, head, {}, [](const auto& h) { return h.first; });
  return found != kCodeStopHeads.end() && found->first == head && found->second == word;
}

bool is_word_byte(char c) { return search_terms::has_class(c, search_terms::kWordByte); }

// Calls visit(std::string_view run, std::uint32_t newlines) for each run
// of word bytes of `text` that is not a number, `newlines` being how many
// line breaks came before it since the last run (or the start). Returns
// the number of line breaks in `text`.
template <class Visit>
std::uint32_t for_each_run(std::string_view text, Visit&& visit) {
  std::uint32_t lines = 0;
  std::uint32_t newlines = 0;
  const char* const bytes = text.data();
  const std::size_t size = text.size();
  std::size_t i = 0;
  while (i < size) {
    const char c = bytes[i];
    if (!is_word_byte(c)) {
      newlines += c == '\n' ? 1 : 0;
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < size && is_word_byte(bytes[i])) ++i;
    if (c >= '0' && c <= '9') continue;  // a number, not a word
    lines += newlines;
    visit(std::string_view(bytes + start, i - start), newlines);
    newlines = 0;
  }
  return lines + newlines;
}

// Each word is numbered once per file, and each identifier run split once
// (run_words.hpp); hits are grouped by scope with a counting sort, then each
// scope's few hits are sorted by word and field. Words are numbered in the
// order they are first added, as search::for_each_word yields them.
class TermCollector {
 public:
  // `source_size`: the file's bytes, to size the tables once (about one hit
  // per 6 bytes of source and one new word per 40, in caddy and commons-lang).
  TermCollector(std::size_t scopes, RunWords& runs, std::size_t source_size) : scopes_(scopes), runs_(runs) {
    hits_.reserve(source_size / 6);
    words_.reserve(source_size / 40);
  }

  // The words of a run; without `stop_words`, those that are code stop words are left out.
  void add_run(std::uint32_t scope, SearchField field, std::string_view run, bool stop_words) {
    for (const RunWords::Part& part : runs_.parts(run)) {
      if (part.stop && !stop_words) continue;
      // Ids start at 1 (0: none given in this file yet).
      std::uint32_t& id = runs_.id(part);
      if (id == 0) {
        words_.emplace_back(runs_.text(part));
        id = static_cast<std::uint32_t>(words_.size());
      }
      hits_.push_back({scope, (id - 1) * static_cast<std::uint32_t>(search::kSearchFieldCount) +
                                  static_cast<std::uint32_t>(search::index_of(field))});
    }
  }
  void add_text(std::uint32_t scope, SearchField field, std::string_view text) {
    for_each_run(text, [&](std::string_view run, std::uint32_t) { add_run(scope, field, run, true); });
  }

  SearchTerms finish() && {
    SearchTerms out;
    out.words = std::move(words_);
    // Two stable counting sorts, by (word, field) and then by scope, put
    // each scope's hits in (word, field) order with equal ones adjacent: no
    // comparison sort (sorting each scope's hits was a fifth of the cost).
    const std::size_t key_count = out.words.size() * search::kSearchFieldCount;
    std::vector<std::uint32_t> key_next(key_count + 1, 0);
    for (const Hit& hit : hits_) ++key_next[hit.key + 1];
    for (std::size_t k = 1; k < key_next.size(); ++k) key_next[k] += key_next[k - 1];
    std::vector<std::uint32_t> by_key(hits_.size());
    for (std::uint32_t h = 0; h < hits_.size(); ++h) by_key[key_next[hits_[h].key]++] = h;
    std::vector<std::uint32_t> starts(scopes_ + 1, 0);
    for (const Hit& hit : hits_) ++starts[hit.scope + 1];
    for (std::size_t s = 1; s < starts.size(); ++s) starts[s] += starts[s - 1];
    std::vector<std::uint32_t> keys(hits_.size());
    {
      std::vector<std::uint32_t> next(starts.begin(), starts.end() - 1);
      for (const std::uint32_t h : by_key) keys[next[hits_[h].scope]++] = hits_[h].key;
    }
    out.scope_offsets.assign(scopes_ + 1, 0);
    for (std::size_t s = 0; s < scopes_; ++s) {
      const auto last = keys.begin() + starts[s + 1];
      for (auto it = keys.begin() + starts[s]; it != last;) {
        auto end = it;
        while (end != last && *end == *it) ++end;
        out.terms.push_back({*it / static_cast<std::uint32_t>(search::kSearchFieldCount),
                             static_cast<SearchField>(*it % search::kSearchFieldCount),
                             static_cast<std::uint32_t>(end - it)});
        it = end;
      }
      out.scope_offsets[s + 1] = static_cast<std::uint32_t>(out.terms.size());
    }
    return out;
  }

 private:
  struct Hit {
    std::uint32_t scope;
    std::uint32_t key;  // word * kSearchFieldCount + field: (word, field) order
  };
  std::size_t scopes_;
  RunWords& runs_;
  std::vector<std::string> words_;
  std::vector<Hit> hits_;
};

// scope_of_line[l] for lines 1 .. line_count: the innermost definition
// spanning line l, else the module (definitions.size()).
std::vector<std::uint32_t> scopes_by_line(const FileFacts& facts, std::uint32_t line_count) {
  const auto module = static_cast<std::uint32_t>(facts.definitions.size());
  std::vector<std::uint32_t> scope(static_cast<std::size_t>(line_count) + 2, module);
  // Parents precede their children, so a later definition over a line is nested deeper.
  for (std::uint32_t d = 0; d < facts.definitions.size(); ++d) {
    const SourceSpan& span = facts.definitions[d].span;
    const std::uint32_t last = std::min(span.line_end, line_count + 1);
    for (std::uint32_t l = std::max<std::uint32_t>(span.line_start, 1); l <= last; ++l) scope[l] = d;
  }
  return scope;
}

// Whether a line's text from its first non-blank byte opens a decorator or
// a comment, or continues one: @, #, //, /*, *.
bool starts_comment_or_decorator(std::string_view text) {
  switch (text[0]) {
    case '@':
    case '#':
    case '*':
      return true;
    case '/':
      return text.size() > 1 && (text[1] == '/' || text[1] == '*');
    default:
      return false;
  }
}

// The definition a comment ending on line `last` documents: the one whose
// line_start is the next line that is not blank, a decorator or another
// comment; nullopt when that line starts none. The lines after a comment
// are found from where it ends, as few as it takes: most comments are
// followed by code at once.
class CommentOwners {
 public:
  CommentOwners(std::string_view source, const FileFacts& facts) : source_(source) {
    for (std::uint32_t d = 0; d < facts.definitions.size(); ++d) {
      defined_at_.emplace(facts.definitions[d].span.line_start, d);
    }
  }
  // Whether only blanks come before `region` (a view into the source) on its line.
  bool starts_line(std::string_view region) const {
    std::size_t at = static_cast<std::size_t>(region.data() - source_.data());
    while (at > 0 && (source_[at - 1] == ' ' || source_[at - 1] == '\t')) --at;
    return at == 0 || source_[at - 1] == '\n';
  }
  // `comment`: a view into the source, whose last line is `last`.
  std::optional<std::uint32_t> owner(std::string_view comment, std::uint32_t last) const {
    constexpr std::uint32_t kMaxGap = 64;
    const std::size_t newline = source_.find('\n', static_cast<std::size_t>(comment.data() - source_.data()) + comment.size());
    if (newline == std::string_view::npos) return std::nullopt;  // the comment is on the last line
    std::size_t start = newline + 1;  // of line `line`
    for (std::uint32_t line = last + 1; line <= last + kMaxGap; ++line) {
      if (const auto it = defined_at_.find(line); it != defined_at_.end()) return it->second;
      const std::size_t next = source_.find('\n', start);
      const std::size_t end = next == std::string_view::npos ? source_.size() : next + 1;
      std::string_view text = source_.substr(start, end - start);
      start = end;
      const auto first = text.find_first_not_of(" \t\r\n");
      if (first != std::string_view::npos && !starts_comment_or_decorator(text.substr(first))) return std::nullopt;
      if (next == std::string_view::npos) break;  // that was the last line
    }
    return std::nullopt;
  }

 private:
  std::string_view source_;
  std::unordered_map<std::uint32_t, std::uint32_t> defined_at_;  // line_start -> the first definition there
};

}  // namespace

RunWords code_run_words() { return RunWords(&is_code_stop_word); }

SearchTerms collect_search_terms(std::string_view source, const FileFacts& facts) {
  RunWords runs = code_run_words();
  return collect_search_terms(source, facts, runs);
}

SearchTerms collect_search_terms(std::string_view source, const FileFacts& facts, RunWords& runs) {
  runs.next_file();
  const std::size_t scopes = facts.definitions.size() + 1;
  TermCollector collector(scopes, runs, source.size());
  for (std::uint32_t d = 0; d < facts.definitions.size(); ++d) {
    const Definition& definition = facts.definitions[d];
    collector.add_text(d, SearchField::Doc, definition.docstring);
    for (const std::string& decorator : definition.decorators) collector.add_text(d, SearchField::Decorator, decorator);
  }
  const auto line_count = static_cast<std::uint32_t>(std::count(source.begin(), source.end(), '\n') + 1);
  const std::vector<std::uint32_t> scope_of_line = scopes_by_line(facts, line_count);
  const CommentOwners owners(source, facts);
  // The source with every comment blanked out (offsets kept), for the body hashes.
  std::string code(source);
  const auto scope_at = [&](std::uint32_t at) { return scope_of_line[std::min<std::size_t>(at, line_count + 1)]; };
  search_terms::for_each_code_run_and_region(
      source, search_terms::comment_syntax(facts.language),
      [&](std::string_view run, std::uint32_t line) {
        collector.add_run(scope_at(line), SearchField::Body, run, false);
      },
      [&](RegionKind kind, std::string_view text, std::uint32_t line) {
        if (kind == RegionKind::Comment) {
          code.replace(static_cast<std::size_t>(text.data() - source.data()), text.size(), text.size(), ' ');
        }
        // A comment right before a definition documents it: its words are
        // the definition's doc, counted once (from the docstring when the
        // extractor read the comment as one).
        std::optional<std::uint32_t> owner;
        if (kind == RegionKind::Comment && owners.starts_line(text)) {
          const std::uint32_t lines = search_terms::detail::count_lines(text);
          owner = owners.owner(text, line + lines);
          if (owner && !facts.definitions[*owner].docstring.empty()) return lines;
        }
        // Other words are placed by the line they sit on.
        const auto scope_of = [&](std::uint32_t at) { return owner ? *owner : scope_at(at); };
        std::uint32_t at = line;
        std::uint32_t scope = scope_of(at);
        const SearchField field = kind == RegionKind::Comment ? SearchField::Doc : SearchField::Body;
        return for_each_run(text, [&](std::string_view run, std::uint32_t newlines) {
          if (newlines != 0) scope = scope_of(at += newlines);
          collector.add_run(scope, field, run, true);
        });
      });
  SearchTerms terms = std::move(collector).finish();
  terms.body_hashes = definition_body_hashes(code, facts);
  return terms;
}

}  // namespace trellis::ingest
