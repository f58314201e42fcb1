#include "batch/group_table.hpp"

#include <algorithm>
#include <bit>

namespace trellis::cypher {
namespace {

std::size_t hash_words(const std::uint64_t* words, std::size_t count, std::uint64_t null_mask) {
  std::size_t hash = 0x9e3779b97f4a7c15ull ^ (null_mask * 0x9e3779b97f4a7c15ull);
  for (std::size_t k = 0; k < count; ++k) hash = (hash ^ words[k]) * 0x100000001b3ull + k;
  return hash;
}

}  // namespace

void GroupTable::reset(std::size_t node_count) {
  columns_.assign(shapes_.size(), Column{});
  texts_.assign(keys_.size(), {});
  single_.clear();
  ids_.clear();
  null_group_.reset();
  index_.clear();
  words_.clear();
  nulls_.clear();
  first_seen_.clear();
  group_count_ = 0;
  held_items_ = 0;
  charged_items_ = 0;
  capacity_ = 0;
  added_until_ = 0;
  for (std::size_t a = 0; a < shapes_.size(); ++a) {
    if (keys_.empty() && shapes_[a].call->distinct && shapes_[a].kind == VecKind::Node) {
      columns_[a].seen_nodes.assign(node_count / 64 + 1, 0);
    }
  }
  if (keys_.empty()) new_group(nullptr, 0, 0, nullptr);
}

std::uint64_t GroupTable::key_word(std::size_t k, const Vec& vec, std::size_t i) {
  switch (keys_[k].kind) {
    case VecKind::Node: return vec.nodes[i];
    case VecKind::Int:
    case VecKind::Bool: return static_cast<std::uint64_t>(vec.ints[i]);
    case VecKind::Str: {
      if (keys_[k].interned) return vec.ids[i];
      return texts_[k].number(vec.strs[i]);
    }
    default: return 0;
  }
}

std::uint32_t GroupTable::new_group(const std::uint64_t* words, std::uint64_t null_mask, std::uint64_t position,
                                    ExecContext* charge) {
  if (charge != nullptr) charge->charge(1);
  const std::size_t g = group_count_++;
  if (g == capacity_) grow_groups();
  std::copy(words, words + keys_.size(), words_.begin() + static_cast<std::ptrdiff_t>(g * keys_.size()));
  nulls_[g] = null_mask;
  first_seen_[g] = position;
  return static_cast<std::uint32_t>(g);
}

// The per-group arrays doubled at once (new groups' aggregates start at 0,
// no best value), so adding a group writes by index.
void GroupTable::grow_groups() {
  capacity_ = std::max<std::size_t>(4096, 2 * capacity_);
  words_.resize(capacity_ * keys_.size());
  nulls_.resize(capacity_);
  first_seen_.resize(capacity_);
  for (std::size_t a = 0; a < columns_.size(); ++a) {
    Column& c = columns_[a];
    c.counts.resize(capacity_, 0);
    switch (shapes_[a].call->kind) {
      case AggregateKind::Sum:
      case AggregateKind::Avg: c.sums.resize(capacity_, 0); break;
      case AggregateKind::Min:
      case AggregateKind::Max:
        c.has_best.resize(capacity_, 0);
        c.best_ints.resize(capacity_, 0);
        c.best_strs.resize(capacity_);
        break;
      case AggregateKind::Collect: c.lists.resize(capacity_); break;
      default: break;
    }
  }
}

std::uint32_t GroupTable::find_or_add(const std::uint64_t* words, std::uint64_t null_mask, std::uint64_t position,
                                      ExecContext* charge) {
  const std::size_t k_count = keys_.size();
  if (k_count == 1) {
    if (null_mask != 0) {
      if (!null_group_) null_group_ = new_group(words, null_mask, position, charge);
      first_seen_[*null_group_] = std::min(first_seen_[*null_group_], position);
      return *null_group_;
    }
    const auto next = static_cast<std::uint32_t>(group_count_);
    const auto [g, added] = id_key_ ? ids_.find_or_insert(static_cast<std::uint32_t>(words[0]), next)
                                    : single_.find_or_insert(words[0], next);
    if (added) {
      new_group(words, 0, position, charge);
    } else if (position < first_seen_[g]) {
      first_seen_[g] = position;  // a worker's parts need not come in order
    }
    return g;
  }
  if (packed_ && null_mask == 0) {
    const auto [g, added] = single_.find_or_insert((words[0] << 32) | words[1], static_cast<std::uint32_t>(group_count_));
    if (added) {
      new_group(words, 0, position, charge);
    } else if (position < first_seen_[g]) {
      first_seen_[g] = position;
    }
    return g;
  }
  const auto [g, added] = index_.find_or_insert(hash_words(words, k_count, null_mask), group_count_, [&](std::size_t other) {
    return nulls_[other] == null_mask &&
           std::equal(words, words + k_count, words_.begin() + static_cast<std::ptrdiff_t>(other * k_count));
  });
  if (added) {
    new_group(words, null_mask, position, charge);
  } else if (position < first_seen_[g]) {
    first_seen_[g] = position;
  }
  return static_cast<std::uint32_t>(g);
}

bool GroupTable::any_null(const std::vector<const Vec*>& keys, const std::uint32_t* selected, std::size_t live) const {
  std::uint8_t any = 0;
  for (std::size_t key = 0; key < keys_.size(); ++key) {
    if (keys_[key].kind == VecKind::Node) continue;
    const std::uint8_t* nulls = keys[key]->nulls.data();
    for (std::size_t k = 0; k < live; ++k) any |= nulls[selected != nullptr ? selected[k] : k];
  }
  return any != 0;
}

// Groups of n one-word keys at once (WordGroups::assign): groups[k] = the
// group of key_of(k), a new group's first position position_of(k).
// `earlier`: a position may come before those of groups already made (a
// worker's parts need not come in order; a merged table's groups
// interleave), so older groups' first positions are lowered; a group made
// here was made by its first row.
template <class KeyOf, class PositionOf>
void GroupTable::assign_words(std::size_t n, KeyOf&& key_of, PositionOf&& position_of, bool earlier, ExecContext* charge,
                              std::uint32_t* groups) {
  const auto before = static_cast<std::uint32_t>(group_count_);
  added_.clear();
  const std::uint32_t after =
      id_key_ ? ids_.assign(n, [&](std::size_t k) { return static_cast<std::uint32_t>(key_of(k)); }, before, groups, added_)
              : single_.assign(n, key_of, before, groups, added_);
  if (charge != nullptr) charge->charge(after - before);
  while (capacity_ < after) grow_groups();
  for (std::size_t j = 0; j < added_.size(); ++j) {
    const std::size_t g = before + j;
    const std::uint64_t word = key_of(added_[j]);
    if (packed_) {
      words_[2 * g] = word >> 32;
      words_[2 * g + 1] = word & 0xFFFFFFFFull;
    } else {
      words_[g] = word;
    }
    nulls_[g] = 0;
    first_seen_[g] = position_of(added_[j]);
  }
  group_count_ = after;
  if (!earlier) return;
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t g = groups[k];
    if (g < before && position_of(k) < first_seen_[g]) first_seen_[g] = position_of(k);
  }
}

