// The arrays that make up a built graph. GraphBuilder produces them, the
// snapshot writes and maps them, GraphStore answers questions over them.
// for_each_array() names every array once, so the snapshot and the memory
// report can never miss one.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "trellis/store/column.hpp"
#include "trellis/store/csr.hpp"
#include "trellis/store/ids.hpp"
#include "trellis/store/pod_array.hpp"
#include "trellis/store/schema.hpp"
#include "trellis/store/string_table.hpp"

namespace trellis {

struct LabelTable {
  std::vector<Column> columns;  // one per label_def(label).properties, same order
};

struct RelTable {
  Csr forward;
  Csr reverse;
  std::vector<Column> properties;  // one per rel_type_def(type).properties, by EdgePos
};

struct StoreParts {
  StringTable strings;

  // label_begin[l] .. label_begin[l+1] is the id range of label l.
  std::array<NodeId, kLabelCount + 1> label_begin{};

  // Per node (indexed by NodeId).
  PodArray<StringId> name;
  // qualified_name(n) = qualified_name(qname_prefix[n]) + "." + qname_suffix[n],
  // or just qname_suffix[n] when the prefix is kNoNode. Qualified names share
  // their parent's text instead of repeating it.
  PodArray<NodeId> qname_prefix;
  PodArray<StringId> qname_suffix;

  // Unique index on qualified_name: open addressing over node id + 1 (0 empty),
  // power-of-two size, keyed by hash_string(qualified_name). The (label,
  // qualified_name) pair is unique; a Package and its __init__ Module share a name.
  PodArray<std::uint32_t> qname_slots;

  // Short-name index: nodes with name id s are name_nodes[name_offsets[s] ..
  // name_offsets[s+1]); sorted_names lists the distinct name ids in text order
  // for prefix search and suggestions.
  PodArray<std::uint32_t> name_offsets;
  PodArray<NodeId> name_nodes;
  PodArray<StringId> sorted_names;

  std::array<LabelTable, kLabelCount> labels;
  std::array<RelTable, kRelTypeCount> rels;

  // Call sites ingest could not resolve (CONTRACT: answers say how complete
  // they are): sorted by calling node, then in source order.
  PodArray<NodeId> unresolved_callers;
  PodArray<StringId> unresolved_texts;
  PodArray<std::int32_t> unresolved_lines;
  PodArray<std::uint8_t> unresolved_reasons;  // UnresolvedReason

  // Stable node ids (store/node_id.hpp): each node's key (indexed by
  // NodeId), and the node ids ordered by key (equal keys by node id).
  PodArray<std::uint64_t> node_id_keys;
  PodArray<NodeId> node_id_order;

  // Full-text index over definitions (search/search_index.hpp reads it).
  // Terms in byte order: term t is search_term_blob[search_term_offsets[t] ..
  // search_term_offsets[t+1]). Its postings are
  // search_posting_offsets[t] .. search_posting_offsets[t+1] into the
  // parallel arrays search_posting_nodes (ascending) and
  // search_posting_counts (per-field counts, search_field.hpp). Per node:
  // its length in words in each field, kSearchFieldCount entries per node
  // (all empty when nothing was indexed). search_totals: the number of
  // nodes indexed, then the total length of each field.
  PodArray<char> search_term_blob;
  PodArray<std::uint32_t> search_term_offsets;
  PodArray<std::uint32_t> search_posting_offsets;
  PodArray<NodeId> search_posting_nodes;
  PodArray<std::uint32_t> search_posting_counts;
  PodArray<std::uint16_t> search_field_lengths;
  PodArray<std::uint64_t> search_totals;
  // The forward index of the name and doc fields, for `query similar`'s
  // word overlap (empty when nothing was indexed): node n's distinct terms
  // in its name or doc fields are search_node_terms[search_node_term_offsets[n]
  // .. search_node_term_offsets[n+1]), ascending term numbers.
  PodArray<std::uint32_t> search_node_term_offsets;
  PodArray<std::uint32_t> search_node_terms;

