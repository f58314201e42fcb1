#include "trellis/store/graph_store.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "shared_names.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis {

struct GraphStore::SharedNames {
  std::once_flag once;
  std::vector<std::uint64_t> bits;  // bit n: another node has node n's qualified name
};

GraphStore::GraphStore() : parts_(empty_store_parts()), shared_names_(std::make_shared<SharedNames>()) {}

GraphStore::GraphStore(StoreParts parts)
    : parts_(std::move(parts)), shared_names_(std::make_shared<SharedNames>()) {}

bool GraphStore::qualified_name_shared(NodeId node) const {
  SharedNames& shared = *shared_names_;
  std::call_once(shared.once, [&] { shared.bits = shared_qualified_names(parts_); });
  return ((shared.bits[node >> 6] >> (node & 63)) & 1u) != 0;
}

std::size_t GraphStore::edge_count() const {
  std::size_t total = 0;
  for (const RelTable& rel : parts_.rels) total += rel.forward.edge_count();
  return total;
}

namespace {

// Neighbours of the nodes of `nodes` in `csr` that lie in `within`.
std::size_t neighbors_within(const Csr& csr, NodeRange nodes, NodeRange within) {
  std::size_t count = 0;
  const NodeId end = std::min<NodeId>(nodes.end, csr.base + csr.range());
  for (NodeId node = csr.first_with_neighbors(nodes.begin, end); node < end; ++node) {
    const std::span<const NodeId> list = csr.neighbors(node);
    const auto lo = std::lower_bound(list.begin(), list.end(), within.begin);
    count += static_cast<std::size_t>(std::lower_bound(lo, list.end(), within.end) - lo);
  }
  return count;
}

}  // namespace

std::size_t GraphStore::edge_count(RelType type, NodeRange sources, NodeRange targets) const {
  const RelTable& table = rel(type);
  const auto whole = [&](NodeRange r) { return r.begin == 0 && r.end >= node_count(); };
  if (whole(targets)) return table.forward.degree_sum(sources.begin, sources.end);
  if (whole(sources)) return table.reverse.degree_sum(targets.begin, targets.end);
  if (sources.size() <= targets.size()) return neighbors_within(table.forward, sources, targets);
  return neighbors_within(table.reverse, targets, sources);
}

std::size_t GraphStore::self_loop_count(RelType type, NodeRange nodes) const {
  const Csr& forward = rel(type).forward;
  std::size_t count = 0;
  const NodeId end = std::min<NodeId>(nodes.end, forward.base + forward.range());
  for (NodeId node = forward.first_with_neighbors(nodes.begin, end); node < end; ++node) {
    const std::span<const NodeId> list = forward.neighbors(node);
    if (list.empty() || list.front() > node || list.back() < node) continue;
    const auto [lo, hi] = std::equal_range(list.begin(), list.end(), node);
    count += static_cast<std::size_t>(hi - lo);
  }
  return count;
}

void GraphStore::append_qualified_name(NodeId node, std::string& out) const {
  // Nesting is shallow (module path, class, method); collect the chain first.
  std::array<StringId, 64> small{};
  std::vector<StringId> large;
  std::size_t depth = 0;
  for (NodeId n = node; n != kNoNode; n = parts_.qname_prefix[n]) {
    if (depth < small.size()) {
      small[depth] = parts_.qname_suffix[n];
    } else {
      if (large.empty()) large.assign(small.begin(), small.end());
      large.push_back(parts_.qname_suffix[n]);
    }
    ++depth;
  }
  const StringId* chain = large.empty() ? small.data() : large.data();
  for (std::size_t i = depth; i-- > 0;) {
    out += parts_.strings.get(chain[i]);
    if (i != 0) out += '.';
  }
}

std::string GraphStore::qualified_name(NodeId node) const {
  std::string out;
  append_qualified_name(node, out);
  return out;
}

bool GraphStore::qualified_name_equals(NodeId node, std::string_view text) const {
  for (NodeId n = node;;) {
    const std::string_view suffix = parts_.strings.get(parts_.qname_suffix[n]);
    const NodeId prefix = parts_.qname_prefix[n];
    if (prefix == kNoNode) return text == suffix;
    if (text.size() < suffix.size() + 1 || !text.ends_with(suffix) ||
        text[text.size() - suffix.size() - 1] != '.') {
      return false;
    }
    text.remove_suffix(suffix.size() + 1);
    n = prefix;
  }
}

std::vector<NodeId> GraphStore::find_all(std::string_view qualified_name) const {
  std::vector<NodeId> found;
  const auto& slots = parts_.qname_slots;
  if (slots.empty()) return found;
  const std::size_t mask = slots.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash_string(qualified_name)) & mask; slots[i] != 0;
       i = (i + 1) & mask) {
    const NodeId node = slots[i] - 1;
    if (qualified_name_equals(node, qualified_name)) found.push_back(node);
  }
  std::sort(found.begin(), found.end());
  return found;
}

bool GraphStore::qualified_name_shared(std::string_view qualified_name) const {
  const auto& slots = parts_.qname_slots;
  if (slots.empty()) return false;
  const std::size_t mask = slots.size() - 1;
  bool seen = false;
  for (std::size_t i = static_cast<std::size_t>(hash_string(qualified_name)) & mask; slots[i] != 0;
       i = (i + 1) & mask) {
    if (!qualified_name_equals(slots[i] - 1, qualified_name)) continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}

std::optional<NodeId> GraphStore::find(Label label_wanted, std::string_view qualified_name) const {
  const auto& slots = parts_.qname_slots;
  if (slots.empty()) return std::nullopt;
  const NodeRange range = nodes(label_wanted);
  const std::size_t mask = slots.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash_string(qualified_name)) & mask; slots[i] != 0;
       i = (i + 1) & mask) {
    const NodeId node = slots[i] - 1;
    if (range.contains(node) && qualified_name_equals(node, qualified_name)) return node;
  }
  return std::nullopt;
}

