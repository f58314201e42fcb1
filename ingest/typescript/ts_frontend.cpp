#include "ts_frontend.hpp"

#include "ts_extractor.hpp"
#include "ts_project.hpp"
#include "ts_resolver.hpp"

namespace trellis::ingest::typescript {
namespace {

class TsFileExtractor final : public FileExtractor {
 public:
  explicit TsFileExtractor(const TsQuerySet& queries) : extractor_(queries) {}
  FileFacts extract(std::string_view source, std::string relative_path) override {
    return extractor_.extract(source, std::move(relative_path));
  }

 private:
  TsExtractor extractor_;
};

class TsFrontend final : public LanguageFrontend {
 public:
  std::string_view name() const override { return "typescript"; }
  bool wrote(const FileFacts& facts) const override {
    return facts.language == language_of(Dialect::TypeScript) || facts.language == language_of(Dialect::JavaScript);
  }
  LanguageDescription description() const override {
    return {".ts .mts .cts .tsx .js .jsx .mjs .cjs (.d.ts: definitions only)",
            "the file's path from the indexed root without its extension, '/' read as '.', an index file naming its "
            "folder (src/util/index.ts -> src.util); then classes, methods and nested functions; a module-level "
            "`const f = () => ...` is a Function",
            "ES imports and re-exports, require(), tsconfig paths and workspace packages, calls through imported "
            "names, this, super, constructors, declared and inferred receiver types, interfaces (IMPLEMENTS)"};
  }
  bool handles(std::string_view relative_path) const override { return dialect_of(relative_path).has_value(); }
  Status prepare() override {
    std::array<bool, kDialectCount> all{};
    all.fill(true);
    return compile_queries(queries_, all);
  }
  // Only the dialects the files are written in: a tree with one JavaScript
  // file compiles no TypeScript queries.
  Status prepare_for(std::span<const DiscoveredFile> files) override {
    std::array<bool, kDialectCount> wanted{};
    for (const DiscoveredFile& file : files) {
      if (const auto dialect = dialect_of(file.relative_path)) wanted[static_cast<std::size_t>(*dialect)] = true;
    }
    return compile_queries(queries_, wanted);
  }
  std::unique_ptr<FileExtractor> make_extractor() const override {
    return std::make_unique<TsFileExtractor>(queries_);
  }
  const TSLanguage* grammar(std::string_view relative_path) const override {
    return grammar_of(dialect_of(relative_path).value_or(Dialect::TypeScript));
  }
  ProgramGraph resolve(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (const FileFacts& facts : files) paths.push_back(facts.relative_path);
    const ProjectConfig config = read_project_config(project.path, paths);
    return resolve_typescript(files, config, project.name, project.path);
  }

 private:
  TsQuerySet queries_;
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_typescript_frontend() { return std::make_unique<TsFrontend>(); }

}  // namespace trellis::ingest::typescript