// A key of one word with no nulls among the rows (the common case): the
// live rows' groups found in one pass over the slots.
void GroupTable::add_words(const std::vector<const Vec*>& keys, const std::uint32_t* selected, std::size_t live,
                           std::uint64_t first, ExecContext* charge) {
  const auto ids_of = [&](std::size_t key) {
    return keys_[key].kind == VecKind::Node ? keys[key]->nodes.data() : keys[key]->ids.data();
  };
  live_groups_.resize(live);
  const bool earlier = first < added_until_;
  const auto run = [&](auto&& word_of) {
    if (selected != nullptr) {
      assign_words(
          live, [&](std::size_t k) { return word_of(selected[k]); }, [&](std::size_t k) { return first + selected[k]; },
          earlier, charge, live_groups_.data());
      for (std::size_t k = 0; k < live; ++k) groups_[selected[k]] = live_groups_[k];
    } else {
      assign_words(live, word_of, [&](std::size_t k) { return first + k; }, earlier, charge, groups_.data());
    }
  };
  if (packed_) {
    const std::uint32_t* a = ids_of(0);
    const std::uint32_t* b = ids_of(1);
    run([&](std::size_t i) { return (std::uint64_t{a[i]} << 32) | b[i]; });
  } else if (id_key_) {
    const std::uint32_t* ids = ids_of(0);
    run([&](std::size_t i) -> std::uint64_t { return ids[i]; });
  } else {
    const std::int64_t* ints = keys[0]->ints.data();
    run([&](std::size_t i) { return static_cast<std::uint64_t>(ints[i]); });
  }
}

