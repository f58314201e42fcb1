#include "store_check.hpp"

#include <fmt/format.h>

#include <bit>
#include <random>
#include <span>
#include <string_view>
#include <vector>

#include "trellis/search/search_field.hpp"
#include "trellis/store/unresolved_reason.hpp"

namespace trellis {
namespace {

using Problem = std::optional<std::string>;

Problem check_size(std::string_view array, std::size_t size, std::size_t expected) {
  if (size == expected) return std::nullopt;
  return fmt::format("{} has {} entries, expected {}", array, size, expected);
}

// offsets[0] == 0, never decreasing, offsets.back() == target_size.
template <class Offset>
Problem check_offsets(std::string_view array, std::span<const Offset> offsets,
                      std::size_t target_size) {
  if (offsets.empty()) return fmt::format("{} is empty, expected at least one entry", array);
  if (offsets.front() != 0) return fmt::format("{} does not start at 0", array);
  for (std::size_t i = 1; i < offsets.size(); ++i) {
    if (offsets[i] < offsets[i - 1]) return fmt::format("{} decreases at entry {}", array, i);
  }
  if (offsets.back() != target_size) {
    return fmt::format("{} ends at {} but its target has {} entries", array, offsets.back(),
                       target_size);
  }
  return std::nullopt;
}

// Every id is below `limit` (or equals `allowed`, when given).
Problem check_ids(std::string_view array, std::span<const std::uint32_t> ids, std::size_t limit,
                  std::string_view what, std::optional<std::uint32_t> allowed = std::nullopt) {
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] >= limit && ids[i] != allowed) {
      return fmt::format("{} holds {} {} at entry {} but there are {}", array, what, ids[i], i,
                         limit);
    }
  }
  return std::nullopt;
}

// An open-addressing table of key + `shift` (0 empty) must have a power-of-two
// size, an empty slot (or probes never end), and hold keys 1 - shift ..
// key_count - 1 exactly once each.
Problem check_slots(std::string_view array, std::span<const std::uint32_t> slots,
                    std::uint32_t first_key, std::size_t key_count, std::uint32_t shift) {
  const std::size_t wanted = key_count > first_key ? key_count - first_key : 0;
  if (slots.empty()) {
    if (wanted == 0) return std::nullopt;
    return fmt::format("{} is empty but {} keys need it", array, wanted);
  }
  if (!std::has_single_bit(slots.size())) {
    return fmt::format("{} has {} slots, not a power of two", array, slots.size());
  }
  std::vector<bool> seen(key_count, false);
  std::size_t used = 0;
  for (const std::uint32_t slot : slots) {
    if (slot == 0) continue;
    const std::uint64_t key = std::uint64_t{slot} - shift;
    if (key < first_key || key >= key_count || seen[key]) {
      return fmt::format("{} holds an unknown or repeated key {}", array, key);
    }
    seen[key] = true;
    ++used;
  }
  if (used != wanted) return fmt::format("{} holds {} keys, expected {}", array, used, wanted);
  if (used == slots.size()) return fmt::format("{} has no empty slot", array);
  return std::nullopt;
}

// An order-independent fingerprint of a multiset of (source, target) pairs:
// the sum of a keyed 64-bit mix of each pair. Two different multisets agree
// with probability about 2^-64 for a random key; the key is drawn per check,
// so a crafted file cannot be made to collide on purpose.
class EdgeFingerprint {
 public:
  explicit EdgeFingerprint(std::uint64_t key) : key_(key) {}
  void add(NodeId source, NodeId target) {
    std::uint64_t z = key_ ^ ((std::uint64_t{source} << 32) | target);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;  // splitmix64's finaliser
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    sum_ += z ^ (z >> 31);
  }
  bool operator!=(const EdgeFingerprint& other) const { return sum_ != other.sum_; }

 private:
  std::uint64_t key_;
  std::uint64_t sum_ = 0;
};

std::uint64_t fingerprint_key() {
  std::random_device device;
  return (std::uint64_t{device()} << 32) | device();
}

class Checker {
 public:
  explicit Checker(const StoreParts& parts) : parts_(parts) {}

