#include "trellis/commands/embedding_update.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <thread>

#include "trellis/common/file_descriptor.hpp"
#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/embedding_text.hpp"
#include "trellis/embeddings/vector_import.hpp"
#include "trellis/embeddings/vector_store.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis::cli {
namespace {

Error refused(std::string message) { return make_error(ErrorCode::InvalidArgument, std::move(message)); }

// One vector per output line: a JSON array, an object with "vector", or numbers.
Result<std::vector<float>> vector_of_line(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  if (first != std::string_view::npos && line[first] == '{') {
    const std::size_t open = line.find('[', first);
    const std::size_t close = line.rfind(']');
    if (line.find("\"vector\"") == std::string_view::npos || open == std::string_view::npos ||
        close == std::string_view::npos || close < open) {
      return refused("an object without a \"vector\" array");
    }
    return embeddings::parse_query_vector(line.substr(open, close - open + 1));
  }
  return embeddings::parse_query_vector(line);
}

}  // namespace

output::Json EmbeddingUpdate::json() const {
  return {{"embedded", embedded}, {"unchanged", unchanged}, {"removed", removed},
          {"vectors", vectors},   {"dimension", dimension}};
}

std::string EmbeddingUpdate::text() const {
  return fmt::format("embeddings: {} embedded, {} unchanged, {} removed; {} vectors of {} numbers\n", embedded,
                     unchanged, removed, vectors, dimension);
}

Result<std::string> run_filter_command(const std::string& command, const std::string& input) {
  int to_child[2];
  int from_child[2];
  if (::pipe2(to_child, O_CLOEXEC) != 0) return refused(fmt::format("cannot run {}: {}", command, errno_text(errno)));
  FileDescriptor child_in(to_child[0]);
  FileDescriptor write_end(to_child[1]);
  if (::pipe2(from_child, O_CLOEXEC) != 0) return refused(fmt::format("cannot run {}: {}", command, errno_text(errno)));
  const FileDescriptor read_end(from_child[0]);
  FileDescriptor child_out(from_child[1]);
  const pid_t pid = ::fork();
  if (pid < 0) return refused(fmt::format("cannot run {}: {}", command, errno_text(errno)));
  if (pid == 0) {
    ::dup2(child_in.get(), STDIN_FILENO);
    ::dup2(child_out.get(), STDOUT_FILENO);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // The parent keeps its own ends only, so that the child's end of file is seen.
  child_in = FileDescriptor();
  child_out = FileDescriptor();
  // A program that stops reading early must not end us with SIGPIPE: its exit status says why.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  std::thread writer([&] {
    (void)write_end.write_all(std::as_bytes(std::span<const char>(input.data(), input.size())));
    write_end = FileDescriptor();
  });
  std::string output;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(read_end.get(), buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    output.append(buffer, static_cast<std::size_t>(n));
  }
  writer.join();
  std::signal(SIGPIPE, previous);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return refused(fmt::format("the embed command `{}` failed ({})", command,
                               WIFEXITED(status) ? fmt::format("exit status {}", WEXITSTATUS(status))
                                                 : fmt::format("signal {}", WTERMSIG(status))));
  }
  return output;
}

Result<std::optional<EmbeddingUpdate>> update_embeddings(const Database& database,
                                                         const std::optional<std::string>& command,
                                                         std::size_t max_chars) {
  const std::filesystem::path path = embeddings::vectors_path(database.path());
  std::error_code error;
  if (!command && !std::filesystem::exists(path, error)) return std::optional<EmbeddingUpdate>();
  auto loaded = embeddings::VectorStore::load(path);
  if (!loaded.ok()) return std::move(loaded).take_error();
  embeddings::VectorStore vectors = std::move(loaded).value();
  const GraphStore& store = database.store();
  EmbeddingUpdate update;
  update.removed = vectors.retain([&](std::uint64_t key) { return store.find_by_node_id(node_id_text(key)).size() == 1; });
  if (command) {
    const std::vector<embeddings::NodeText> texts = embeddings::embedding_texts(store, database.sources(), max_chars);
    std::vector<std::size_t> stale;  // into texts
    std::string input;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const std::uint64_t key = store.node_id_key(texts[i].node);
      const auto row = vectors.find(key);
      if (row && vectors.text_hash(*row) == embeddings::text_hash(texts[i].text)) {
        ++update.unchanged;
        continue;
      }
      stale.push_back(i);
      output::Json line = {{"node_id", node_id_text(key)}, {"text", texts[i].text}};
      input += line.dump(-1, ' ', false, output::Json::error_handler_t::replace) + "\n";
    }
    if (!stale.empty()) {
      auto output = run_filter_command(*command, input);
      if (!output.ok()) return std::move(output).take_error();
      std::size_t line_number = 0;
      std::size_t at = 0;
      const std::string_view text = *output;
      while (at < text.size() && line_number < stale.size()) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        const std::string_view line = text.substr(at, end - at);
        at = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        auto vector = vector_of_line(line);
        if (!vector.ok()) {
          return refused(fmt::format("the embed command's line {}: {}", line_number + 1, vector.error().message));
        }
        const embeddings::NodeText& node_text = texts[stale[line_number]];
        if (auto put = vectors.put(store.node_id_key(node_text.node), embeddings::text_hash(node_text.text), *vector);
            !put.ok()) {
          return refused(fmt::format("the embed command's line {}: {}", line_number + 1, put.error().message));
        }
        ++line_number;
      }
      if (line_number != stale.size()) {
        return refused(fmt::format("the embed command wrote {} vectors for {} texts", line_number, stale.size()));
      }
      update.embedded = stale.size();
    }
  }
  update.vectors = vectors.size();
  update.dimension = vectors.dimension();
  if (update.embedded != 0 || update.removed != 0) {
    if (Status saved = vectors.save(path); !saved.ok()) return std::move(saved).take_error();
    auto ann = embeddings::AnnIndex::build(vectors);
    if (!ann.ok()) return std::move(ann).take_error();
    if (Status saved = ann->save(embeddings::ann_path(path)); !saved.ok()) return std::move(saved).take_error();
  }
  return std::optional<EmbeddingUpdate>(update);
}

}  // namespace trellis::cli