void GroupTable::add(const Batch& batch, const std::vector<const Vec*>& keys, const std::vector<const Vec*>& args,
                     std::uint64_t first, ExecContext* charge) {
  // The live rows: the k-th is row(k) of the batch (a filter's selection, or every row).
  const std::uint32_t* selected = batch.selected ? batch.selection.data() : nullptr;
  const std::size_t live = batch.live();
  const auto row = [selected](std::size_t k) -> std::size_t { return selected != nullptr ? selected[k] : k; };
  const std::size_t k_count = keys_.size();
  groups_.resize(batch.size);
  row_words_.assign(std::max<std::size_t>(k_count, 1), 0);
  if (k_count == 0) {
    std::fill(groups_.begin(), groups_.end(), 0u);
  } else if (word_key_ && !any_null(keys, selected, live)) {
    add_words(keys, selected, live, first, charge);
  } else {
    for (std::size_t k = 0; k < live; ++k) {
      const std::size_t i = row(k);
      std::uint64_t null_mask = 0;
      for (std::size_t key = 0; key < k_count; ++key) {
        const VecKind kind = keys_[key].kind;
        const bool null = kind == VecKind::Null || (kind != VecKind::Node && keys[key]->nulls[i] != 0);
        if (null) null_mask |= std::uint64_t{1} << key;
        row_words_[key] = null ? 0 : key_word(key, *keys[key], i);
      }
      groups_[i] = find_or_add(row_words_.data(), null_mask, first + i, charge);
    }
  }
  added_until_ = std::max(added_until_, first + batch.size);
  for (std::size_t a = 0; a < shapes_.size(); ++a) {
    if (shapes_[a].call->kind == AggregateKind::CountStar) {
      std::vector<std::int64_t>& counts = columns_[a].counts;
      if (k_count == 0 && !batch.weighted) {
        counts[0] += static_cast<std::int64_t>(live);
      } else if (batch.weighted) {
        for (std::size_t k = 0; k < live; ++k) counts[groups_[row(k)]] += batch.weights[row(k)];
      } else {
        for (std::size_t k = 0; k < live; ++k) ++counts[groups_[row(k)]];
      }
      continue;
    }
    accumulate(a, *args[a], batch);
  }
  if (charge != nullptr) charge_held(*charge);
}

void GroupTable::add_value(std::size_t a, std::uint32_t g, std::int64_t integer, std::string_view text, std::int64_t weight) {
  const AggregateCall& call = *shapes_[a].call;
  Column& c = columns_[a];
  switch (call.kind) {
    case AggregateKind::Count: c.counts[g] += weight; break;
    case AggregateKind::Sum:
    case AggregateKind::Avg: {
      c.counts[g] += weight;
      std::int64_t product = 0;
      if (__builtin_mul_overflow(integer, weight, &product) || __builtin_add_overflow(c.sums[g], product, &c.sums[g])) {
        fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
      }
      break;
    }
    case AggregateKind::Min:
    case AggregateKind::Max: {
      const bool min = call.kind == AggregateKind::Min;
      if (shapes_[a].kind == VecKind::Int) {
        if (!c.has_best[g] || (min ? integer < c.best_ints[g] : integer > c.best_ints[g])) c.best_ints[g] = integer;
      } else if (!c.has_best[g] || (min ? text < c.best_strs[g] : text > c.best_strs[g])) {
        c.best_strs[g] = text;
      }
      c.has_best[g] = 1;
      break;
    }
    default: break;
  }
}