  // `query similar`: each node's normalised body hash (a definition's text
  // without comments, whitespace or its own name; ingest's body_hash.hpp),
  // 0 for nodes without one; empty when no node has one.
  PodArray<std::uint64_t> body_hashes;
};

// Parts with every column holding the alternative its schema type asks for
// and all arrays empty: what the snapshot loader fills.
StoreParts empty_store_parts();

// Calls visit(name, array) for every PodArray in `parts`, in a fixed order,
// with a stable dotted name ("rels.CALLS.forward.targets"). `parts` may be
// const or not; a visitor given a mutable StoreParts may replace arrays.
// label_begin and Csr::base are scalars, not arrays: see StoreParts users.
template <class Parts, class Visit>
void for_each_array(Parts& parts, Visit&& visit) {
  visit(std::string("strings.blob"), parts.strings.blob);
  visit(std::string("strings.offsets"), parts.strings.offsets);
  visit(std::string("strings.slots"), parts.strings.slots);
  visit(std::string("nodes.name"), parts.name);
  visit(std::string("nodes.qname_prefix"), parts.qname_prefix);
  visit(std::string("nodes.qname_suffix"), parts.qname_suffix);
  visit(std::string("index.qname_slots"), parts.qname_slots);
  visit(std::string("index.name_offsets"), parts.name_offsets);
  visit(std::string("index.name_nodes"), parts.name_nodes);
  visit(std::string("index.sorted_names"), parts.sorted_names);
  visit(std::string("unresolved.callers"), parts.unresolved_callers);
  visit(std::string("unresolved.texts"), parts.unresolved_texts);
  visit(std::string("unresolved.lines"), parts.unresolved_lines);
  visit(std::string("unresolved.reasons"), parts.unresolved_reasons);
  visit(std::string("index.node_id_keys"), parts.node_id_keys);
  visit(std::string("index.node_id_order"), parts.node_id_order);
  visit(std::string("search.term_blob"), parts.search_term_blob);
  visit(std::string("search.term_offsets"), parts.search_term_offsets);
  visit(std::string("search.posting_offsets"), parts.search_posting_offsets);
  visit(std::string("search.posting_nodes"), parts.search_posting_nodes);
  visit(std::string("search.posting_counts"), parts.search_posting_counts);
  visit(std::string("search.field_lengths"), parts.search_field_lengths);
  visit(std::string("search.totals"), parts.search_totals);
  visit(std::string("search.node_term_offsets"), parts.search_node_term_offsets);
  visit(std::string("search.node_terms"), parts.search_node_terms);
  visit(std::string("similar.body_hashes"), parts.body_hashes);

  auto visit_column = [&visit](const std::string& prefix, auto& column) {
    std::visit(
        [&](auto& typed) {
          using T = std::remove_cvref_t<decltype(typed)>;
          if constexpr (std::is_same_v<T, StringListColumn>) {
            visit(prefix + ".offsets", typed.offsets);
            visit(prefix + ".items", typed.items);
          } else {
            visit(prefix + ".values", typed.values);
          }
        },
        column);
  };
  for (const LabelDef& def : all_labels()) {
    auto& table = parts.labels[index_of(def.label)];
    for (std::size_t c = 0; c < def.properties.size(); ++c) {
      visit_column("labels." + std::string(def.name) + "." + std::string(def.properties[c].name),
                   table.columns[c]);
    }
  }
  for (const RelTypeDef& def : all_rel_types()) {
    auto& rel = parts.rels[index_of(def.type)];
    const std::string prefix = "rels." + std::string(def.name);
    for (auto* csr : {&rel.forward, &rel.reverse}) {
      const std::string direction = prefix + (csr == &rel.forward ? ".forward" : ".reverse");
      visit(direction + ".block_offsets", csr->block_offsets);
      visit(direction + ".local_offsets", csr->local_offsets);
      visit(direction + ".wide_offsets", csr->wide_offsets);
      visit(direction + ".targets", csr->targets);
    }
    for (std::size_t c = 0; c < def.properties.size(); ++c) {
      visit_column(prefix + "." + std::string(def.properties[c].name), rel.properties[c]);
    }
  }
}

}  // namespace trellis
