#include "trellis/store/graph_builder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <optional>
#include <utility>

#include "../search/search_index_builder.hpp"
#include "trellis/common/parallel.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis {
namespace {

Column freeze_column(std::vector<std::int32_t>&& ints, std::vector<std::uint8_t>&& bools,
                     std::vector<StringId>&& strings, std::vector<std::uint32_t>&& list_rows,
                     std::vector<StringId>&& list_items, ValueType type, std::size_t rows,
                     std::span<const std::uint32_t> order) {
  // `order` (when not empty) permutes rows: row p of the result is input row order[p].
  auto permute = [&order](auto&& values) {
    using T = typename std::remove_cvref_t<decltype(values)>::value_type;
    if (order.empty()) return std::vector<T>(std::move(values));
    std::vector<T> out(order.size());
    for (std::size_t p = 0; p < order.size(); ++p) out[p] = values[order[p]];
    return out;
  };
  switch (type) {
    case ValueType::Int: return IntColumn{PodArray<std::int32_t>(permute(std::move(ints)))};
    case ValueType::Bool: return BoolColumn{PodArray<std::uint8_t>(permute(std::move(bools)))};
    case ValueType::String: return StringColumn{PodArray<StringId>(permute(std::move(strings)))};
    case ValueType::StringList: break;
  }
  // Lists: stable counting sort of (row, item) pairs by (permuted) row.
  std::vector<std::uint32_t> position_of_row(rows);
  for (std::size_t p = 0; p < rows; ++p) position_of_row[order.empty() ? p : order[p]] = static_cast<std::uint32_t>(p);
  std::vector<std::uint32_t> offsets(rows + 1, 0);
  for (const std::uint32_t row : list_rows) ++offsets[position_of_row[row] + 1];
  for (std::size_t i = 1; i < offsets.size(); ++i) offsets[i] += offsets[i - 1];
  std::vector<std::uint32_t> cursor(offsets.begin(), offsets.end() - 1);
  std::vector<StringId> items(list_items.size());
  for (std::size_t i = 0; i < list_rows.size(); ++i) {
    items[cursor[position_of_row[list_rows[i]]]++] = list_items[i];
  }
  return StringListColumn{PodArray<std::uint32_t>(std::move(offsets)), PodArray<StringId>(std::move(items))};
}

// The first 8 bytes of `text` (zeros past its end) as a number that orders
// like the text: a < b when prefix(a) < prefix(b); equal prefixes say nothing.
std::uint64_t sort_prefix(std::string_view text) {
  std::uint64_t prefix = 0;
  for (std::size_t i = 0; i < 8; ++i) {
    const auto byte = i < text.size() ? static_cast<std::uint8_t>(text[i]) : std::uint8_t{0};
    prefix = (prefix << 8) | byte;
  }
  return prefix;
}

}  // namespace

GraphBuilder::GraphBuilder() : search_(std::make_unique<search::SearchIndexBuilder>()) {
  for (const LabelDef& def : all_labels()) {
    for (const PropertyDef& prop : def.properties) {
      columns_[index_of(def.label)].push_back(ColumnBuilder{prop.type, {}, {}, {}, {}, {}});
    }
  }
  for (const RelTypeDef& def : all_rel_types()) {
    for (const PropertyDef& prop : def.properties) {
      edges_[index_of(def.type)].properties.push_back(ColumnBuilder{prop.type, {}, {}, {}, {}, {}});
    }
  }
}

GraphBuilder::~GraphBuilder() = default;
GraphBuilder::GraphBuilder(GraphBuilder&&) noexcept = default;
GraphBuilder& GraphBuilder::operator=(GraphBuilder&&) noexcept = default;

std::optional<BuildId> GraphBuilder::find(Label label, std::string_view qualified_name) const {
  return find(label, qualified_name, hash_string(qualified_name));
}

std::optional<BuildId> GraphBuilder::find(Label label, std::string_view qualified_name, std::uint64_t hash) const {
  const auto qname = qnames_.find(qualified_name, hash);
  if (!qname || *qname >= first_with_qname_.size()) return std::nullopt;
  for (BuildId n = first_with_qname_[*qname]; n != kNoNode; n = next_with_qname_[n]) {
    if (nodes_[n].label == label) return n;
  }
  return std::nullopt;
}