void GroupTable::add_distinct(std::size_t a, std::uint32_t g, std::uint64_t value) {
  Column& c = columns_[a];
  if (!c.seen_nodes.empty()) {
    std::uint64_t& word = c.seen_nodes[value >> 6];
    const std::uint64_t bit = std::uint64_t{1} << (value & 63);
    if ((word & bit) != 0) return;
    word |= bit;
  } else if (!c.distinct.insert((std::uint64_t{g} << 32) | value)) {
    return;
  }
  ++c.counts[g];
}

// count(DISTINCT x) by group over a batch: the (group, value) pairs
// inserted together (IdSet::insert_many), a group counted per new pair.
void GroupTable::count_distinct(std::size_t a, const Vec& v, const Batch& batch) {
  const VecKind kind = shapes_[a].kind;
  const std::uint32_t* selected = batch.selected ? batch.selection.data() : nullptr;
  const std::size_t live = batch.live();
  pairs_.clear();
  for (std::size_t k = 0; k < live; ++k) {
    const std::size_t i = selected != nullptr ? selected[k] : k;
    if (kind != VecKind::Node && v.nulls[i] != 0) continue;
    const std::uint64_t word = kind == VecKind::Node ? v.nodes[i] : (kind == VecKind::Str ? v.ids[i] : static_cast<std::uint64_t>(v.ints[i]));
    pairs_.push_back((std::uint64_t{groups_[i]} << 32) | word);
  }
  fresh_.resize(pairs_.size());
  Column& c = columns_[a];
  c.distinct.insert_many(pairs_.data(), pairs_.size(), fresh_.data());
  for (std::size_t j = 0; j < pairs_.size(); ++j) c.counts[pairs_[j] >> 32] += fresh_[j];
}

void GroupTable::charge_held(ExecContext& ctx) {
  ctx.charge(held_items_ - charged_items_);
  charged_items_ = held_items_;
}

// count, sum, avg, min and max of an integer argument over rows of weight
// 1: one loop per aggregate kind (what add_value does, without its switch
// per row). False for other aggregates.
bool GroupTable::accumulate_ints(std::size_t a, const Vec& v, const std::uint32_t* selected, std::size_t live) {
  const AggregateCall& call = *shapes_[a].call;
  Column& c = columns_[a];
  const std::uint8_t* __restrict nulls = v.nulls.data();
  const std::int64_t* __restrict ints = v.ints.data();
  const std::uint32_t* __restrict groups = groups_.data();
  std::int64_t* __restrict counts = c.counts.data();
  const auto each = [&](auto&& f) __attribute__((always_inline)) {
    if (selected != nullptr) {
      for (std::size_t k = 0; k < live; ++k) f(selected[k]);
    } else {
      for (std::size_t i = 0; i < live; ++i) f(i);
    }
  };
  switch (call.kind) {
    case AggregateKind::Count:
      each([&](std::size_t i) __attribute__((always_inline)) { counts[groups[i]] += nulls[i] == 0 ? 1 : 0; });
      return true;
    case AggregateKind::Sum:
    case AggregateKind::Avg: {
      std::int64_t* __restrict sums = c.sums.data();
      bool overflow = false;
      each([&](std::size_t i) __attribute__((always_inline)) {
        if (nulls[i] != 0) return;
        const std::uint32_t g = groups[i];
        ++counts[g];
        overflow |= __builtin_add_overflow(sums[g], ints[i], &sums[g]);
      });
      if (overflow) fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
      return true;
    }
    case AggregateKind::Min:
    case AggregateKind::Max: {
      std::uint8_t* __restrict has = c.has_best.data();
      std::int64_t* __restrict best = c.best_ints.data();
      const bool min = call.kind == AggregateKind::Min;
      each([&](std::size_t i) __attribute__((always_inline)) {
        if (nulls[i] != 0) return;
        const std::uint32_t g = groups[i];
        const std::int64_t x = ints[i];
        if (has[g] == 0 || (min ? x < best[g] : x > best[g])) best[g] = x;
        has[g] = 1;
      });
      return true;
    }
    default: return false;
  }
}

