#include "python_frontend.hpp"

#include "python_extractor.hpp"
#include "python_interface.hpp"
#include "python_layout.hpp"
#include "python_resolver.hpp"

extern "C" const TSLanguage* tree_sitter_python();

namespace trellis::ingest::python {
namespace {

class PythonFileExtractor final : public FileExtractor {
 public:
  explicit PythonFileExtractor(const PythonQueries& queries) : extractor_(queries) {}
  FileFacts extract(std::string_view source, std::string relative_path) override {
    return extractor_.extract(source, std::move(relative_path));
  }

 private:
  PythonExtractor extractor_;
};

class PythonFrontend final : public LanguageFrontend {
 public:
  std::string_view name() const override { return "python"; }
  LanguageDescription description() const override {
    return {".py .pyi",
            "the dotted import path from the source root (the indexed folder, or its src/): shop/services/auth.py -> "
            "shop.services.auth, a package's __init__.py names the package; then classes, methods and nested functions "
            "(shop.services.auth.AuthService.login); a lambda is a function <lambdaN>, N counting its enclosing "
            "definition's lambdas from 1 (shop.services.auth.AuthService.login.<lambda1>)",
            "imports (absolute, relative, aliased, star with __all__), calls through names, attributes, self and cls, "
            "super(), constructors, annotated and inferred receivers, inherited methods; flow analysis of what names, "
            "containers' elements (by literal key), parameters (from every call's arguments), attributes and returns "
            "may hold: tuple, starred and chained assignments, branches (the union; an if/else assigning in every "
            "branch overwrites) and straight-line rebinding (the last), functions passed, stored and returned, decorators (applying one is a call; a call of the decorated "
            "name reaches the wrapper it returns), pytest fixtures, with/for/raise as calls of __enter__/__exit__, "
            "__iter__/__next__ and the constructor, operators as calls of the operand class's dunder method "
            "(a + b: __add__, x[k]: __getitem__, a += b: __iadd__ else __add__); a receiver of unknown type stays an "
            "unresolved call site"};
  }
  bool handles(std::string_view relative_path) const override {
    return relative_path.ends_with(".py") || relative_path.ends_with(".pyi");
  }
  Status prepare() override {
    if (queries_) return {};
    auto compiled = PythonQueries::compile();
    if (!compiled.ok()) return compiled.error();
    queries_.emplace(std::move(compiled).value());
    return {};
  }
  std::unique_ptr<FileExtractor> make_extractor() const override {
    return std::make_unique<PythonFileExtractor>(queries_.value());
  }
  const TSLanguage* grammar(std::string_view) const override { return tree_sitter_python(); }
  ProgramGraph resolve(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    return resolve_some(files, project, {});
  }
  std::optional<std::uint64_t> interface_digest(const FileFacts& facts) const override {
    return python::interface_digest(facts);
  }
  ProgramGraph resolve_some(std::span<const FileFacts> files, const ProjectInfo& project,
                            std::span<const std::uint8_t> wanted,
                            std::span<const std::string> derived = {}) const override {
    std::vector<std::string> paths;
    paths.reserve(files.size());
    for (const FileFacts& facts : files) paths.push_back(facts.relative_path);
    const PythonLayout layout(paths, project.name);
    return resolve_python(files, layout, project.name, project.path, wanted, derived);
  }

 private:
  std::optional<PythonQueries> queries_;
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_python_frontend() { return std::make_unique<PythonFrontend>(); }

}  // namespace trellis::ingest::python