Result<BuildId> GraphBuilder::add_node(Label label, std::string_view qualified_name,
                                       std::string_view name) {
  auto added = find_or_add_node(label, qualified_name, name);
  if (!added.ok()) return added.error();
  if (!added->second) {
    return make_error(ErrorCode::InvalidArgument,
                      fmt::format("duplicate {} '{}'", to_string(label), qualified_name));
  }
  return added->first;
}

Result<std::pair<BuildId, bool>> GraphBuilder::find_or_add_node(Label label, std::string_view qualified_name,
                                                                std::string_view name) {
  if (qualified_name.empty()) {
    return make_error(ErrorCode::InvalidArgument, "a node needs a non-empty qualified_name");
  }
  const std::uint64_t hash = hash_string(qualified_name);
  if (const auto known = find(label, qualified_name, hash)) return std::pair{*known, false};
  if (nodes_.size() >= std::numeric_limits<NodeId>::max() - 1) {
    return make_error(ErrorCode::Internal, "graph exceeds 2^32 - 2 nodes");
  }
  const auto id = static_cast<BuildId>(nodes_.size());
  const StringId qname = qnames_.intern(qualified_name, hash);
  if (qname >= first_with_qname_.size()) first_with_qname_.resize(qname + 1, kNoNode);
  // Chain nodes that share a qualified name (a Package and its __init__ Module).
  next_with_qname_.push_back(first_with_qname_[qname]);
  first_with_qname_[qname] = id;

  const std::uint32_t row = label_rows_[index_of(label)]++;
  nodes_.push_back(NodeEntry{label, row, strings_.intern(name), qname});
  for (ColumnBuilder& column : columns_[index_of(label)]) {
    switch (column.type) {
      case ValueType::Int: column.ints.push_back(kNullInt); break;
      case ValueType::Bool: column.bools.push_back(kNullBool); break;
      case ValueType::String: column.strings.push_back(kNullString); break;
      case ValueType::StringList: break;
    }
  }
  return std::pair{id, true};
}

GraphBuilder::ColumnBuilder& GraphBuilder::node_column(BuildId node, std::size_t column, ValueType type) {
  ColumnBuilder& builder = columns_[index_of(nodes_[node].label)].at(column);
  if (builder.type != type) throw std::logic_error("property type does not match its column");
  return builder;
}

void GraphBuilder::set_int(BuildId node, std::size_t column, std::int32_t value) {
  node_column(node, column, ValueType::Int).ints[nodes_[node].row] = value;
}

void GraphBuilder::set_bool(BuildId node, std::size_t column, bool value) {
  node_column(node, column, ValueType::Bool).bools[nodes_[node].row] = value ? 1 : 0;
}

void GraphBuilder::set_string(BuildId node, std::size_t column, std::string_view value) {
  set_string_id(node, column, strings_.intern(value));
}

void GraphBuilder::set_string_id(BuildId node, std::size_t column, StringId value) {
  node_column(node, column, ValueType::String).strings[nodes_[node].row] = value;
}

void GraphBuilder::add_list_item(BuildId node, std::size_t column, std::string_view item) {
  ColumnBuilder& builder = node_column(node, column, ValueType::StringList);
  builder.list_rows.push_back(nodes_[node].row);
  builder.list_items.push_back(strings_.intern(item));
}

std::uint32_t GraphBuilder::add_edge(RelType type, BuildId source, BuildId target) {
  EdgeList& list = edges_[index_of(type)];
  const auto edge = static_cast<std::uint32_t>(list.sources.size());
  list.sources.push_back(source);
  list.targets.push_back(target);
  for (ColumnBuilder& column : list.properties) {
    switch (column.type) {
      case ValueType::Int: column.ints.push_back(kNullInt); break;
      case ValueType::Bool: column.bools.push_back(kNullBool); break;
      case ValueType::String: column.strings.push_back(kNullString); break;
      case ValueType::StringList: break;
    }
  }
  return edge;
}