  Problem run() {
    if (auto p = check_label_ranges()) return p;
    if (auto p = check_strings()) return p;
    if (auto p = check_nodes()) return p;
    if (auto p = check_name_index()) return p;
    for (const LabelDef& def : all_labels()) {
      if (auto p = check_label_columns(def)) return p;
    }
    for (const RelTypeDef& def : all_rel_types()) {
      if (auto p = check_rel(def)) return p;
    }
    if (auto p = check_node_ids()) return p;
    if (auto p = check_search_index()) return p;
    if (!parts_.body_hashes.empty()) {
      if (auto p = check_size("similar.body_hashes", parts_.body_hashes.size(), nodes_)) return p;
    }
    return check_unresolved_calls();
  }

 private:
  // One key per node; the order lists every node once, by key.
  Problem check_node_ids() const {
    const auto keys = parts_.node_id_keys.span();
    const auto order = parts_.node_id_order.span();
    if (auto p = check_size("index.node_id_keys", keys.size(), nodes_)) return p;
    if (auto p = check_size("index.node_id_order", order.size(), nodes_)) return p;
    if (auto p = check_ids("index.node_id_order", order, nodes_, "node id")) return p;
    for (std::size_t i = 1; i < order.size(); ++i) {
      if (keys[order[i]] < keys[order[i - 1]]) return fmt::format("index.node_id_order is not sorted at entry {}", i);
    }
    return std::nullopt;
  }

  // Absent altogether, or terms with offsets into the blob, postings with
  // offsets per term and node ids, and field lengths per node.
  Problem check_search_index() const {
    const auto term_offsets = parts_.search_term_offsets.span();
    if (term_offsets.empty()) {
      if (!parts_.search_term_blob.empty() || !parts_.search_posting_offsets.empty() ||
          !parts_.search_posting_nodes.empty() || !parts_.search_posting_counts.empty() ||
          !parts_.search_field_lengths.empty() || !parts_.search_node_term_offsets.empty() ||
          !parts_.search_node_terms.empty()) {
        return "search.term_offsets is empty but the other search arrays are not";
      }
      return std::nullopt;
    }
    const std::size_t terms = term_offsets.size() - 1;
    if (auto p = check_offsets<std::uint32_t>("search.term_offsets", term_offsets, parts_.search_term_blob.size())) {
      return p;
    }
    if (auto p = check_size("search.posting_offsets", parts_.search_posting_offsets.size(), terms + 1)) return p;
    const std::size_t postings = parts_.search_posting_nodes.size();
    if (auto p = check_offsets<std::uint32_t>("search.posting_offsets", parts_.search_posting_offsets.span(),
                                              postings)) {
      return p;
    }
    if (auto p = check_size("search.posting_counts", parts_.search_posting_counts.size(), postings)) return p;
    if (auto p = check_ids("search.posting_nodes", parts_.search_posting_nodes.span(), nodes_, "node id")) return p;
    if (terms != 0) {
      if (auto p = check_size("search.field_lengths", parts_.search_field_lengths.size(),
                              nodes_ * search::kSearchFieldCount)) {
        return p;
      }
      if (auto p = check_size("search.node_term_offsets", parts_.search_node_term_offsets.size(), nodes_ + 1)) {
        return p;
      }
      if (auto p = check_offsets<std::uint32_t>("search.node_term_offsets", parts_.search_node_term_offsets.span(),
                                                parts_.search_node_terms.size())) {
        return p;
      }
      for (const std::uint32_t term : parts_.search_node_terms) {
        if (term >= terms) return std::string("search.node_terms names a term that does not exist");
      }
    }
    return check_size("search.totals", parts_.search_totals.size(), 1 + search::kSearchFieldCount);
  }

  // Parallel arrays, callers sorted (GraphStore finds a node's by binary search).
  Problem check_unresolved_calls() const {
    const auto callers = parts_.unresolved_callers.span();
    if (auto p = check_size("unresolved.texts", parts_.unresolved_texts.size(), callers.size())) return p;
    if (auto p = check_size("unresolved.lines", parts_.unresolved_lines.size(), callers.size())) return p;
    if (auto p = check_size("unresolved.reasons", parts_.unresolved_reasons.size(), callers.size())) return p;
    for (std::size_t i = 0; i < parts_.unresolved_reasons.size(); ++i) {
      if (parts_.unresolved_reasons[i] > static_cast<std::uint8_t>(kLastUnresolvedReason)) {
        return fmt::format("unresolved.reasons has an unknown reason {} at entry {}", parts_.unresolved_reasons[i], i);
      }
    }
    if (auto p = check_ids("unresolved.callers", callers, nodes_, "node id")) return p;
    if (auto p = check_ids("unresolved.texts", parts_.unresolved_texts.span(), string_count_, "string id")) return p;
    for (std::size_t i = 1; i < callers.size(); ++i) {
      if (callers[i] < callers[i - 1]) return fmt::format("unresolved.callers is not sorted at entry {}", i);
    }
    return std::nullopt;
  }