std::span<const NodeId> GraphStore::nodes_named(std::string_view name_text) const {
  const auto id = parts_.strings.find(name_text);
  if (!id || *id == kNullString || *id + 1 >= parts_.name_offsets.size()) return {};
  const auto begin = parts_.name_offsets[*id];
  const auto end = parts_.name_offsets[*id + 1];
  return parts_.name_nodes.span().subspan(begin, end - begin);
}

PropertyValue GraphStore::column_value(const Column& column, std::size_t row) const {
  struct Read {
    const GraphStore& store;
    std::size_t row;
    PropertyValue operator()(const IntColumn& c) const {
      if (c.values[row] == kNullInt) return {};
      return std::int64_t{c.values[row]};
    }
    PropertyValue operator()(const BoolColumn& c) const {
      if (c.values[row] == kNullBool) return {};
      return c.values[row] != 0;
    }
    PropertyValue operator()(const StringColumn& c) const {
      if (c.values[row] == kNullString) return {};
      return store.strings().get(c.values[row]);
    }
    PropertyValue operator()(const StringListColumn& c) const {
      const auto items = c.at(row);
      if (items.empty()) return {};
      std::vector<std::string_view> list;
      list.reserve(items.size());
      for (const StringId id : items) list.push_back(store.strings().get(id));
      return list;
    }
  };
  return std::visit(Read{*this, row}, column);
}

PropertyValue GraphStore::property(NodeId node, std::size_t column) const {
  const Label l = label(node);
  return column_value(parts_.labels[index_of(l)].columns[column], row(node));
}

PropertyValue GraphStore::property(NodeId node, std::string_view property_name) const {
  if (property_name == "name") return name(node);
  const auto column = property_index(label(node), property_name);
  if (!column) return {};
  return property(node, *column);
}

PropertyValue GraphStore::edge_property(RelType type, EdgePos edge, std::size_t column) const {
  return column_value(rel(type).properties[column], edge);
}

std::string GraphStore::node_id(NodeId node) const { return node_id_text(parts_.node_id_keys[node]); }

std::vector<NodeId> GraphStore::find_by_node_id(std::string_view text) const {
  const auto key = parse_node_id(text);
  if (!key) return {};
  const auto order = parts_.node_id_order.span();
  const auto first = std::partition_point(order.begin(), order.end(),
                                          [&](NodeId n) { return parts_.node_id_keys[n] < *key; });
  std::vector<NodeId> found;
  for (auto it = first; it != order.end() && parts_.node_id_keys[*it] == *key; ++it) found.push_back(*it);
  return found;
}

std::size_t GraphStore::unresolved_call_count(NodeId caller) const {
  const auto callers = parts_.unresolved_callers.span();
  const auto [first, last] = std::equal_range(callers.begin(), callers.end(), caller);
  return static_cast<std::size_t>(last - first);
}

std::vector<GraphStore::UnresolvedCall> GraphStore::unresolved_calls(NodeId caller) const {
  const auto callers = parts_.unresolved_callers.span();
  const auto [first, last] = std::equal_range(callers.begin(), callers.end(), caller);
  std::vector<UnresolvedCall> calls;
  for (auto it = first; it != last; ++it) {
    const auto i = static_cast<std::size_t>(it - callers.begin());
    calls.push_back({parts_.strings.get(parts_.unresolved_texts[i]), parts_.unresolved_lines[i],
                     static_cast<UnresolvedReason>(parts_.unresolved_reasons[i])});
  }
  return calls;
}

MemoryReport GraphStore::memory_report() const {
  MemoryReport report;
  std::map<std::string, std::size_t> by_component;
  std::vector<std::string> order;
  auto add = [&](const std::string& component, std::size_t bytes) {
    if (by_component.find(component) == by_component.end()) order.push_back(component);
    by_component[component] += bytes;
  };
  for_each_array(parts_, [&](const std::string& name_text, const auto& array) {
    const std::size_t bytes = array.size_bytes();
    report.total_bytes += bytes;
    const auto dot = name_text.find('.');
    const std::string group = name_text.substr(0, dot);
    const std::string rest = name_text.substr(dot + 1);
    if (group == "rels") {
      const auto type_end = rest.find('.');
      const std::string type = rest.substr(0, type_end);
      const std::string part = rest.substr(type_end + 1);
      if (part.starts_with("forward.") || part.starts_with("reverse.")) {
        add("adjacency." + type, bytes);
        report.adjacency_bytes += bytes;
        if (!part.ends_with(".targets")) report.adjacency_offset_bytes += bytes;
      } else {
        add("edge_properties." + type, bytes);
        report.edge_property_bytes += bytes;
      }
      return;
    }
    report.node_bytes += bytes;
    if (group == "labels") {
      add("columns." + rest.substr(0, rest.find('.')), bytes);
    } else if (group == "index") {
      add(rest == "qname_slots" ? "index.qualified_name" : "index.name", bytes);
    } else if (group == "unresolved") {
      add("unresolved_calls", bytes);
    } else if (group == "nodes") {
      add("nodes.core", bytes);
    } else {
      add(group, bytes);
    }
  });
  for (const auto& component : order) report.components.push_back({component, by_component[component]});
  return report;
}

}  // namespace trellis