GraphBuilder::ColumnBuilder& GraphBuilder::edge_column(RelType type, std::uint32_t edge,
                                                      std::size_t column, ValueType value_type) {
  ColumnBuilder& builder = edges_[index_of(type)].properties.at(column);
  if (builder.type != value_type || edge >= edges_[index_of(type)].sources.size()) {
    throw std::logic_error("edge property does not match its column");
  }
  return builder;
}

void GraphBuilder::set_edge_int(RelType type, std::uint32_t edge, std::size_t column, std::int32_t value) {
  edge_column(type, edge, column, ValueType::Int).ints[edge] = value;
}

void GraphBuilder::set_edge_string(RelType type, std::uint32_t edge, std::size_t column,
                                   std::string_view value) {
  set_edge_string_id(type, edge, column, strings_.intern(value));
}

void GraphBuilder::set_edge_string_id(RelType type, std::uint32_t edge, std::size_t column, StringId value) {
  edge_column(type, edge, column, ValueType::String).strings[edge] = value;
}

void GraphBuilder::add_unresolved_call(BuildId caller, std::string_view text, std::int32_t line,
                                       UnresolvedReason reason) {
  unresolved_callers_.push_back(caller);
  unresolved_texts_.push_back(strings_.intern(text));
  unresolved_lines_.push_back(line);
  unresolved_reasons_.push_back(static_cast<std::uint8_t>(reason));
}

std::uint32_t GraphBuilder::intern_search_word(std::string_view word) { return search_->intern(word); }

void GraphBuilder::add_search_term(BuildId node, std::uint32_t word, search::SearchField field, std::uint32_t count) {
  search_->add(node, word, field, count);
}

void GraphBuilder::reserve_search_terms(std::size_t terms) { search_->reserve(terms); }

void GraphBuilder::reuse_search_terms(BuildId node, const search::PreviousSearchIndex& previous, NodeId old_node) {
  search_->reuse(node, previous, old_node);
}

void GraphBuilder::set_body_hash(BuildId node, std::uint64_t hash) {
  if (body_hashes_.size() <= node) body_hashes_.resize(node + 1, 0);
  body_hashes_[node] = hash;
}

