#include "trellis/commands/index_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <optional>
#include <thread>

#include "trellis/cli/database_locator.hpp"
#include "trellis/commands/embedding_update.hpp"
#include "trellis/commands/graph_counts.hpp"
#include "trellis/database.hpp"
#include "trellis/embeddings/embedding_text.hpp"
#include "trellis/embeddings/vector_store.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/ingest/index_projects.hpp"
#include "trellis/ingest/unsupported_languages.hpp"
#include "trellis/output/progress_bar.hpp"
#include "trellis/output/text_table.hpp"

namespace trellis::cli {
namespace {

constexpr std::size_t kWarningsShown = 20;

class IndexCommand final : public Command {
 public:
  explicit IndexCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("index", "Index a source tree into the graph snapshot")) {
    app().add_option("PATH", roots_, "Folder to index (default: .; several: one graph of several projects)")
        ->type_name("PATH");
    app().add_option("--project", projects_,
                     "Name of the project of each PATH, in order (default: each folder's name)")
        ->type_name("NAME");
    app().add_option("--jobs,-j", jobs_, "Threads for parsing (0: every core)")->capture_default_str();
    app().add_option("--exclude", excludes_, "Skip paths matching this gitignore-style glob (repeatable)")
        ->type_name("GLOB");
    app().add_option("--compile-commands", compile_commands_,
                     "C and C++: a compilation database (compile_commands.json) whose -I, -iquote and -isystem "
                     "folders guide #include lookups (default: PATH/compile_commands.json when there is one)")
        ->type_name("FILE")
        ->check(CLI::ExistingFile);
    app().add_option("--max-file-size", max_file_bytes_, "Skip files larger than this many bytes")
        ->capture_default_str();
    app().add_option("--embed-command", embed_command_,
                     "Then embed the definitions whose text changed with this program (see `trellis embeddings "
                     "update`)")
        ->type_name("CMD");
    app().footer(
        "Writes PATH/.trellis/graph.trellis unless --db FILE is given; the old snapshot is\n"
        "replaced only when indexing succeeds. Run again, only files whose content changed are\n"
        "parsed (the graph is the one a full index gives), and files whose size, times and inode\n"
        "are as the last index saw them (more than 2 s before it ran) are not even read; file facts\n"
        "are cached beside the snapshot, in graph.trellis.facts (a missing one costs a full index).\n"
        "Files of other programming languages are counted by extension and named in the summary\n"
        "(\"skipped 120 .rb, 40 .php files (languages not supported yet: ruby, php)\"; `trellis stats`\n"
        "repeats it). Honours .gitignore; skips .git, virtualenvs,\n"
        "node_modules, dist, build and cache folders. Languages: Python (.py .pyi), TypeScript (.ts .tsx\n"
        ".mts .cts; .d.ts for types only), JavaScript (.js .jsx .mjs .cjs), Go (.go, packages named by\n"
        "go.mod), Java (.java), C# (.cs), C (.c .h), C++ (.cpp .cc .cxx .hpp .hh .hxx, and .h where C++\n"
        "sources outnumber C ones around it), Rust (.rs, crates named\n"
        "by Cargo.toml, workspaces too; impl blocks, traits, use paths; macros not expanded); a tree mixing them is\n"
        "indexed in one pass. Calls are resolved\n"
        "through imports, declared and inferred receiver types and supertypes, never by bare name;\n"
        "`trellis stats --schema` states each language's naming and what it resolves.\n"
        "On a terminal a progress line shows on stderr (files, bytes, lines/s and the time left,\n"
        "estimated from the bytes parsed); the summary goes to stdout.\n"
        "Embeddings beside the snapshot (`trellis embeddings`) lose the vectors of nodes that are gone;\n"
        "with --embed-command, definitions whose text changed are embedded again.\n"
        "Several PATHs make one graph of several projects (--db FILE is then required): each is\n"
        "indexed and resolved on its own, and everything in it is named under its project, the\n"
        "first part of qualified names and file paths (`api.shop.auth.login`, `api/shop/auth.py`);\n"
        "a unique suffix still names a node (`shop.auth.login`). One Project node per PATH CONTAINS\n"
        "its nodes; packages outside the trees (ExternalPackage) are shared. Each project keeps its\n"
        "own facts file (FILE.<project>.facts), so indexing again re-parses only changed files.\n"
        "With one PATH, --project names its Project node.\n\n"
        "Examples:\n  trellis index\n  trellis index ~/src/shop --exclude 'tests/' --jobs 4\n"
        "  trellis index ~/src/api ~/src/web --project api --project web --db ~/org.trellis");
  }

