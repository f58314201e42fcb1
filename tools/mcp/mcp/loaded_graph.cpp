#include "mcp/loaded_graph.hpp"

#include <sys/stat.h>

#include "trellis/ingest/facts_cache.hpp"

namespace trellis::mcp {

std::optional<FileIdentity> identify_file(const std::filesystem::path& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) return std::nullopt;
  FileIdentity id;
  id.device = info.st_dev;
  id.inode = info.st_ino;
  id.size = static_cast<std::int64_t>(info.st_size);
  id.mtime_ns = static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec;
  return id;
}

LoadedGraph::LoadedGraph(Database database, FileIdentity identity, std::optional<FileIdentity> vectors)
    : database_(std::move(database)),
      identity_(identity),
      vectors_identity_(vectors),
      sources_(database_.source_roots(), [this](std::string_view path, std::string_view text) -> std::optional<bool> {
        const auto& files = indexed_files();
        if (!files) return std::nullopt;
        const auto indexed = files->find(std::string(path));
        if (indexed == files->end()) return std::nullopt;
        return indexed->second != ingest::content_hash(text);
      }) {}

std::chrono::system_clock::time_point LoadedGraph::written_at() const {
  return std::chrono::system_clock::time_point(
      std::chrono::duration_cast<std::chrono::system_clock::duration>(std::chrono::nanoseconds(identity_.mtime_ns)));
}

const std::optional<std::map<std::string, std::uint64_t>>& LoadedGraph::indexed_files() const {
  std::call_once(files_once_, [this] {
    // One manifest, or one per project of a graph of several
    // ("ingest.facts@<project>", whose paths start with "<project>/").
    const std::string per_project = std::string(ingest::kFactsSection) + "@";
    std::map<std::string, std::uint64_t> files;
    bool found = false;
    for (const auto& [section, bytes] : database_.snapshot().extras) {
      std::string prefix;
      if (section == ingest::kFactsSection) {
        prefix.clear();
      } else if (section.starts_with(per_project)) {
        prefix = section.substr(per_project.size()) + "/";
      } else {
        continue;
      }
      auto decoded = ingest::decode_facts(bytes.span());
      if (!decoded.ok()) return;
      for (const auto& [path, cached] : *decoded) files.emplace(prefix + path, cached.content_hash);
      found = true;
    }
    if (found) files_ = std::move(files);
  });
  return files_;
}

}  // namespace trellis::mcp