Result<BuiltGraph> GraphBuilder::build() && {
  const std::size_t node_count = nodes_.size();
  StoreParts parts = empty_store_parts();

  // Ids grouped by label, in insertion order within a label.
  parts.label_begin[0] = 0;
  for (std::size_t l = 0; l < kLabelCount; ++l) {
    parts.label_begin[l + 1] = parts.label_begin[l] + label_rows_[l];
  }
  BuiltGraph built;
  built.node_ids.resize(node_count);
  std::vector<BuildId> build_id_of(node_count);
  for (BuildId b = 0; b < node_count; ++b) {
    const NodeId id = parts.label_begin[index_of(nodes_[b].label)] + nodes_[b].row;
    built.node_ids[b] = id;
    build_id_of[id] = b;
  }

  for (std::size_t t = 0; t < kRelTypeCount; ++t) {
    const EdgeList& list = edges_[t];
    for (std::size_t e = 0; e < list.sources.size(); ++e) {
      if (list.sources[e] >= node_count || list.targets[e] >= node_count) {
        return make_error(ErrorCode::InvalidArgument,
                          fmt::format("{} edge #{} joins a node that does not exist",
                                      to_string(static_cast<RelType>(t)), e));
      }
    }
  }

  for (const BuildId caller : unresolved_callers_) {
    if (caller >= node_count) {
      return make_error(ErrorCode::InvalidArgument, "an unresolved call site names a caller that does not exist");
    }
  }

  // Names and qualified names. A qualified name whose text before the last
  // '.' is another node's qualified name is stored as (that node, suffix).
  std::vector<StringId> names(node_count);
  std::vector<NodeId> prefixes(node_count, kNoNode);
  std::vector<StringId> suffixes(node_count);
  std::vector<std::uint32_t> qname_slots(std::max<std::size_t>(16, std::bit_ceil(2 * node_count + 1)), 0);
  const std::size_t mask = qname_slots.size() - 1;
  for (NodeId id = 0; id < node_count; ++id) {
    const NodeEntry& node = nodes_[build_id_of[id]];
    names[id] = node.name;
    const std::string_view text = qnames_.get(node.qualified_name);
    // The prefix must be a node's qualified name: an interned text with no
    // node (the empty text of ".eslintrc", say) is no parent.
    const auto dot = text.rfind('.');
    std::optional<StringId> parent;
    if (dot != std::string_view::npos && dot > 0) parent = qnames_.find(text.substr(0, dot));
    if (parent && (*parent >= first_with_qname_.size() || first_with_qname_[*parent] == kNoNode)) parent.reset();
    if (parent) {
      prefixes[id] = built.node_ids[first_with_qname_[*parent]];
      suffixes[id] = strings_.intern(text.substr(dot + 1));
    } else {
      suffixes[id] = strings_.intern(text);
    }
    std::size_t slot = static_cast<std::size_t>(qnames_.hash(node.qualified_name)) & mask;
    while (qname_slots[slot] != 0) slot = (slot + 1) & mask;
    qname_slots[slot] = id + 1;
  }

  // Stable node ids: each node's key from its label, file and qualified name.
  // Hashed on all threads (each writes its own key; columns and strings are only read).
  std::array<std::optional<std::size_t>, kLabelCount> file_path_columns;
  for (std::size_t l = 0; l < kLabelCount; ++l)
    file_path_columns[l] = property_index(static_cast<Label>(l), "file_path");
  std::vector<std::uint64_t> node_id_keys(node_count);
  trellis::parallel_for(NodeId{0}, static_cast<NodeId>(node_count), [&](NodeId id) {
    const NodeEntry& node = nodes_[build_id_of[id]];
    std::string_view file_path;
    if (const auto column = file_path_columns[index_of(node.label)]) {
      const auto& paths = columns_[index_of(node.label)][*column].strings;
      if (node.row < paths.size()) file_path = strings_.get(paths[node.row]);
    }
    node_id_keys[id] = node_id_key(node.label, file_path, qnames_.get(node.qualified_name));
  });
  std::vector<NodeId> node_id_order(node_count);
  const auto node_id_index = [&] {
    // By key, then id; sorted as (key, id) pairs, which compare in place.
    std::vector<std::pair<std::uint64_t, NodeId>> by_key(node_count);
    for (NodeId id = 0; id < node_count; ++id) by_key[id] = {node_id_keys[id], id};
    std::sort(by_key.begin(), by_key.end());
    for (NodeId p = 0; p < node_count; ++p) node_id_order[p] = by_key[p].second;
  };

  // The rest lays out independent parts of the store, each its own task
  // (each writes only its own arrays, so the result is the same on any
  // number of threads). Strings are only read from here on.
  std::vector<std::uint32_t> name_offsets;
  std::vector<StringId> sorted_names;
  std::vector<NodeId> name_nodes;
  const auto name_index = [&] {
    // Short-name index: nodes bucketed by name id, id order within a bucket.
    const std::size_t string_count = strings_.size();
    name_offsets.assign(string_count + 1, 0);
    for (const StringId name : names) ++name_offsets[name + 1];
    // Sorted by text (distinct, so no ties), the texts looked up once and
    // compared by their first 8 bytes before the rest.
    struct ByText {
      std::uint64_t prefix;
      std::string_view text;
      StringId id;
    };
    std::vector<ByText> by_text;
    for (StringId s = 1; s < string_count; ++s) {
      if (name_offsets[s + 1] != 0) {
        const std::string_view text = strings_.get(s);
        by_text.push_back({sort_prefix(text), text, s});
      }
    }
    std::sort(by_text.begin(), by_text.end(), [](const ByText& a, const ByText& b) {
      return a.prefix != b.prefix ? a.prefix < b.prefix : a.text < b.text;
    });
    sorted_names.reserve(by_text.size());
    for (const ByText& entry : by_text) sorted_names.push_back(entry.id);
    for (std::size_t i = 1; i < name_offsets.size(); ++i) name_offsets[i] += name_offsets[i - 1];
    name_nodes.resize(node_count);
    std::vector<std::uint32_t> cursor(name_offsets.begin(), name_offsets.end() - 1);
    for (NodeId id = 0; id < node_count; ++id) name_nodes[cursor[names[id]]++] = id;
  };

  const auto node_columns = [&] {
    for (std::size_t l = 0; l < kLabelCount; ++l) {
      auto& columns = parts.labels[l].columns;
      for (std::size_t c = 0; c < columns.size(); ++c) {
        ColumnBuilder& b = columns_[l][c];
        columns[c] = freeze_column(std::move(b.ints), std::move(b.bools), std::move(b.strings),
                                   std::move(b.list_rows), std::move(b.list_items), b.type,
                                   label_rows_[l], {});
      }
    }
  };

  const auto relationship = [&](std::size_t t) {
    EdgeList& list = edges_[t];
    std::vector<NodeId> sources(list.sources.size());
    std::vector<NodeId> targets(list.targets.size());
    for (std::size_t e = 0; e < sources.size(); ++e) {
      sources[e] = built.node_ids[list.sources[e]];
      targets[e] = built.node_ids[list.targets[e]];
    }
    CsrPair csr = build_csr(sources, targets);
    RelTable& rel = parts.rels[t];
    rel.forward = std::move(csr.forward);
    rel.reverse = std::move(csr.reverse);
    for (std::size_t c = 0; c < rel.properties.size(); ++c) {
      ColumnBuilder& b = list.properties[c];
      rel.properties[c] = freeze_column(std::move(b.ints), std::move(b.bools), std::move(b.strings),
                                        std::move(b.list_rows), std::move(b.list_items), b.type,
                                        sources.size(), csr.forward_order);
    }
  };

  const auto unresolved = [&] {
    // Unresolved call sites by caller, stable within a caller.
    std::vector<NodeId> callers(unresolved_callers_.size());
    for (std::size_t i = 0; i < callers.size(); ++i) callers[i] = built.node_ids[unresolved_callers_[i]];
    std::vector<std::uint32_t> order(callers.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return callers[a] < callers[b]; });
    std::vector<NodeId> sorted_callers(order.size());
    std::vector<StringId> texts(order.size());
    std::vector<std::int32_t> lines(order.size());
    std::vector<std::uint8_t> reasons(order.size());
    for (std::size_t p = 0; p < order.size(); ++p) {
      sorted_callers[p] = callers[order[p]];
      texts[p] = unresolved_texts_[order[p]];
      lines[p] = unresolved_lines_[order[p]];
      reasons[p] = unresolved_reasons_[order[p]];
    }
    parts.unresolved_callers = PodArray<NodeId>(std::move(sorted_callers));
    parts.unresolved_texts = PodArray<StringId>(std::move(texts));
    parts.unresolved_lines = PodArray<std::int32_t>(std::move(lines));
    parts.unresolved_reasons = PodArray<std::uint8_t>(std::move(reasons));
  };

  const auto search_index = [&] { std::move(*search_).build(built.node_ids, node_count, parts); };

  trellis::parallel_invoke(name_index, node_id_index, node_columns, unresolved, search_index, [&] {
    trellis::parallel_for(std::size_t{0}, kRelTypeCount, relationship);
  });

  if (!body_hashes_.empty()) {
    std::vector<std::uint64_t> hashes(node_count, 0);
    for (BuildId b = 0; b < body_hashes_.size(); ++b) hashes[built.node_ids[b]] = body_hashes_[b];
    parts.body_hashes = PodArray<std::uint64_t>(std::move(hashes));
  }
  parts.node_id_keys = PodArray<std::uint64_t>(std::move(node_id_keys));
  parts.node_id_order = PodArray<NodeId>(std::move(node_id_order));
  parts.name = PodArray<StringId>(std::move(names));
  parts.qname_prefix = PodArray<NodeId>(std::move(prefixes));
  parts.qname_suffix = PodArray<StringId>(std::move(suffixes));
  parts.qname_slots = PodArray<std::uint32_t>(std::move(qname_slots));
  parts.name_offsets = PodArray<std::uint32_t>(std::move(name_offsets));
  parts.name_nodes = PodArray<NodeId>(std::move(name_nodes));
  parts.sorted_names = PodArray<StringId>(std::move(sorted_names));
  parts.strings = std::move(strings_).freeze();
  built.store = GraphStore(std::move(parts));
  return built;
}

}  // namespace trellis