  output::Json provided_input() const override {
    output::Json input = {{"path", roots_.size() == 1 ? output::Json(roots_.front()) : output::Json(roots_)},
                          {"jobs", jobs_},
                          {"exclude", excludes_}};
    if (!projects_.empty()) input["project"] = projects_;
    if (embed_command_) input["embed_command"] = *embed_command_;
    return input;
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    if (roots_.empty()) roots_.push_back(".");
    if (!projects_.empty() && projects_.size() != roots_.size()) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("{} --project names for {} PATHs: give one per PATH, in order", projects_.size(),
                                    roots_.size()));
    }
    if (roots_.size() > 1 && globals.db.empty()) {
      return make_error(ErrorCode::InvalidArgument,
                        "several PATHs make one graph of several projects: say where it goes with --db FILE");
    }
    auto database_path = database_to_write(globals, roots_.front());
    if (!database_path.ok()) return std::move(database_path).take_error();
    const std::filesystem::path& database = *database_path;
    ingest::IndexOptions options;
    options.root = roots_.front();
    if (!projects_.empty()) options.project_name = projects_.front();
    options.exclude_globs = excludes_;
    if (!compile_commands_.empty()) options.compile_commands = std::filesystem::absolute(compile_commands_).string();
    options.jobs = jobs_;
    options.max_file_bytes = max_file_bytes_;
    ingest::ExtractProgress progress;
    auto indexed = [&]() -> Result<ingest::DatabaseIndexResult> {
      const output::ProgressBar bar(progress);
      if (roots_.size() == 1) return ingest::index_into_database(options, database, &progress);
      std::vector<ingest::ProjectRoot> projects;
      for (std::size_t i = 0; i < roots_.size(); ++i) {
        std::error_code ignored;
        const std::filesystem::path root = std::filesystem::weakly_canonical(roots_[i], ignored);
        projects.push_back({projects_.empty() ? root.filename().string() : projects_[i], roots_[i]});
      }
      return ingest::index_projects_into_database(options, projects, database, &progress);
    }();
    if (!indexed.ok()) return std::move(indexed).take_error();
    output::Report out = report(*indexed, database);
    std::error_code ignored;
    if (embed_command_ || std::filesystem::exists(embeddings::vectors_path(database), ignored)) {
      auto opened = Database::open(database);
      if (!opened.ok()) return std::move(opened).take_error();
      auto updated = update_embeddings(*opened, embed_command_, embeddings::kDefaultMaxChars);
      if (!updated.ok()) return std::move(updated).take_error();
      if (*updated) {
        out.results["embeddings"] = (*updated)->json();
        out.text += (*updated)->text();
      }
    }
    return out;
  }

 private:
  output::Report report(const ingest::DatabaseIndexResult& result, const std::filesystem::path& database) const {
    const ingest::IndexResult& indexed = result.indexed;
    const std::string& previous_note = result.previous_note;
    const ingest::IndexReport& r = indexed.report;
    const GraphStore& store = indexed.store;
    const double seconds = result.total_seconds;
    output::Json warnings = output::Json::array();
    const output::Json skipped = skipped_languages_json(r.skipped_languages);
    for (const auto& warning : r.warnings) warnings.push_back({{"path", warning.relative_path}, {"reason", warning.reason}});

    output::Report out;
    out.query = fmt::format("index {}", fmt::join(roots_, " "));
    out.query_type = "index";
    out.results = {{"database", database.string()},
                   {"files", r.files},
                   {"files_reparsed", r.files_reparsed},
                   {"files_read", r.files_read},
                   {"files_resolved", r.files_resolved},
                   {"dependents_resolved", r.dependents_resolved},
                   {"dependents_skipped", r.dependents_skipped},
                   {"lines", r.lines},
                   {"bytes", r.bytes},
                   {"nodes", node_counts_json(store)},
                   {"relationships", relationship_counts_json(store)},
                   {"unresolved_calls", r.unresolved_calls},
                   {"external_calls", r.external_calls},
                   {"merged_definitions", r.merged_definitions},
                   {"warnings", warnings},
                   {"skipped_languages", skipped},
                   {"seconds", {{"load", result.load_seconds},
                                {"discover", r.discover_seconds},
                                {"extract", r.extract_seconds},
                                {"resolve", r.resolve_seconds},
                                {"build", r.build_seconds},
                                {"save", result.save_seconds},
                                {"total", seconds}}}};

    std::string by_label;
    for (const LabelDef& def : all_labels()) {
      if (const auto n = store.node_count(def.label); n > 0) by_label += fmt::format(" {} {},", def.name, n);
    }
    std::string by_type;
    for (const RelTypeDef& def : all_rel_types()) {
      if (const auto n = store.edge_count(def.type); n > 0) by_type += fmt::format(" {} {},", def.name, n);
    }
    if (!by_label.empty()) by_label.pop_back();
    if (!by_type.empty()) by_type.pop_back();
    std::string dependents =
        r.dependents_resolved == 0 ? std::string()
                                   : fmt::format(", {} of them for reading an edited file's declarations", r.dependents_resolved);
    if (r.dependents_skipped != 0) {
      dependents += fmt::format(", {} reading it kept their edges (none of the changed names read)", r.dependents_skipped);
    }
    out.text = fmt::format("indexed {} files ({} parsed, {} unchanged, {} resolved{}; {} lines) in {:.2f} s into {}\n",
                           r.files, r.files_reparsed, r.files - r.files_reparsed, r.files_resolved, dependents, r.lines,
                           seconds, database.string());
    if (!r.skipped_languages.empty()) {
      out.text += fmt::format("skipped {}\n", ingest::describe_skipped_files(r.skipped_languages));
    }
    out.text += fmt::format(
        "nodes {}:{}\nrelationships {}:{}\n"
        "calls: {} unresolved (see `trellis query unresolved`), {} into code outside the tree\n",
        store.node_count(), by_label, store.edge_count(), by_type, r.unresolved_calls, r.external_calls);
    if (!previous_note.empty()) out.text += previous_note + "\n";
    if (!r.warnings.empty()) {
      out.text += fmt::format("{} warning{}:\n", r.warnings.size(), r.warnings.size() == 1 ? "" : "s");
      for (std::size_t i = 0; i < r.warnings.size() && i < kWarningsShown; ++i) {
        out.text += fmt::format("  {}: {}\n", r.warnings[i].relative_path, r.warnings[i].reason);
      }
      if (r.warnings.size() > kWarningsShown) {
        out.text += fmt::format("  ... and {} more (--json lists all)\n", r.warnings.size() - kWarningsShown);
      }
    }
    return out;
  }

  std::vector<std::string> roots_;
  std::vector<std::string> projects_;
  unsigned jobs_ = 0;
  std::vector<std::string> excludes_;
  std::string compile_commands_;
  std::uint64_t max_file_bytes_ = ingest::kDefaultMaxFileBytes;
  std::optional<std::string> embed_command_;
};

}  // namespace

std::unique_ptr<Command> add_index_command(CLI::App& parent) { return std::make_unique<IndexCommand>(parent); }

}  // namespace trellis::cli
