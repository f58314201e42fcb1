// libFuzzer entry: source text through each language's extraction and
// resolution. The input is up to four files split at lines "%%"; the first
// byte of each picks its file name (and so its grammar: Python, TypeScript,
// TSX, JavaScript, declaration files, Go, Java, C#, C, Rust, C++), the rest
// is its text. Each file is
// extracted, its facts go through the cache codec and back, the files of
// each language are resolved together and written to a store. Aborts on a
// broken invariant: a definition whose parent does not precede it, a span
// outside the file, a call or import outside its file's lines, a cache
// round trip that changes the facts, a store that fails the store check.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "store/store_check.hpp"
#include "trellis/ingest/facts_cache.hpp"
#include "trellis/ingest/graph_writer.hpp"
#include "trellis/ingest/language.hpp"

namespace {

using namespace trellis;
using namespace trellis::ingest;

constexpr std::string_view kNames[] = {"m.py",         "pkg/__init__.py", "pkg/m.pyi",   "a.ts",  "src/index.ts",
                                       "c.tsx",        "d.js",            "lib/e.mjs",   "f.cjs", "g.jsx",
                                       "types.d.ts",   "h.mts",           ".eslintrc.js", "i.cts", "pkg/sub/n.py",
                                       "a.go",         "pkg/b.go",        "A.java",      "com/x/B.java", "A.cs",
                                       "Sub/B.cs",     "src/c.c",         "include/h.h", "src/a.rs",    "src/d.cpp",
                                       "include/e.hpp"};

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "extractor fuzzer: %s\n", what);
  std::abort();
}

struct Language {
  LanguageFrontend* frontend;
  std::unique_ptr<FileExtractor> extractor;
};

std::vector<Language>& languages() {
  static auto frontends = make_language_frontends();
  static std::vector<Language> prepared = [] {
    std::vector<Language> out;
    for (auto& frontend : frontends) {
      require(frontend->prepare().ok(), "a frontend does not prepare");
      out.push_back({frontend.get(), frontend->make_extractor()});
    }
    return out;
  }();
  return prepared;
}

void check_facts(const FileFacts& facts, std::string_view source) {
  const auto lines = facts.line_count;
  require(facts.byte_count <= source.size() * 4 + 16, "byte_count beyond the text");
  for (std::size_t d = 0; d < facts.definitions.size(); ++d) {
    const Definition& definition = facts.definitions[d];
    require(definition.parent == kModuleScope || definition.parent < d, "a definition's parent does not precede it");
    const SourceSpan& span = definition.span;
    require(span.line_start >= 1 && span.line_start <= span.line_end && span.line_end <= lines,
            "a definition's lines lie outside the file");
    require(span.byte_start <= span.byte_end && span.byte_end <= facts.byte_count,
            "a definition's bytes lie outside the file");
  }
  for (const Import& import : facts.imports) {
    require(import.line >= 1 && import.line <= lines, "an import's line lies outside the file");
    require(import.scope == kModuleScope || import.scope < facts.definitions.size(), "an import's scope is no definition");
  }
  for (const CallSite& call : facts.calls) {
    require(call.line >= 1 && call.line <= lines, "a call's line lies outside the file");
    require(call.caller == kModuleScope || call.caller < facts.definitions.size(), "a call's caller is no definition");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto& langs = languages();
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  // Up to four files: [name byte][text], split at "\n%%".
  std::map<std::string, std::string> sources;  // by path: sorted, as ingest gives them
  std::size_t start = 0;
  for (int file = 0; file < 4 && start <= input.size(); ++file) {
    const std::size_t end = std::min(input.find("\n%%", start), input.size());
    const std::string_view part = input.substr(start, end - start);
    start = end + 3;
    if (part.empty()) continue;
    const std::string_view name = kNames[static_cast<std::uint8_t>(part.front()) % std::size(kNames)];
    sources.emplace(std::string(name), std::string(part.substr(1)));
  }
  for (Language& language : langs) {
    std::vector<FileFacts> files;
    std::vector<std::uint64_t> hashes;
    for (const auto& [path, source] : sources) {
      if (!language.frontend->handles(path)) continue;
      files.push_back(language.extractor->extract(source, path));
      require(files.back().relative_path == path, "facts name another file");
      check_facts(files.back(), source);
      hashes.push_back(content_hash(source));
    }
    if (files.empty()) continue;
    // The cache codec: encode -> decode -> encode gives the same records.
    const auto encoded = encode_facts(files, hashes);
    auto decoded = decode_facts(encoded);
    require(decoded.ok(), "encoded facts do not decode");
    std::vector<FileFacts> again;
    for (const FileFacts& facts : files) {
      auto it = decoded->find(facts.relative_path);
      require(it != decoded->end(), "a file is missing from the decoded facts");
      again.push_back(std::move(it->second.facts));
      require(decode_calls(it->second, again.back()).ok(), "encoded call sites do not decode");
    }
    const auto reencoded = encode_facts(again, hashes);
    require(reencoded.size() == encoded.size(), "the round trip changed the file count");
    for (std::size_t i = 0; i < encoded.size(); ++i) require(reencoded[i] == encoded[i], "the cache round trip changed a file's facts");

    const ProgramGraph program = language.frontend->resolve(files, ProjectInfo{"fuzz", "/fuzz"});
    auto written = write_graph(program);
    if (!written.ok()) std::fprintf(stderr, "write_graph: %s\n", written.error().message.c_str());
    require(written.ok(), "the resolved program does not build a store");
    require(!find_inconsistency(written->graph.store.parts()).has_value(), "the store fails the store check");
  }
  return 0;
}