void GroupTable::accumulate(std::size_t a, const Vec& v, const Batch& batch) {
  const AggregateCall& call = *shapes_[a].call;
  const VecKind kind = shapes_[a].kind;
  const std::uint32_t* selected = batch.selected ? batch.selection.data() : nullptr;
  const std::size_t live = batch.live();
  if (kind == VecKind::Int && !call.distinct && !batch.weighted && accumulate_ints(a, v, selected, live)) return;
  if (call.kind == AggregateKind::Count && !call.distinct && kind != VecKind::Any) {
    // count(x) reads only whether x is null: one loop, whatever x's kind.
    if (kind == VecKind::Null) return;
    std::int64_t* __restrict counts = columns_[a].counts.data();
    const std::uint8_t* nulls = kind == VecKind::Node ? nullptr : v.nulls.data();
    for (std::size_t k = 0; k < live; ++k) {
      const std::size_t i = selected != nullptr ? selected[k] : k;
      if (nulls == nullptr || nulls[i] == 0) counts[groups_[i]] += batch.weight(i);
    }
    return;
  }
  if (call.kind == AggregateKind::Count && call.distinct && columns_[a].seen_nodes.empty() && kind != VecKind::Any &&
      kind != VecKind::Null) {
    count_distinct(a, v, batch);
    return;
  }
  for (std::size_t k = 0; k < live; ++k) {
    const std::size_t i = selected != nullptr ? selected[k] : k;
    const bool null = kind == VecKind::Any ? v.values[i].is_null() : (kind == VecKind::Null || (kind != VecKind::Node && v.nulls[i] != 0));
    if (null) continue;
    const std::uint32_t g = groups_[i];
    if (call.kind == AggregateKind::Collect) {
      const std::uint64_t word = kind == VecKind::Node ? v.nodes[i] : (kind == VecKind::Str ? v.ids[i] : static_cast<std::uint64_t>(v.ints[i]));
      if (call.distinct) {
        // Each value once per group, where it first came (the row Aggregate's order).
        if (!columns_[a].distinct.insert((std::uint64_t{g} << 32) | word)) continue;
        columns_[a].lists[g].push_back(word);
        ++held_items_;
        continue;
      }
      columns_[a].lists[g].insert(columns_[a].lists[g].end(), static_cast<std::size_t>(batch.weight(i)), word);
      held_items_ += static_cast<std::size_t>(batch.weight(i));
      continue;
    }
    if (call.distinct) {
      add_distinct(a, g, kind == VecKind::Node ? v.nodes[i] : (kind == VecKind::Str ? v.ids[i] : static_cast<std::uint64_t>(v.ints[i])));
      continue;
    }
    const bool integer = kind == VecKind::Int || kind == VecKind::Bool;
    add_value(a, g, integer ? v.ints[i] : 0, kind == VecKind::Str ? v.strs[i] : std::string_view(), batch.weight(i));
  }
}

