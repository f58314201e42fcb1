#include "trellis/search/previous_search_index.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <map>
#include <memory>
#include <string>

#include "../store/mapped_file.hpp"
#include "../store/snapshot_format.hpp"
#include "../store/snapshot_layout.hpp"
#include "trellis/common/file_descriptor.hpp"

namespace trellis::search {
namespace {

namespace format = snapshot_format;

template <class T>
bool monotonic_within(std::span<const T> offsets, std::size_t end) {
  if (offsets.empty() || offsets.front() != 0 || offsets.back() != end) return false;
  return std::is_sorted(offsets.begin(), offsets.end());
}

}  // namespace

Result<std::optional<PreviousSearchIndex>> PreviousSearchIndex::load(const std::filesystem::path& path) {
  const std::string text = path.string();
  const FileDescriptor file = FileDescriptor::open(path, O_RDONLY | O_NONBLOCK);
  if (!file.valid()) return snapshot_error(text, "cannot be opened: " + errno_text(errno));
  struct stat status {};
  if (::fstat(file.get(), &status) != 0 || !S_ISREG(status.st_mode) || status.st_size == 0) {
    return snapshot_error(text, "is not a readable snapshot file");
  }
  auto mapping = std::make_shared<const MappedFile>(file.get(), static_cast<std::size_t>(status.st_size), false);
  if (!mapping->valid()) return snapshot_error(text, "cannot be mapped: " + errno_text(mapping->error()));
  auto layout = read_layout(mapping->bytes(), text);
  if (!layout) return std::move(layout).take_error();

  std::map<std::string_view, const format::SectionEntry*, std::less<>> sections;
  for (const format::SectionEntry& entry : layout->sections) sections.emplace(section_name(entry), &entry);
  PreviousSearchIndex previous;
  previous.parts_ = empty_store_parts();
  previous.node_count_ = static_cast<std::size_t>(layout->header.node_count);
  Status read;
  bool complete = true;
  for_each_array(previous.parts_, [&](const std::string& name, auto& array) {
    using T = typename std::remove_cvref_t<decltype(array)>::value_type;
    if (!read.ok() || !(name.starts_with("search.") || name.starts_with("index.node_id_"))) return;
    const auto found = sections.find(name);
    if (found == sections.end()) {
      complete = false;
      return;
    }
    const format::SectionEntry& entry = *found->second;
    const auto bytes = section_bytes(mapping->bytes(), entry);
    if (entry.element_size != sizeof(T) || format::checksum(bytes) != entry.checksum) {
      read = snapshot_error(text, fmt::format("is corrupt: section {} does not match its checksum", name));
      return;
    }
    array = PodArray<T>(mapping, MappedFile::view_as<T>(bytes));
  });
  if (!read.ok()) return std::move(read).take_error();
  const StoreParts& p = previous.parts_;
  if (!complete || p.search_term_offsets.empty()) return std::optional<PreviousSearchIndex>();

  const std::size_t nodes = previous.node_count_;
  const std::size_t terms = p.search_term_offsets.size() - 1;
  const std::size_t postings = p.search_posting_nodes.size();
  const auto inconsistent = [&](std::string_view what) {
    return snapshot_error(text, fmt::format("is inconsistent: its full-text index has {}", what));
  };
  if (!monotonic_within(p.search_term_offsets.span(), p.search_term_blob.size())) return inconsistent("bad term offsets");
  if (p.search_posting_offsets.size() != terms + 1 || !monotonic_within(p.search_posting_offsets.span(), postings)) {
    return inconsistent("bad posting offsets");
  }
  if (p.search_posting_counts.size() != postings) return inconsistent("postings without counts");
  if (std::any_of(p.search_posting_nodes.begin(), p.search_posting_nodes.end(),
                  [&](NodeId n) { return n >= nodes; })) {
    return inconsistent("a posting of a node that does not exist");
  }
  if (p.search_field_lengths.size() != nodes * kSearchFieldCount) return inconsistent("field lengths of another graph");
  if (p.node_id_keys.size() != nodes || p.node_id_order.size() != nodes ||
      std::any_of(p.node_id_order.begin(), p.node_id_order.end(), [&](NodeId n) { return n >= nodes; })) {
    return inconsistent("a node id index of another graph");
  }
  if (p.search_node_term_offsets.empty()
          ? !p.search_node_terms.empty()
          : p.search_node_term_offsets.size() != nodes + 1 ||
                !monotonic_within(p.search_node_term_offsets.span(), p.search_node_terms.size()) ||
                std::any_of(p.search_node_terms.begin(), p.search_node_terms.end(),
                            [&](std::uint32_t t) { return t >= terms; })) {
    return inconsistent("a forward index of another graph");
  }
  const SearchIndex index(p);
  for (std::size_t t = 1; t < terms; ++t) {
    if (!(index.term(t - 1) < index.term(t))) return inconsistent("terms out of order");
  }
  return std::optional<PreviousSearchIndex>(std::move(previous));
}

std::optional<NodeId> PreviousSearchIndex::find(std::uint64_t key) const {
  const auto order = parts_.node_id_order.span();
  const auto keys = parts_.node_id_keys.span();
  const auto first = std::partition_point(order.begin(), order.end(), [&](NodeId n) { return keys[n] < key; });
  if (first == order.end() || keys[*first] != key) return std::nullopt;
  if (first + 1 != order.end() && keys[*(first + 1)] == key) return std::nullopt;
  return *first;
}

}  // namespace trellis::search