  Problem check_label_ranges() {
    const auto& begin = parts_.label_begin;
    if (begin[0] != 0) return "label_begin does not start at 0";
    for (std::size_t l = 1; l < begin.size(); ++l) {
      if (begin[l] < begin[l - 1]) return fmt::format("label_begin decreases at label {}", l);
    }
    nodes_ = begin[kLabelCount];
    if (nodes_ == kNoNode) return "label_begin ends at the reserved id kNoNode";
    return std::nullopt;
  }

  Problem check_strings() {
    const StringTable& strings = parts_.strings;
    if (strings.offsets.empty()) {
      if (!strings.blob.empty() || !strings.slots.empty())
        return "strings.offsets is empty but strings are not";
      return std::nullopt;
    }
    if (auto p = check_offsets<std::uint64_t>("strings.offsets", strings.offsets.span(),
                                              strings.blob.size())) {
      return p;
    }
    string_count_ = strings.size();
    if (string_count_ >= 1 && strings.offsets[1] != 0)
      return "strings.offsets gives id 0 a non-empty text";
    if (string_count_ > std::size_t{kNoNode})
      return "strings.offsets has more ids than StringId can hold";
    return check_slots("strings.slots", strings.slots.span(), 1, string_count_, 0);
  }

  Problem check_nodes() {
    if (auto p = check_size("nodes.name", parts_.name.size(), nodes_)) return p;
    if (auto p = check_size("nodes.qname_prefix", parts_.qname_prefix.size(), nodes_)) return p;
    if (auto p = check_size("nodes.qname_suffix", parts_.qname_suffix.size(), nodes_)) return p;
    if (auto p = check_ids("nodes.name", parts_.name.span(), string_count_, "string")) return p;
    if (auto p =
            check_ids("nodes.qname_suffix", parts_.qname_suffix.span(), string_count_, "string")) {
      return p;
    }
    if (auto p =
            check_ids("nodes.qname_prefix", parts_.qname_prefix.span(), nodes_, "node", kNoNode)) {
      return p;
    }
    if (auto p = check_prefix_chains()) return p;
    return check_slots("index.qname_slots", parts_.qname_slots.span(), 0, nodes_, 1);
  }

  // Following qname_prefix from any node must reach kNoNode.
  Problem check_prefix_chains() const {
    enum : std::uint8_t { kUnseen, kOnPath, kDone };
    std::vector<std::uint8_t> state(nodes_, kUnseen);
    const auto prefix = parts_.qname_prefix.span();
    for (NodeId start = 0; start < nodes_; ++start) {
      NodeId n = start;
      while (n != kNoNode && state[n] == kUnseen) {
        state[n] = kOnPath;
        n = prefix[n];
      }
      if (n != kNoNode && state[n] == kOnPath) {
        return fmt::format("nodes.qname_prefix has a cycle through node {}", n);
      }
      for (n = start; n != kNoNode && state[n] == kOnPath; n = prefix[n]) state[n] = kDone;
    }
    return std::nullopt;
  }

  Problem check_name_index() const {
    const auto offsets = parts_.name_offsets.span();
    const auto nodes = parts_.name_nodes.span();
    if (offsets.empty() && nodes_ == 0) {
      if (!nodes.empty() || !parts_.sorted_names.empty())
        return "index.name_offsets is empty but the index is not";
      return std::nullopt;
    }
    if (auto p = check_size("index.name_offsets", offsets.size(), string_count_ + 1)) return p;
    if (auto p = check_size("index.name_nodes", nodes.size(), nodes_)) return p;
    if (auto p = check_offsets<std::uint32_t>("index.name_offsets", offsets, nodes.size()))
      return p;
    if (auto p = check_ids("index.name_nodes", nodes, nodes_, "node")) return p;
    std::size_t named = 0;
    for (std::size_t s = 0; s < string_count_; ++s) {
      for (std::size_t k = offsets[s]; k < offsets[s + 1]; ++k) {
        if (parts_.name[nodes[k]] != s || (k > offsets[s] && nodes[k] <= nodes[k - 1])) {
          return fmt::format("index.name_nodes lists node {} under the wrong name or out of order",
                             nodes[k]);
        }
      }
      if (s != kNullString && offsets[s + 1] != offsets[s]) ++named;
    }
    return check_sorted_names(named);
  }