void GroupTable::merge(const GroupTable& other, ExecContext* charge) {
  std::vector<std::uint32_t> to(other.group_count_);
  const std::size_t k_count = keys_.size();
  if (word_key_ && !packed_ && !other.null_group_) {
    assign_words(
        other.group_count_, [&](std::size_t g) { return other.words_[g]; }, [&](std::size_t g) { return other.first_seen_[g]; },
        true, charge, to.data());
  } else {
    for (std::size_t g = 0; g < other.group_count_; ++g) {
      const std::uint64_t* words = other.words_.data() + g * k_count;
      to[g] = k_count == 0 ? 0 : find_or_add(words, other.nulls_[g], other.first_seen_[g], charge);
    }
  }
  for (std::size_t a = 0; a < shapes_.size(); ++a) {
    const AggregateCall& call = *shapes_[a].call;
    const Column& from = other.columns_[a];
    Column& into = columns_[a];
    if (call.distinct) {
      if (!into.seen_nodes.empty()) {
        for (std::size_t w = 0; w < into.seen_nodes.size(); ++w) {
          into.counts[0] += std::popcount(from.seen_nodes[w] & ~into.seen_nodes[w]);
          into.seen_nodes[w] |= from.seen_nodes[w];
        }
      } else {
        // The other table's (group, value) pairs renumbered to these groups, inserted together.
        pairs_.clear();
        from.distinct.for_each([&](std::uint64_t key) { pairs_.push_back((std::uint64_t{to[key >> 32]} << 32) | (key & 0xFFFFFFFFull)); });
        fresh_.resize(pairs_.size());
        into.distinct.insert_many(pairs_.data(), pairs_.size(), fresh_.data());
        for (std::size_t j = 0; j < pairs_.size(); ++j) into.counts[pairs_[j] >> 32] += fresh_[j];
      }
      continue;
    }
    for (std::size_t g = 0; g < other.group_count_; ++g) {
      const std::uint32_t t = to[g];
      switch (call.kind) {
        case AggregateKind::CountStar:
        case AggregateKind::Count: into.counts[t] += from.counts[g]; break;
        case AggregateKind::Sum:
        case AggregateKind::Avg:
          into.counts[t] += from.counts[g];
          if (__builtin_add_overflow(into.sums[t], from.sums[g], &into.sums[t])) {
            fail(ErrorCode::InvalidArgument, fmt::format("Integer overflow in {}", call.text));
          }
          break;
        case AggregateKind::Min:
        case AggregateKind::Max:
          if (from.has_best[g]) add_value(a, t, from.best_ints[g], from.best_strs[g], 1);
          break;
        case AggregateKind::Collect:
          into.lists[t].insert(into.lists[t].end(), from.lists[g].begin(), from.lists[g].end());
          held_items_ += from.lists[g].size();
          break;
        default: break;
      }
    }
  }
  if (charge != nullptr) charge_held(*charge);
}

Value GroupTable::key_value(const GraphStore& store, std::size_t k, std::size_t g) const {
  const std::uint64_t word = words_[g * keys_.size() + k];
  if (((nulls_[g] >> k) & 1u) != 0) return {};
  switch (keys_[k].kind) {
    case VecKind::Node: return NodeRef{static_cast<NodeId>(word)};
    case VecKind::Int: return static_cast<std::int64_t>(word);
    case VecKind::Bool: return word != 0;
    case VecKind::Str:
      if (keys_[k].interned) return std::string(store.strings().get(static_cast<StringId>(word)));
      return std::string(texts_[k].text(static_cast<std::uint32_t>(word)));
    default: return {};
  }
}

Value GroupTable::aggregate_value(const GraphStore& store, std::size_t a, std::size_t g) const {
  const Column& c = columns_[a];
  switch (shapes_[a].call->kind) {
    case AggregateKind::Collect: {
      ValueList list;
      list.reserve(c.lists[g].size());
      for (const std::uint64_t word : c.lists[g]) {
        switch (shapes_[a].kind) {
          case VecKind::Node: list.emplace_back(NodeRef{static_cast<NodeId>(word)}); break;
          case VecKind::Bool: list.emplace_back(word != 0); break;
          case VecKind::Str: list.emplace_back(std::string(store.strings().get(static_cast<StringId>(word)))); break;
          default: list.emplace_back(static_cast<std::int64_t>(word)); break;
        }
      }
      return list;
    }
    case AggregateKind::CountStar:
    case AggregateKind::Count: return c.counts[g];
    case AggregateKind::Sum: return c.sums[g];
    case AggregateKind::Avg:
      if (c.counts[g] == 0) return {};
      return static_cast<double>(c.sums[g]) / static_cast<double>(c.counts[g]);
    case AggregateKind::Min:
    case AggregateKind::Max:
      if (!c.has_best[g]) return {};
      if (shapes_[a].kind == VecKind::Int) return c.best_ints[g];
      return std::string(c.best_strs[g]);
    default: return {};
  }
}

}  // namespace trellis::cypher
