// C: a file's path names what it defines. `src/util/strings.c` is the
// Module src.util.strings and its function `normalize` is
// src.util.strings.normalize; a header keeps its extension in its Module's
// name (src.util.strings.h), so a .c and its .h are two Modules, and names
// its types by its path without the extension (src.util.strings.Buffer).
// A .h file is read as C unless C++ sources outnumber C ones around it
// (trellis/ingest/file_owners.hpp).
#include "c/c_frontend.hpp"

#include <optional>

#include "c/c_extractor.hpp"
#include "c/c_resolver.hpp"
#include "resolve/compile_commands.hpp"

namespace trellis::ingest::c {
namespace {

class Extractor final : public FileExtractor {
 public:
  explicit Extractor(const CQueries& queries) : extractor_(queries) {}
  FileFacts extract(std::string_view source, std::string relative_path) override {
    return extractor_.extract(source, std::move(relative_path));
  }

 private:
  CExtractor extractor_;
};

class CFrontend final : public LanguageFrontend {
 public:
  std::string_view name() const override { return "c"; }
  LanguageDescription description() const override {
    return {".c, .h (a .h is C++ where C++ sources outnumber C ones in the nearest folder around it that holds "
            "any)",
            "the file's path without its extension, then the name: src/util/strings.c's function normalize is "
            "src.util.strings.normalize; a header's Module keeps its extension (src.util.strings.h); structs, "
            "unions and enums are Classes, named by their tag or by the typedef naming an untagged one; a "
            "function declared in a header and defined in a .c file is one Function, at its definition",
            "#include of files of the tree (quoted: beside the file, then the -iquote, -I and -isystem folders of "
            "the tree's compile_commands.json (or --compile-commands FILE) for that file, then each folder above "
            "it and its include/; angle: the -I and -isystem folders, then those include/ folders and the root; a "
            "header "
            "not in the tree is an ExternalPackage); calls by name to the file's own function (static or not), "
            "to a static inline function of an included header, else to the one non-static function of that "
            "name in the tree (among several, the one in a file compile_commands.json lists, else the "
            "counterpart of an included header declaring it); calls to "
            "functions the tree does not define are calls out of the tree; macros are not expanded, and a call "
            "to a name the file, its includes or any header of the tree #defines is an unresolved site "
            "(not_callable); p->f() and s.f() reach every "
            "function stored in field f of p's declared struct type by a designated initialiser (.f = g) or an "
            "assignment (x->f = g), else are unresolved sites; calls through other function pointers (fp(), "
            "(*fp)()) are unresolved sites"};
  }
  bool handles(std::string_view relative_path) const override {
    return relative_path.ends_with(".c") || relative_path.ends_with(".h");
  }
  bool is_source(std::string_view relative_path) const override { return relative_path.ends_with(".c"); }
  Status prepare() override {
    if (queries_) return {};
    auto compiled = CQueries::compile();
    if (!compiled.ok()) return compiled.error();
    queries_.emplace(std::move(compiled).value());
    return {};
  }
  std::unique_ptr<FileExtractor> make_extractor() const override {
    return std::make_unique<Extractor>(queries_.value());
  }
  const TSLanguage* grammar(std::string_view) const override { return c_grammar(); }
  ProgramGraph resolve(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    return resolve_c(files, project);
  }
  std::optional<std::uint64_t> interface_digest(const FileFacts& facts) const override {
    return c_interface_digest(facts);
  }
  std::uint64_t context_digest(const ProjectInfo& project) const override {
    return resolve::include_folders_digest(project.path, project.compile_commands);
  }
  ProgramGraph resolve_some(std::span<const FileFacts> files, const ProjectInfo& project,
                            std::span<const std::uint8_t> wanted,
                            std::span<const std::string> /*derived: none kept*/) const override {
    return resolve_c(files, project, wanted);
  }

 private:
  std::optional<CQueries> queries_;
};

}  // namespace

std::unique_ptr<LanguageFrontend> make_c_frontend() { return std::make_unique<CFrontend>(); }

}  // namespace trellis::ingest::c