  // The distinct non-empty names in strictly increasing text order.
  Problem check_sorted_names(std::size_t named) const {
    const auto sorted = parts_.sorted_names.span();
    if (auto p = check_size("index.sorted_names", sorted.size(), named)) return p;
    const auto offsets = parts_.name_offsets.span();
    for (std::size_t i = 0; i < sorted.size(); ++i) {
      const StringId s = sorted[i];
      if (s == kNullString || s >= string_count_ || offsets[s + 1] == offsets[s]) {
        return fmt::format("index.sorted_names holds {}, which is no node's name", s);
      }
      if (i > 0 && !(parts_.strings.get(sorted[i - 1]) < parts_.strings.get(s))) {
        return fmt::format("index.sorted_names is out of text order at entry {}", i);
      }
    }
    return std::nullopt;
  }

  Problem check_column(const std::string& array, const Column& column, std::size_t rows) const {
    struct Visit {
      const Checker& self;
      const std::string& array;
      std::size_t rows;
      Problem operator()(const IntColumn& c) const {
        return check_size(array + ".values", c.values.size(), rows);
      }
      Problem operator()(const BoolColumn& c) const {
        if (auto p = check_size(array + ".values", c.values.size(), rows)) return p;
        for (std::size_t i = 0; i < rows; ++i) {
          if (c.values[i] > kNullBool)
            return fmt::format("{}.values holds {} at row {}", array, c.values[i], i);
        }
        return std::nullopt;
      }
      Problem operator()(const StringColumn& c) const {
        if (auto p = check_size(array + ".values", c.values.size(), rows)) return p;
        return check_ids(array + ".values", c.values.span(), self.string_count_, "string");
      }
      Problem operator()(const StringListColumn& c) const {
        if (rows == 0 && c.offsets.empty() && c.items.empty()) return std::nullopt;
        if (auto p = check_size(array + ".offsets", c.offsets.size(), rows + 1)) return p;
        if (auto p =
                check_offsets<std::uint32_t>(array + ".offsets", c.offsets.span(), c.items.size()))
          return p;
        return check_ids(array + ".items", c.items.span(), self.string_count_, "string");
      }
    };
    return std::visit(Visit{*this, array, rows}, column);
  }

