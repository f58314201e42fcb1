#include "trellis/commands/embeddings_command.hpp"

#include <fmt/format.h>

#include <iostream>
#include <iterator>
#include <optional>
#include <string>

#include "trellis/cli/database_locator.hpp"
#include "trellis/commands/embedding_update.hpp"
#include "trellis/common/atomic_file.hpp"
#include "trellis/common/file_io.hpp"
#include "trellis/database.hpp"
#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/embedding_text.hpp"
#include "trellis/embeddings/vector_import.hpp"
#include "trellis/embeddings/vector_store.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis::cli {
namespace {

// Line errors shown in a refusal; the rest are counted.
constexpr std::size_t kLineErrorsShown = 20;

class EmbeddingsCommand final : public Command {
 public:
  explicit EmbeddingsCommand(CLI::App& parent)
      : Command(*parent.add_subcommand("embeddings", "Import, export and update the vectors `search --vector` searches")) {
    app().require_subcommand(1);
    // --db and --json (given to this command) may follow the subcommand too.
    import_ = app().add_subcommand("import", "Store vectors for nodes, from JSON lines");
    import_->add_option("FILE", file_, "JSON lines {\"node_id\" | \"qualified_name\", \"vector\": [numbers]}; - for stdin")
        ->required();
    import_->fallthrough();
    import_->add_flag("--replace", replace_, "Drop the stored vectors first (needed to change the dimension)");
    import_->footer(
        "Every line names a node (its node_id, or a qualified_name only one node has) and gives its vector; all\n"
        "vectors of a file have one dimension, that of the vectors already stored. A file with any bad line\n"
        "(unknown node, wrong dimension, a non-number) is refused whole, each bad line named. Vectors are kept\n"
        "beside the snapshot (graph.trellis.vectors, written atomically) with their ANN index\n"
        "(graph.trellis.vectors.hnsw); a re-index drops the vectors of nodes that are gone.\n\n"
        "Examples:\n  trellis embeddings import vectors.jsonl\n  my-embedder < texts.jsonl | trellis embeddings import -");
    export_ = app().add_subcommand("export", "Write the text to embed of each definition, as JSON lines");
    export_->fallthrough();
    export_->add_option("--out", out_, "File to write (default: stdout)");
    export_->add_option("--max-chars", max_chars_, "Longest text per definition, cut at a line end")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000000));
    export_->footer(
        "One line per class, interface, function and method: {\"node_id\", \"qualified_name\", \"label\", \"text\"},\n"
        "the text being its source lines (signature, docstring, body) up to --max-chars.\n\n"
        "Examples:\n  trellis embeddings export --out texts.jsonl --max-chars 1000");
    update_ = app().add_subcommand("update", "Embed the definitions whose text changed, with your program");
    update_->fallthrough();
    update_->add_option("--embed-command", command_, "Program run with /bin/sh: JSON lines {node_id, text} on stdin, "
                                                     "one vector per line on stdout, in order")
        ->required();
    update_->add_option("--max-chars", max_chars_, "Longest text per definition, cut at a line end")
        ->capture_default_str()
        ->check(CLI::Range(1, 1000000));
    update_->footer(
        "Only definitions without a vector, or whose text changed since their vector was made (a hash of it is\n"
        "kept per node), are sent; vectors of nodes that are gone are dropped.\n\n"
        "Examples:\n  trellis embeddings update --embed-command 'python3 embed.py'");
  }

  output::Json provided_input() const override {
    if (import_->parsed()) return {{"file", file_}, {"replace", replace_}};
    if (export_->parsed()) return {{"out", out_}, {"max_chars", max_chars_}};
    return {{"embed_command", command_}, {"max_chars", max_chars_}};
  }

  Result<output::Report> run(const GlobalOptions& globals) override {
    auto opened = open_database(globals);
    if (!opened.ok()) return std::move(opened).take_error();
    const Database database = Database::from_snapshot(std::move(opened->snapshot), opened->path);
    if (import_->parsed()) return import(database);
    if (export_->parsed()) return export_texts(database);
    auto updated = update_embeddings(database, command_, max_chars_);
    if (!updated.ok()) return std::move(updated).take_error();
    output::Report report;
    report.query = "embeddings update";
    report.query_type = "embeddings";
    report.results = (*updated)->json();
    report.text = (*updated)->text();
    return report;
  }

 private:
  Result<output::Report> import(const Database& database) const {
    std::string text;
    if (file_ == "-") {
      text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    } else {
      auto read = read_file(file_);
      if (!read.ok()) return make_error(ErrorCode::InvalidArgument, fmt::format("cannot read {}: {}", file_, read.error().message));
      text = std::move(read).value();
    }
    const embeddings::ParsedVectors parsed = embeddings::parse_vector_lines(database.store(), text);
    if (!parsed.errors.empty()) {
      std::string message = fmt::format("{}: {} line{} refused, nothing imported:", file_, parsed.errors.size(),
                                        parsed.errors.size() == 1 ? "" : "s");
      for (std::size_t i = 0; i < parsed.errors.size() && i < kLineErrorsShown; ++i) {
        message += fmt::format("\n  line {}: {}", parsed.errors[i].line, parsed.errors[i].message);
      }
      if (parsed.errors.size() > kLineErrorsShown) {
        message += fmt::format("\n  ... and {} more", parsed.errors.size() - kLineErrorsShown);
      }
      return make_error(ErrorCode::InvalidArgument, std::move(message));
    }
    if (parsed.vectors.empty()) return make_error(ErrorCode::InvalidArgument, fmt::format("{} holds no vector", file_));
    const std::filesystem::path path = embeddings::vectors_path(database.path());
    auto loaded = replace_ ? Result<embeddings::VectorStore>(embeddings::VectorStore()) : embeddings::VectorStore::load(path);
    if (!loaded.ok()) return std::move(loaded).take_error();
    embeddings::VectorStore vectors = std::move(loaded).value();
    if (!vectors.empty() && vectors.dimension() != parsed.dimension) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("{} has vectors of {} numbers, but the stored ones have {}: import with --replace "
                                    "to drop them",
                                    file_, parsed.dimension, vectors.dimension()));
    }
    for (const embeddings::ImportedVector& imported : parsed.vectors) {
      // Text hash 0: made from a text we do not know; `update` embeds it again.
      if (Status put = vectors.put(database.store().node_id_key(imported.node), 0, imported.vector); !put.ok()) {
        return std::move(put).take_error();
      }
    }
    if (Status saved = vectors.save(path); !saved.ok()) return std::move(saved).take_error();
    auto ann = embeddings::AnnIndex::build(vectors);
    if (!ann.ok()) return std::move(ann).take_error();
    if (Status saved = ann->save(embeddings::ann_path(path)); !saved.ok()) return std::move(saved).take_error();
    output::Report report;
    report.query = fmt::format("embeddings import {}", file_);
    report.query_type = "embeddings";
    report.results = {{"imported", parsed.vectors.size()},
                      {"vectors", vectors.size()},
                      {"dimension", vectors.dimension()},
                      {"file", path.string()}};
    report.text = fmt::format("imported {} vectors of {} numbers; {} stored in {}\n", parsed.vectors.size(),
                              vectors.dimension(), vectors.size(), path.string());
    return report;
  }

  Result<output::Report> export_texts(const Database& database) const {
    const GraphStore& store = database.store();
    std::string lines;
    const std::vector<embeddings::NodeText> texts = embeddings::embedding_texts(store, database.sources(), max_chars_);
    for (const embeddings::NodeText& node_text : texts) {
      const output::Json line = {{"node_id", store.node_id(node_text.node)},
                                 {"qualified_name", store.qualified_name(node_text.node)},
                                 {"label", to_string(store.label(node_text.node))},
                                 {"text", node_text.text}};
      lines += line.dump(-1, ' ', false, output::Json::error_handler_t::replace) + "\n";
    }
    output::Report report;
    report.query = "embeddings export";
    report.query_type = "embeddings";
    if (out_.empty()) {
      // The lines are the output, JSON lines with or without --json.
      report.text = lines;
      if (!lines.empty()) lines.pop_back();
      report.document = std::move(lines);
      return report;
    }
    if (Status saved = replace_file_atomically(out_, "embedding texts", [&](const FileDescriptor& fd) {
          return fd.write_all(std::as_bytes(std::span<const char>(lines.data(), lines.size())));
        });
        !saved.ok()) {
      return std::move(saved).take_error();
    }
    report.results = {{"definitions", texts.size()}, {"out", out_}, {"max_chars", max_chars_}};
    report.text = fmt::format("wrote the texts of {} definitions to {}\n", texts.size(), out_);
    return report;
  }

  CLI::App* import_ = nullptr;
  CLI::App* export_ = nullptr;
  CLI::App* update_ = nullptr;
  std::string file_;
  bool replace_ = false;
  std::string out_;
  std::size_t max_chars_ = embeddings::kDefaultMaxChars;
  std::string command_;
};

}  // namespace

std::unique_ptr<Command> add_embeddings_command(CLI::App& parent) { return std::make_unique<EmbeddingsCommand>(parent); }

}  // namespace trellis::cli