  Problem check_label_columns(const LabelDef& def) const {
    const std::size_t l = index_of(def.label);
    const std::size_t rows = parts_.label_begin[l + 1] - parts_.label_begin[l];
    const auto& columns = parts_.labels[l].columns;
    const std::string prefix = "labels." + std::string(def.name);
    if (auto p = check_size(prefix + " columns", columns.size(), def.properties.size())) return p;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      if (auto p =
              check_column(prefix + "." + std::string(def.properties[c].name), columns[c], rows))
        return p;
    }
    return std::nullopt;
  }

  // The two-level offsets (when not empty) are well formed: one block entry
  // per kBlockSize nodes, wide entries within wide_offsets, and the offsets
  // they give start at 0, never decrease and end at the target count. They
  // cover base .. base + range within the nodes, and every target is a node.
  Problem check_csr(const std::string& array, const Csr& csr) const {
    if (csr.local_offsets.empty()) {
      if (!csr.targets.empty() || !csr.block_offsets.empty() || !csr.wide_offsets.empty()) {
        return fmt::format("{}.local_offsets is empty but it has targets or blocks", array);
      }
      return std::nullopt;
    }
    const std::size_t blocks = (csr.local_offsets.size() + Csr::kBlockSize - 1) / Csr::kBlockSize;
    if (auto p = check_size(array + ".block_offsets", csr.block_offsets.size(), blocks)) return p;
    if (csr.wide_offsets.size() % Csr::kBlockSize != 0) {
      return fmt::format("{}.wide_offsets has {} entries, not whole blocks", array, csr.wide_offsets.size());
    }
    for (std::size_t b = 0; b < blocks; ++b) {
      const std::uint32_t entry = csr.block_offsets[b];
      if ((entry & Csr::kWideBlock) != 0 &&
          (std::size_t{entry & ~Csr::kWideBlock} + 1) * Csr::kBlockSize > csr.wide_offsets.size()) {
        return fmt::format("{}.block_offsets entry {} names a wide block that does not exist", array, b);
      }
    }
    if (csr.offset(0) != 0) return fmt::format("{} offsets do not start at 0", array);
    for (std::uint32_t i = 1; i <= csr.range(); ++i) {
      if (csr.offset(i) < csr.offset(i - 1)) return fmt::format("{} offsets decrease at entry {}", array, i);
    }
    if (csr.offset(csr.range()) != csr.targets.size()) {
      return fmt::format("{} offsets end at {} but it has {} targets", array, csr.offset(csr.range()),
                         csr.targets.size());
    }
    if (std::uint64_t{csr.base} + csr.range() > nodes_) {
      return fmt::format("{} covers nodes {} .. {} but there are {}", array, csr.base,
                         std::uint64_t{csr.base} + csr.range(), nodes_);
    }
    return check_ids(array + ".targets", csr.targets.span(), nodes_, "node");
  }

  // Each list of `csr` is sorted, and `fingerprint` takes every (source,
  // target) pair it holds.
  static Problem check_sorted(const std::string& array, const Csr& csr, bool forward,
                              EdgeFingerprint& fingerprint) {
    for (std::uint32_t i = 0; i < csr.range(); ++i) {
      const NodeId node = csr.base + i;
      const std::uint32_t first = csr.offset(i);
      for (std::size_t p = first; p < csr.offset(i + 1); ++p) {
        const NodeId other = csr.targets[p];
        if (p > first && other < csr.targets[p - 1]) {
          return fmt::format("{}.targets of node {} are not sorted", array, node);
        }
        if (forward) {
          fingerprint.add(node, other);
        } else {
          fingerprint.add(other, node);
        }
      }
    }
    return std::nullopt;
  }

  // Reverse must hold exactly the forward edges turned around. Sorted lists
  // holding the same multiset of (source, target) pairs are each other's
  // transpose; the multisets are compared by fingerprint, which reads both
  // directions in order instead of chasing every edge into the other.
  static Problem check_transpose(const std::string& prefix, const Csr& forward,
                                 const Csr& reverse) {
    if (forward.targets.size() != reverse.targets.size()) {
      return fmt::format("{}.reverse has {} edges but {}.forward has {}", prefix,
                         reverse.targets.size(), prefix, forward.targets.size());
    }
    const std::uint64_t key = fingerprint_key();
    EdgeFingerprint forward_pairs(key);
    EdgeFingerprint reverse_pairs(key);
    if (auto p = check_sorted(prefix + ".forward", forward, true, forward_pairs)) return p;
    if (auto p = check_sorted(prefix + ".reverse", reverse, false, reverse_pairs)) return p;
    if (forward_pairs != reverse_pairs) {
      return fmt::format("{}.reverse does not hold the same edges as {}.forward", prefix, prefix);
    }
    return std::nullopt;
  }

  Problem check_rel(const RelTypeDef& def) const {
    const RelTable& rel = parts_.rels[index_of(def.type)];
    const std::string prefix = "rels." + std::string(def.name);
    if (auto p = check_csr(prefix + ".forward", rel.forward)) return p;
    if (auto p = check_csr(prefix + ".reverse", rel.reverse)) return p;
    if (auto p = check_transpose(prefix, rel.forward, rel.reverse)) return p;
    if (auto p = check_size(prefix + " properties", rel.properties.size(), def.properties.size()))
      return p;
    for (std::size_t c = 0; c < rel.properties.size(); ++c) {
      if (auto p = check_column(prefix + "." + std::string(def.properties[c].name),
                                rel.properties[c], rel.forward.edge_count())) {
        return p;
      }
    }
    return std::nullopt;
  }

  const StoreParts& parts_;
  std::size_t nodes_ = 0;
  std::size_t string_count_ = 0;
};

}  // namespace

std::optional<std::string> find_inconsistency(const StoreParts& parts) {
  return Checker(parts).run();
}

}  // namespace trellis
