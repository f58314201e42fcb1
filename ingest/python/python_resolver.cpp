#include "python_resolver.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstring>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include <tbb/enumerable_thread_specific.h>

#include "python_builtins.hpp"
#include "python_interface.hpp"
#include "python_module_index.hpp"
#include "python_syntax.hpp"
#include "resolve/classify_unresolved.hpp"
#include "trellis/common/parallel.hpp"

namespace trellis::ingest::python {
namespace {

// Bounds the evaluation of chains that refer to each other
// (x = y.f(); y = x.g()), so resolution always ends.
constexpr int kMaxDepth = 400;
// Rounds of interprocedural flow (each carries values one call further):
// a bound the flows never reach (sympy settles in 9) that keeps a
// pathological tree from running on, not a cut of the analysis.
constexpr int kMaxRounds = 64;
// Times the flows one call site (or a file's other parts) passes on may
// change other than by growing before later changes only add to them. A
// flow depends on the flows before it in ways that are not monotone (a set
// grown to Many is unknown and passes nothing on; a write replaces what
// the constructor stored): past this count, what it passes on is the union
// over its rounds, so the rounds end in a fixpoint.
constexpr std::uint8_t kMaxShrinks = 2;
// A slice of a slice of ... past this start is a slice from an unknown
// start (`f(xs[1:])` in f itself would otherwise grow by one every round).
constexpr std::uint32_t kUnknownOffset = 4;

// What an expression may evaluate to, as far as static resolution can tell.
struct Value {
  // Many: more than kMaxValues values, which is as good as unknown (and,
  // unlike the first few of them, the same whatever order they came in).
  enum class Kind : std::uint8_t {
    Unknown, External, Module, Namespace, Class, Instance, Function, Super, Container, Many, Constant
  };
  Kind kind = Kind::Unknown;
  // Module: {file, module}; Class, Instance, Function, Super: the
  // definition; Container: the scope whose assignments fill it.
  ScopeRef ref;
  // Namespace: the dotted prefix; External: the top-level package;
  // Container: the place it was assigned to, as written (`d`, `self.fs`,
  // `d[s:k]`, `return`); Constant: the key an integer or string literal
  // selects (`i:1`, `s:k`), "" for any of more than kMaxConstants.
  std::string name;
  // Function: reached through an instance (or a class, for a classmethod),
  // so a call passes the receiver as its first parameter.
  bool bound = false;
  // Container: a slice `xs[n:]` of it, whose element i is its element i + n;
  // kUnknownOffset: a slice from a start not known, whose elements are any.
  std::uint32_t offset = 0;

  static Value external(std::string_view package) { return {Kind::External, {}, std::string(package)}; }
  bool is(Kind k) const { return kind == k; }
  bool operator==(const Value&) const = default;
  auto operator<=>(const Value&) const = default;
};

// Everything an expression may evaluate to: the union over the assignments
// that may reach it. Empty: unknown.
using Values = std::vector<Value>;
// A set that would grow past this is Many (generated dispatch tables).
constexpr std::size_t kMaxValues = 16;
// Past this many literal keys, a set holds the one Constant of any key.
constexpr std::size_t kMaxConstants = 4;

void add(Values& into, const Value& value) {
  if (value.is(Value::Kind::Unknown) || (into.size() == 1 && into[0].is(Value::Kind::Many))) return;
  if (value.is(Value::Kind::Many)) {
    into = {value};
    return;
  }
  if (std::find(into.begin(), into.end(), value) != into.end()) return;
  // Literal keys count apart: at most kMaxConstants of them beside kMaxValues others.
  const auto constant = [](const Value& v) { return v.is(Value::Kind::Constant); };
  if (value.is(Value::Kind::Constant)) {
    const Value any{Value::Kind::Constant, {}, {}};
    if (std::find(into.begin(), into.end(), any) != into.end()) return;
    if (value.name.empty() || static_cast<std::size_t>(std::count_if(into.begin(), into.end(), constant)) == kMaxConstants) {
      std::erase_if(into, constant);
      into.push_back(any);
    } else {
      into.push_back(value);
    }
    return;
  }
  if (into.size() >= kMaxValues && into.size() - static_cast<std::size_t>(std::count_if(into.begin(), into.end(), constant)) == kMaxValues) {
    into = {Value{Value::Kind::Many, {}, {}}};
    return;
  }
  into.push_back(value);
}
void add(Values& into, const Values& values) {
  for (const Value& value : values) add(into, value);
}
// Whether values say only that the object may be any of too many (Many).
bool is_many(const Values& values) { return values.size() == 1 && values[0].is(Value::Kind::Many); }
Values one(Value value) {
  if (value.is(Value::Kind::Unknown)) return {};
  return {std::move(value)};
}

// A place an assignment writes, as text: `d`, `self.fs`, `d[s:k]`.
std::string place_of(const LinkChain& chain, std::size_t length) {
  std::string place;
  for (std::size_t i = 0; i < length; ++i) {
    const Link& link = chain[i];
    switch (link.kind) {
      case Link::Kind::Name: place += link.text; break;
      case Link::Kind::Attribute: place += '.' + link.text; break;
      // A name as key (`d[k]`) is no one key: `d[k] = []` and `d[j].append(f)` are one place.
      case Link::Kind::Element: place += link.text.starts_with("n:") ? std::string("[]") : '[' + link.text + ']'; break;
      default: place += "()"; break;
    }
  }
  return place;
}

// A literal as a call's argument: the one link [Element "s:<text>"] or
// [Element "i:<digits>"] (see CallSite::arguments).
bool is_literal_argument(const LinkChain& chain) { return chain.size() == 1 && chain[0].kind == Link::Kind::Element; }

bool is_container_literal(const LinkChain& chain) {
  if (chain.size() != 1 || chain[0].kind != Link::Kind::Literal) return false;
  const std::string& type = chain[0].text;
  return type == "list" || type == "dict" || type == "set" || type == "tuple";
}

// What flows into one parameter of a function from one call site (or a
// decorator's application), or into an attribute of a class's instances
// from an assignment through a receiver of that class (`obj.fn = f`): the
// interprocedural part of the analysis.
struct FlowFact {
  ScopeRef target;            // the function, or the class
  std::uint32_t parameter = 0;
  std::string attribute;      // empty for a parameter
  Value value;
  bool operator==(const FlowFact&) const = default;
  auto operator<=>(const FlowFact&) const = default;
};

// A flow key (what one parameter, or one attribute of a class's instances,
// receives) as a 64-bit digest. What an evaluation read of the flows is kept
// as these, so that a later round evaluates again only what read a key whose
// values changed. Two keys that share a digest cost a needless evaluation,
// never a missed one.
using FlowKey = std::uint64_t;

FlowKey flow_key(ScopeRef target, std::uint32_t parameter, std::string_view attribute) {
  const auto mix = [](std::uint64_t h, std::uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    h ^= h >> 31;
    h *= 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 29);
  };
  std::uint64_t h = mix(target.file, target.def);
  h = mix(h, parameter);
  return mix(h, std::hash<std::string_view>{}(attribute));
}

// The flow keys an evaluation read: sorted, each once. Past kMaxReads keys
// it is kEverything alone (evaluated again whenever any flow changes).
using Reads = std::vector<FlowKey>;
constexpr FlowKey kEverything = std::numeric_limits<FlowKey>::max();
constexpr std::size_t kMaxReads = 256;

// Sorts and dedupes reads[from, end).
void normalize_reads(Reads& reads, std::size_t from) {
  const auto begin = reads.begin() + static_cast<std::ptrdiff_t>(from);
  std::sort(begin, reads.end());
  reads.erase(std::unique(begin, reads.end()), reads.end());
  if (reads.size() - from > kMaxReads || (reads.size() > from && reads.back() == kEverything)) {
    reads.resize(from);
    reads.push_back(kEverything);
  }
}

// The flow keys whose values changed in a round: sorted, with a bit filter
// in front, as every call site's reads are checked against them.
class ChangedFlows {
 public:
  ChangedFlows() = default;
  explicit ChangedFlows(std::vector<FlowKey> keys) : keys_(std::move(keys)), filter_(kFilterWords, 0) {
    for (const FlowKey key : keys_) filter_[bit(key) / 64] |= std::uint64_t{1} << (bit(key) % 64);
  }
  bool empty() const { return keys_.empty(); }
  std::size_t size() const { return keys_.size(); }
  bool contains(FlowKey key) const {
    if (keys_.empty() || (filter_[bit(key) / 64] & (std::uint64_t{1} << (bit(key) % 64))) == 0) return false;
    return std::binary_search(keys_.begin(), keys_.end(), key);
  }

 private:
  static constexpr std::size_t kFilterWords = 1024;  // 65,536 bits
  static std::size_t bit(FlowKey key) { return static_cast<std::size_t>(key >> 40) % (kFilterWords * 64); }
  std::vector<FlowKey> keys_;
  std::vector<std::uint64_t> filter_;
};

// Whether what read `reads` may change now that `changed` did.
bool reads_changed(const Reads& reads, const ChangedFlows& changed) {
  if (reads.empty() || changed.empty()) return false;
  if (reads.back() == kEverything) return true;
  return std::any_of(reads.begin(), reads.end(), [&](FlowKey key) { return changed.contains(key); });
}

// A literal key (a name bound to `"a"` or `1`, a literal argument) is, as
// an object, a builtin str or int: its attributes and calls are builtins'.
Value as_object(const Value& value) { return value.is(Value::Kind::Constant) ? Value::external("builtins") : value; }
bool is_builtin_object(const Value& value) { return value.is(Value::Kind::External) || value.is(Value::Kind::Constant); }
// Whether some of the values are objects of the tree (none: all builtins).
bool in_tree(const Values& values) { return !std::all_of(values.begin(), values.end(), is_builtin_object); }

// Values worth passing on to a parameter.
bool flows_on(const Value& value) {
  switch (value.kind) {
    case Value::Kind::Function:
    case Value::Kind::Class:
    case Value::Kind::Instance:
    case Value::Kind::Container:
    case Value::Kind::Module:
    case Value::Kind::Many:
    case Value::Kind::External: return true;
    default: return false;
  }
}

// Every parameter's and attribute's values from the flows of the whole
// program. Each round changes the facts of a few call sites only: the table
// keeps how many facts give each value to each key, takes the facts a round
// added and removed, and computes again only the keys they touch. A key's
// values are what add() makes of its distinct values in any order (a set
// past kMaxValues is Many, past kMaxConstants literal keys any key), sorted.
class FlowTable {
 public:
  // `added` facts now hold, and `removed` ones (each added before) no longer.
  void update(std::span<const FlowFact> removed, std::span<const FlowFact> added) {
    for (const FlowFact& fact : removed) count(fact, -1);
    for (const FlowFact& fact : added) count(fact, +1);
  }

  // Settles the keys touched since the last call; returns those whose values
  // changed (a key with no fact left has none), sorted.
  std::vector<FlowKey> changed_keys() {
    std::vector<FlowKey> changed;
    for (const auto it : touched_) {
      Entry& entry = it->second;
      entry.touched = false;
      std::erase_if(entry.counts, [](const auto& c) { return c.second == 0; });
      const FlowKey key = flow_key(std::get<0>(it->first), std::get<1>(it->first), std::get<2>(it->first));
      if (entry.counts.empty()) {
        if (entry.present) changed.push_back(key);
        entries_.erase(it);
        continue;
      }
      Values values;
      for (const auto& [value, n] : entry.counts) add(values, value);
      std::sort(values.begin(), values.end());
      if (!entry.present || values != entry.values) changed.push_back(key);
      entry.values = std::move(values);
      entry.present = true;
    }
    touched_.clear();
    std::sort(changed.begin(), changed.end());
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    return changed;
  }

  // nullptr when no fact flows into the key (as of the last changed_keys()).
  const Values* find(ScopeRef function, std::uint32_t parameter) const { return find({function, parameter, {}}); }
  const Values* find(ScopeRef klass, const std::string& attribute) const { return find({klass, 0, attribute}); }

 private:
  using Key = std::tuple<ScopeRef, std::uint32_t, std::string>;
  struct Entry {
    std::vector<std::pair<Value, std::int64_t>> counts;  // by value, sorted
    Values values;         // as of the last changed_keys()
    bool present = false;  // had a fact at the last changed_keys()
    bool touched = false;
  };

  void count(const FlowFact& fact, std::int64_t n) {
    const auto it = entries_.try_emplace({fact.target, fact.parameter, fact.attribute}).first;
    Entry& entry = it->second;
    if (!entry.touched) {
      entry.touched = true;
      touched_.push_back(it);
    }
    const auto at = std::lower_bound(entry.counts.begin(), entry.counts.end(), fact.value,
                                     [](const auto& c, const Value& v) { return c.first < v; });
    if (at != entry.counts.end() && at->first == fact.value) {
      at->second += n;
    } else {
      entry.counts.insert(at, {fact.value, n});
    }
  }

  const Values* find(const Key& key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() || !it->second.present ? nullptr : &it->second.values;
  }

  std::map<Key, Entry> entries_;
  std::vector<std::map<Key, Entry>::iterator> touched_;
};

// How a name is bound in one scope. Later bindings (by line) replace earlier ones.
struct Binding {
  enum class Kind : std::uint8_t { Definition, Module, ImportedName, External, Assigned, Parameter, Local };
  Kind kind = Kind::Local;
  ScopeRef where;           // the scope that binds the name
  ScopeIndex definition = kModuleScope;  // Definition: the definition index
  std::string module;       // Module, ImportedName: absolute dotted name; External: package
  std::string name;         // ImportedName: the name in `module`
  std::vector<const Assignment*> assignments;  // Assigned
  const LinkChain* annotation = nullptr;       // Parameter
  bool receiver = false;    // Parameter: the `self` / `cls` of a method
  std::uint32_t parameter = 0;  // Parameter: its position
};

// A function's `return` statements are assignments to this name, which no
// Python code can bind.
constexpr std::string_view kReturn = "return";

// A name with its hash, computed once for a lookup through many tables
// (the scopes out to the module, a class's MRO).
struct HashedName {
  std::string_view text;
  std::size_t hash;
  explicit HashedName(std::string_view name) : text(name), hash(std::hash<std::string_view>{}(name)) {}
};
struct NameHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
  std::size_t operator()(const HashedName& name) const { return name.hash; }
};
struct NameEqual {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const { return a == b; }
  bool operator()(const HashedName& a, std::string_view b) const { return a.text == b; }
  bool operator()(std::string_view a, const HashedName& b) const { return a == b.text; }
};

// Names are views of the files' facts, which outlive the tables.
struct ScopeTable {
  std::unordered_map<std::string_view, Binding, NameHash, NameEqual> names;
  std::vector<std::string> star_modules;  // `from m import *`, in order
};

struct FileIndex {
  std::vector<std::vector<ScopeIndex>> children;  // by definition; module's at the back
  std::vector<std::vector<const Import*>> imports;
  std::vector<std::vector<const Assignment*>> assignments;
  std::vector<std::unique_ptr<ScopeTable>> tables;  // module's at the back
  // By class definition: `self.<name> = ...` assignments in its methods, by name.
  std::vector<std::unordered_map<std::string_view, std::vector<const Assignment*>>> instance_attributes;
  // By class definition: writes into the elements of `self.<place>` in its
  // methods (`self.d[k] = f`), by the place after the receiver (`.d`).
  std::vector<std::unordered_map<std::string, std::vector<const Assignment*>>> receiver_elements;
  // By scope: assignments into a container's elements (`d["k"] = f`,
  // `xs.append(f)`, a literal's items), by the container's place (`d`).
  std::vector<std::unordered_map<std::string, std::vector<const Assignment*>>> elements;
  // By scope: the writes into its containers' elements from the functions
  // nested in it that do not bind the container's name (`d[k] = f` in a
  // function, d the module's), by place; they may run at any time.
  std::vector<std::unordered_map<std::string, std::vector<const Assignment*>>> elements_elsewhere;
  // By scope: the names it uses as subscript keys (`xs[i]`), sorted.
  std::vector<std::vector<std::string_view>> keys;
};

// The names `chain` uses as subscript keys (Element "n:<name>").
void add_key_names(const LinkChain& chain, std::vector<std::string_view>& names) {
  for (const Link& link : chain) {
    if (link.kind == Link::Kind::Element && link.text.starts_with("n:")) names.push_back(std::string_view(link.text).substr(2));
  }
}

std::size_t slot(ScopeIndex scope, std::size_t definitions) {
  return scope == kModuleScope ? definitions : scope;
}

// `@name` or `@module.name`.
bool has_decorator(const Definition& definition, std::string_view name) {
  return std::any_of(definition.decorators.begin(), definition.decorators.end(), [&](const std::string& d) {
    return d == name || (d.size() > name.size() && d.ends_with(name) && d[d.size() - name.size() - 1] == '.');
  });
}

// A decorator's last dotted name, without call arguments: "x.setter" -> "setter".
std::string_view decorator_name(std::string_view decorator) {
  decorator = decorator.substr(0, decorator.find('('));
  const auto dot = decorator.rfind('.');
  return dot == std::string_view::npos ? decorator : decorator.substr(dot + 1);
}

// A decorator as written (`dec`, `mod.dec`, `app.route("/x")`) as the
// chain of the expression applied to the definition; empty when it is not
// a plain dotted name, possibly called.
LinkChain decorator_chain(std::string_view decorator) {
  const auto paren = decorator.find('(');
  LinkChain chain = dotted_links(decorator.substr(0, paren));
  if (chain.size() == 1 && chain[0].kind == Link::Kind::Opaque) return {};
  if (paren != std::string_view::npos) chain.push_back({Link::Kind::Call, {}});
  return chain;
}

bool is_accessor(std::string_view name) { return name == "setter" || name == "getter" || name == "deleter"; }

// Reading the name runs the function (`@property`, `@functools.cached_property`,
// decorators named like them such as `@memoize_property`, and a property's
// `@x.setter`): `obj.name(...)` calls what the getter returns, not the getter.
bool is_property(const Definition& definition) {
  return std::any_of(definition.decorators.begin(), definition.decorators.end(), [](const std::string& d) {
    const std::string_view name = decorator_name(d);
    return name.ends_with("property") || is_accessor(name);
  });
}

// `x = None`: says nothing about the type x has when it is used as a receiver
// (a call on None fails), so it neither types nor untypes the name.
bool assigns_none(const Assignment& assignment) {
  return assignment.annotation.empty() && assignment.value.size() == 1 &&
         assignment.value[0].kind == Link::Kind::Literal && assignment.value[0].text == "None";
}

// `x += y`, as the extractor writes it: [Name x] = [Name x, Opaque "+="].
bool is_augmented(const Assignment& assignment) {
  const LinkChain& value = assignment.value;
  return value.size() == 2 && value[1].kind == Link::Kind::Opaque && value[1].text == "+=";
}

// The names every scope of every file binds, built once per file and then
// only read, so resolution can run on many threads. `eager` builds every
// file's tables up front (in parallel, one file per task); otherwise a
// file's tables are built the first time a lookup needs them, so resolving
// a few files reads only the files their names lead to.
class ScopeTables {
 public:
  ScopeTables(std::span<const FileFacts> files, const PythonModuleIndex& modules, bool eager)
      : files_(files), modules_(modules), index_(files.size()), built_(std::make_unique<std::once_flag[]>(files.size())) {
    if (eager) {
      trellis::parallel_for(std::size_t{0}, files.size(), [this](std::size_t f) { ensure(static_cast<std::uint32_t>(f)); });
    }
  }

  // Freeing every file's tables is a hundred thousand small frees: spread them.
  ~ScopeTables() {
    trellis::parallel_for(std::size_t{0}, index_.size(), [this](std::size_t f) { index_[f] = FileIndex{}; });
  }
  ScopeTables(const ScopeTables&) = delete;
  ScopeTables& operator=(const ScopeTables&) = delete;

  std::span<const FileFacts> files() const { return files_; }
  const PythonModuleIndex& modules() const { return modules_; }
  const FileIndex& index(std::uint32_t file) const {
    ensure(file);
    return index_[file];
  }
  // The names one scope binds itself.
  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const {
    ensure(file);
    return *index_[file].tables[slot(scope, files_[file].definitions.size())];
  }

  // The classes of the tree with a base written with this last name
  // (`class C(A)`, `C(mod.A)`, `C(A[T])`): where the subclasses of a class
  // named so are, in file and definition order. Read from the definitions
  // of every file on first use; the bases themselves are resolved by the
  // asker.
  std::span<const ScopeRef> classes_naming_base(std::string_view name) const {
    std::call_once(base_names_built_, [this] {
      for (std::uint32_t f = 0; f < files_.size(); ++f) {
        const auto& definitions = files_[f].definitions;
        for (ScopeIndex d = 0; d < definitions.size(); ++d) {
          if (definitions[d].label != Label::Class) continue;
          for (const LinkChain& base : definitions[d].bases) {
            const auto named = std::find_if(base.rbegin(), base.rend(), [](const Link& l) {
              return l.kind == Link::Kind::Name || l.kind == Link::Kind::Attribute;
            });
            if (named == base.rend()) continue;
            std::vector<ScopeRef>& classes = by_base_name_[named->text];
            if (classes.empty() || classes.back() != ScopeRef{f, d}) classes.push_back({f, d});
          }
        }
      }
    });
    const auto it = by_base_name_.find(name);
    return it == by_base_name_.end() ? std::span<const ScopeRef>() : std::span<const ScopeRef>(it->second);
  }

 private:
  // Builds the file's index and tables once, whichever thread asks first.
  void ensure(std::uint32_t file) const {
    std::call_once(built_[file], [this, file] {
      index_file(file);
      FileIndex& index = index_[file];
      const std::size_t n = files_[file].definitions.size();
      for (std::size_t s = 0; s <= n; ++s) {
        const ScopeIndex scope = s == n ? kModuleScope : static_cast<ScopeIndex>(s);
        index.tables[s] = std::make_unique<ScopeTable>(build_table(file, scope));
      }
      index_elements(file);
    });
  }

  // FileIndex::elements and elements_elsewhere, once the scopes' tables say
  // which scope binds each container's name.
  void index_elements(std::uint32_t f) const {
    const FileFacts& facts = files_[f];
    FileIndex& index = index_[f];
    const std::size_t n = facts.definitions.size();
    index.elements.resize(n + 1);
    index.elements_elsewhere.resize(n + 1);
    for (const Assignment& assignment : facts.all_assignments()) {
      const LinkChain& target = assignment.target;
      if (target.size() < 2 || target.back().kind != Link::Kind::Element) continue;
      const std::string place = place_of(target, target.size() - 1);
      const ScopeIndex owner = target[0].kind == Link::Kind::Name ? binding_scope(f, assignment.scope, target[0].text)
                                                                  : assignment.scope;
      if (owner == assignment.scope) {
        index.elements[slot(owner, n)][place].push_back(&assignment);
      } else {
        index.elements_elsewhere[slot(owner, n)][place].push_back(&assignment);
      }
    }
  }

  // The scope a name used in `scope` is bound in: `scope` itself when it
  // binds it, else the nearest enclosing function that does, else the
  // module (class bodies enclose nothing).
  ScopeIndex binding_scope(std::uint32_t f, ScopeIndex scope, std::string_view name) const {
    const FileFacts& facts = files_[f];
    const std::size_t n = facts.definitions.size();
    ScopeIndex at = scope;
    while (at != kModuleScope && !index_[f].tables[slot(at, n)]->names.contains(name)) {
      do {
        at = facts.definitions[at].parent;
      } while (at != kModuleScope && facts.definitions[at].label == Label::Class);
    }
    return at;
  }

  void index_file(std::uint32_t f) const {
    const FileFacts& facts = files_[f];
    FileIndex& index = index_[f];
    const std::size_t n = facts.definitions.size();
    index.children.resize(n + 1);
    index.imports.resize(n + 1);
    index.assignments.resize(n + 1);
    index.tables.resize(n + 1);
    for (ScopeIndex d = 0; d < n; ++d) index.children[slot(facts.definitions[d].parent, n)].push_back(d);
    for (const Import& import : facts.imports) index.imports[slot(import.scope, n)].push_back(&import);
    for (const Assignment& assignment : facts.all_assignments()) {
      index.assignments[slot(assignment.scope, n)].push_back(&assignment);
    }
    index.instance_attributes.resize(n);
    index.keys.resize(n + 1);
    for (const CallSite& call : facts.calls) add_key_names(call.callee, index.keys[slot(call.scope, n)]);
    for (const Assignment& assignment : facts.all_assignments()) {
      add_key_names(assignment.target, index.keys[slot(assignment.scope, n)]);
      add_key_names(assignment.value, index.keys[slot(assignment.scope, n)]);
    }
    for (auto& keys : index.keys) {
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    }
    for (const Assignment& assignment : facts.all_assignments()) {
      if (assignment.scope == kModuleScope || assignment.target.size() != 2) continue;
      const Definition& method = facts.definitions[assignment.scope];
      if (assignment.target[1].kind != Link::Kind::Attribute) continue;
      if (method.label != Label::Method || method.first_parameter.empty() ||
          has_decorator(method, "staticmethod") || assignment.target[0].text != method.first_parameter) {
        continue;
      }
      index.instance_attributes[method.parent][assignment.target[1].text].push_back(&assignment);
    }
    index.receiver_elements.resize(n);
    for (const Assignment& assignment : facts.all_assignments()) {
      const LinkChain& target = assignment.target;
      if (assignment.scope == kModuleScope || target.size() < 3 || target.back().kind != Link::Kind::Element) continue;
      const Definition& method = facts.definitions[assignment.scope];
      if (method.label != Label::Method || method.first_parameter.empty() || has_decorator(method, "staticmethod") ||
          target[0].kind != Link::Kind::Name || target[0].text != method.first_parameter ||
          target[1].kind != Link::Kind::Attribute) {
        continue;
      }
      const std::string place = place_of(target, target.size() - 1);
      index.receiver_elements[method.parent][place.substr(method.first_parameter.size())].push_back(&assignment);
    }
  }


  ScopeTable build_table(std::uint32_t file, ScopeIndex scope) const {
    const FileFacts& facts = files_[file];
    const FileIndex& index = index_[file];
    const std::size_t s = slot(scope, facts.definitions.size());
    ScopeTable table;
    const ScopeRef where{file, scope};

    if (scope != kModuleScope) {
      const Definition& definition = facts.definitions[scope];
      for (const std::string& local : definition.local_names) {
        table.names[local] = Binding{Binding::Kind::Local, where, kModuleScope, {}, {}, {}, nullptr, false};
      }
      for (std::size_t p = 0; p < definition.parameters.size(); ++p) {
        Binding binding{Binding::Kind::Parameter, where, kModuleScope, {}, {}, {}, nullptr, false};
        for (const auto& [name, annotation] : definition.annotated_parameters) {
          if (name == definition.parameters[p]) binding.annotation = &annotation;
        }
        binding.receiver = p == 0 && definition.label == Label::Method && !has_decorator(definition, "staticmethod");
        binding.parameter = static_cast<std::uint32_t>(p);
        table.names[definition.parameters[p]] = std::move(binding);
      }
    }

    // Definitions, imports and assignments in line order: the last one wins.
    struct Event {
      std::uint32_t line;
      int kind;  // 0 definition, 1 import, 2 assignment
      const void* item;
      ScopeIndex definition;
    };
    std::vector<Event> events;
    for (const ScopeIndex d : index.children[s]) {
      if (!facts.definitions[d].typing_only) events.push_back({facts.definitions[d].span.line_start, 0, nullptr, d});
    }
    for (const Import* import : index.imports[s]) events.push_back({import->line, 1, import, kModuleScope});
    for (const Assignment* assignment : index.assignments[s]) {
      if (assignment->target.size() == 1 && assignment->target[0].kind == Link::Kind::Name) {
        events.push_back({assignment->line, 2, assignment, kModuleScope});
      }
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.line < b.line; });

    for (const Event& event : events) {
      if (event.kind == 0) {
        const Definition& definition = facts.definitions[event.definition];
        table.names[definition.name] =
            Binding{Binding::Kind::Definition, where, event.definition, {}, {}, {}, nullptr, false};
      } else if (event.kind == 1) {
        bind_import(*static_cast<const Import*>(event.item), where, table);
      } else {
        const auto* assignment = static_cast<const Assignment*>(event.item);
        // `except ImportError: x = None` after `from m import x` keeps the import.
        if (assigns_none(*assignment) && table.names.contains(assignment->target[0].text)) continue;
        // `x += y` adds to x's assignments (a literal's value changes);
        // a parameter, import or definition stays what it is.
        if (is_augmented(*assignment)) {
          const auto bound = table.names.find(assignment->target[0].text);
          if (bound != table.names.end() && bound->second.kind == Binding::Kind::Assigned) {
            bound->second.assignments.push_back(assignment);
          }
          continue;
        }
        Binding& binding = table.names[assignment->target[0].text];
        if (binding.kind != Binding::Kind::Assigned) {
          binding = Binding{Binding::Kind::Assigned, where, kModuleScope, {}, {}, {}, nullptr, false};
        }
        binding.assignments.push_back(assignment);
      }
    }
    return table;
  }

  void bind_import(const Import& import, ScopeRef where, ScopeTable& table) const {
    if (!import.is_from) {
      if (!import.alias.empty()) {
        table.names[import.alias] = module_binding(import.module, where);
      } else {
        // `import a.b.c` binds `a`; the rest is reached by attribute.
        table.names[top_level(import.module)] = module_binding(std::string(top_level(import.module)), where);
      }
      return;
    }
    const auto base = modules_.absolute_name(where.file, import.level, import.module);
    if (!base) return;
    if (import.name == "*") {
      table.star_modules.push_back(*base);
      return;
    }
    // A module importing from itself (`from pkg.m import X` inside pkg.m)
    // gets what the name is bound to so far; binding it to the import would
    // make the name refer to itself. A name not bound yet is a submodule
    // (`from . import json` in a package's __init__), as Python imports it.
    if (where.def == kModuleScope && *base == modules_.name_of(where.file)) {
      if (const auto it = table.names.find(import.name); it != table.names.end()) {
        if (!import.alias.empty()) table.names[import.alias] = Binding(it->second);
      } else if (const std::string submodule = *base + "." + import.name;
                 modules_.file_of(submodule) || modules_.is_namespace(submodule)) {
        table.names[import.alias.empty() ? import.name : import.alias] = module_binding(submodule, where);
      }
      return;
    }
    table.names[import.alias.empty() ? import.name : import.alias] =
        Binding{Binding::Kind::ImportedName, where, kModuleScope, *base, import.name, {}, nullptr, false};
  }

  Binding module_binding(const std::string& name, ScopeRef where) const {
    if (modules_.file_of(name) || modules_.is_namespace(name)) {
      return Binding{Binding::Kind::Module, where, kModuleScope, name, {}, {}, nullptr, false};
    }
    return Binding{Binding::Kind::External, where, kModuleScope, std::string(top_level(name)), {}, {}, nullptr, false};
  }


  std::span<const FileFacts> files_;
  const PythonModuleIndex& modules_;
  // Written once per file under built_'s flag, read-only after.
  mutable std::vector<FileIndex> index_;
  std::unique_ptr<std::once_flag[]> built_;
  // Written once under its flag, read-only after (views of the facts' names).
  mutable std::unordered_map<std::string_view, std::vector<ScopeRef>> by_base_name_;
  mutable std::once_flag base_names_built_;
};

// pytest fixtures (functions decorated `@pytest.fixture` / `@fixture`) by
// name, and which test files see each: its own file, and a conftest.py
// sees the files in its folder and below.
class Fixtures {
 public:
  explicit Fixtures(std::span<const FileFacts> files) : files_(files) {
    for (std::uint32_t f = 0; f < files.size(); ++f) {
      const auto& definitions = files[f].definitions;
      for (ScopeIndex d = 0; d < definitions.size(); ++d) {
        if (definitions[d].label == Label::Class) continue;
        for (const std::string& decorator : definitions[d].decorators) {
          if (decorator_name(decorator) != "fixture") continue;
          // `@pytest.fixture(name="app")` names the fixture; else the function does.
          const std::string_view named = fixture_name(decorator);
          by_name_[named.empty() ? std::string_view(definitions[d].name) : named].push_back({f, d});
          break;
        }
      }
    }
  }

  bool is_fixture(ScopeRef ref) const {
    const Definition& definition = files_[ref.file].definitions[ref.def];
    return std::any_of(definition.decorators.begin(), definition.decorators.end(),
                       [](const std::string& d) { return decorator_name(d) == "fixture"; });
  }

  // The string given as `name=` in a fixture decorator's arguments, if any.
  static std::string_view fixture_name(std::string_view decorator) {
    const auto paren = decorator.find('(');
    if (paren == std::string_view::npos) return {};
    std::size_t at = decorator.find("name", paren);
    while (at != std::string_view::npos) {
      const bool starts_word = !(std::isalnum(static_cast<unsigned char>(decorator[at - 1])) || decorator[at - 1] == '_');
      std::size_t i = at + 4;
      while (i < decorator.size() && decorator[i] == ' ') ++i;
      if (starts_word && i < decorator.size() && decorator[i] == '=') {
        ++i;
        while (i < decorator.size() && decorator[i] == ' ') ++i;
        if (i < decorator.size() && (decorator[i] == '"' || decorator[i] == '\'')) {
          const auto close = decorator.find(decorator[i], i + 1);
          if (close != std::string_view::npos) return decorator.substr(i + 1, close - i - 1);
        }
        return {};
      }
      at = decorator.find("name", at + 4);
    }
    return {};
  }

  // The fixtures named `name` that `file` sees.
  std::vector<ScopeRef> visible(const std::string& name, std::uint32_t file) const {
    std::vector<ScopeRef> found;
    const auto it = by_name_.find(name);
    if (it == by_name_.end()) return found;
    const std::string_view path = files_[file].relative_path;
    for (const ScopeRef& fixture : it->second) {
      const std::string_view at = files_[fixture.file].relative_path;
      const std::size_t slash = at.rfind('/');
      const std::string_view folder = slash == std::string_view::npos ? std::string_view() : at.substr(0, slash + 1);
      const std::string_view stem = at.substr(folder.size());
      if (fixture.file == file || (stem == "conftest.py" && path.starts_with(folder))) found.push_back(fixture);
    }
    return found;
  }

 private:
  std::span<const FileFacts> files_;
  std::unordered_map<std::string_view, std::vector<ScopeRef>> by_name_;
};

class Resolver {
 public:
  // What a memoised value is: the object it is about (a binding, a
  // definition, an attribute's or a container's assignments), what is asked
  // of it, and which part.
  enum MemoKind : std::uint32_t {
    kAssigned, kAttribute, kImported, kDecorated, kElement, kStarMember, kTraced, kBuilt, kSubclassMember
  };
  struct MemoKey {
    const void* object;
    std::uint32_t kind;
    std::uint64_t part;
    std::uint32_t name;  // name_id() of a name or key, for those asked by one
    bool operator==(const MemoKey&) const = default;
  };
  struct MemoKeyHash {
    std::size_t operator()(const MemoKey& key) const {
      std::uint64_t h = reinterpret_cast<std::uintptr_t>(key.object) * 0x9e3779b97f4a7c15ULL;
      h ^= (key.part + key.kind + (std::uint64_t{key.name} << 40)) * 0xbf58476d1ce4e5b9ULL;
      return static_cast<std::size_t>(h ^ (h >> 32));
    }
  };

  // One per thread and round: the caches below are the only state
  // resolution changes, and they are dropped before each file (forget()).
  // `flows` holds what parameters receive.
  Resolver(const ScopeTables& tables, const FlowTable& flows, const Fixtures& fixtures)
      : tables_(tables), files_(tables.files()), modules_(tables.modules()), flows_(flows), fixtures_(fixtures) {}

  const PythonModuleIndex& modules() const { return modules_; }
  std::span<const FileFacts> files() const { return files_; }

  // The flow keys (what parameters and attributes receive from elsewhere)
  // read by what was evaluated since the last call: those results change
  // when these flows do.
  // Drops what was memoised: each file is resolved from a clean slate, so
  // its answers do not depend on which files the thread resolved before.
  void forget() {
    cache_.clear();
    mro_.clear();
    subclasses_.clear();
    provisional_.clear();
  }

  Reads take_reads() {
    normalize_reads(reads_, 0);
    return std::exchange(reads_, {});
  }

  // What a call's callee expression may be, evaluated where the call is.
  // `line`, when known, is the call's: a name assigned in `scope` itself then
  // takes its values from the assignments above that line only.
  Values evaluate(const LinkChain& chain, std::uint32_t file, ScopeIndex scope, int depth, std::uint32_t line = 0) {
    if (chain.empty()) return {};
    if (depth > kMaxDepth) {
      truncated();
      return {};
    }
    std::size_t i = 1;
    Values values;
    const Link& head = chain[0];
    if (head.kind == Link::Kind::Name && head.text == "super" && chain.size() > 1 &&
        chain[1].kind == Link::Kind::Call && lookup(head.text, file, scope) == nullptr) {
      const ScopeIndex klass = enclosing_class(file, scope);
      if (klass == kModuleScope) return {};
      values = {Value{Value::Kind::Super, {file, klass}, {}}};
      i = 2;
    } else if (head.kind == Link::Kind::Name) {
      const Binding* binding = lookup(head.text, file, scope);
      std::optional<Values> traced;
      if (line != 0 && chain.size() > 1 && chain[1].kind == Link::Kind::Attribute && binding != nullptr &&
          binding->kind == Binding::Kind::Assigned && binding->where == ScopeRef{file, scope}) {
        traced = traced_attribute(*binding, chain[1].text, file, scope, depth, line);
      }
      if (traced) {
        values = std::move(*traced);
        i = 2;
      } else {
        values = resolve_name(head.text, binding, file, scope, depth, line);
      }
    } else if (head.kind == Link::Kind::Literal) {
      values = {Value::external("builtins")};
    } else if (head.kind == Link::Kind::Element && chain.size() == 1) {
      values = {Value{Value::Kind::Constant, {}, head.text}};  // a literal argument's key
    } else {
      return {};
    }
    if (i < chain.size() && !values.empty()) follow(values, chain, i, file, scope, depth, line);
    return values;
  }

  // Replaces `values` (what chain[0, i) evaluated to) with what chain[i..] gives from them.
  void follow(Values& values, const LinkChain& chain, std::size_t i, std::uint32_t file, ScopeIndex scope, int depth,
              std::uint32_t line) {
    for (; i < chain.size() && !values.empty(); ++i) {
      const Link& link = chain[i];
      Values next;
      if (values.size() == 1 && values[0].is(Value::Kind::Many)) break;
      if (const DictView view = dict_view(chain, i); view.links != 0 &&
          std::any_of(values.begin(), values.end(), [](const Value& v) { return v.is(Value::Kind::Container); })) {
        const LinkChain links(chain.begin() + static_cast<std::ptrdiff_t>(i),
                              chain.begin() + static_cast<std::ptrdiff_t>(i + view.links));
        for (const Value& value : values) {
          if (value.is(Value::Kind::Container)) {
            add(next, view.keys ? container_keys(value, depth + 1) : element(value, {}, depth + 1, {}, 0));
          } else {
            Values other{value};
            follow(other, links, 0, file, scope, depth + 1, line);
            add(next, other);
          }
        }
        values = std::move(next);
        i += view.links - 1;
        continue;
      }
      for (const Value& value : values) {
        switch (link.kind) {
          case Link::Kind::Attribute: add(next, member(value, link.text, depth + 1)); break;
          case Link::Kind::Call:
            if (!passed_through(value, chain, i, file, scope, depth + 1, line, next)) add(next, call_result(value, depth + 1));
            break;
          case Link::Kind::Element: add(next, element(value, link.text, depth + 1, {file, scope}, line)); break;
          case Link::Kind::Opaque:
            // `x += y` (the extractor's [Name x, Opaque "+="]): the same
            // object, or a literal of another value.
            if (link.text == "+=") add(next, value.is(Value::Kind::Constant) ? Value{Value::Kind::Constant, {}, {}} : value);
            break;
          default: break;
        }
      }
      values = std::move(next);
    }
  }

  // An element of a dict's view iterated, from chain[i]: `d.values()` and
  // `d.keys()` then Element "" (`for v in d.values()`), or `d.items()` then
  // Element "" and the pair's Element "i:0" (a key) or "i:1" (a value).
  struct DictView {
    std::size_t links = 0;  // 0: no such view
    bool keys = false;
  };
  static DictView dict_view(const LinkChain& chain, std::size_t i) {
    const auto is = [&](std::size_t at, Link::Kind kind) { return at < chain.size() && chain[at].kind == kind; };
    if (!is(i, Link::Kind::Attribute) || !is(i + 1, Link::Kind::Call) || !is(i + 2, Link::Kind::Element) ||
        !chain[i + 2].text.empty()) {
      return {};
    }
    const std::string& method = chain[i].text;
    if (method == "values") return {3, false};
    if (method == "keys") return {3, true};
    if (method != "items" || !is(i + 3, Link::Kind::Element)) return {};
    if (chain[i + 3].text == "i:0") return {4, true};
    if (chain[i + 3].text == "i:1") return {4, false};
    return {};
  }

  // The keys written into a container's elements: a literal key as its
  // Constant, a name as key (`d[cls] = f`) as what the name holds where it
  // is written.
  Values container_keys(const Value& container, int depth) {
    if (depth > kMaxDepth) {
      truncated();
      return {};
    }
    const FileIndex& index = tables_.index(container.ref.file);
    const std::size_t at = slot(container.ref.def, files_[container.ref.file].definitions.size());
    Values keys;
    const auto read = [&](const Assignment& write) {
      const std::string& key = write.target.back().text;
      if (key.starts_with("s:") || key.starts_with("i:")) {
        add(keys, Value{Value::Kind::Constant, {}, key});
      } else if (key.starts_with("n:")) {
        add(keys, evaluate(LinkChain{Link{Link::Kind::Name, key.substr(2)}}, container.ref.file, write.scope, depth + 1,
                           write.line));
      }
    };
    if (const auto it = index.elements[at].find(container.name); it != index.elements[at].end()) {
      for (const Assignment* write : it->second) read(*write);
    }
    if (const auto it = index.elements_elsewhere[at].find(container.name); it != index.elements_elsewhere[at].end()) {
      for (const Assignment* write : it->second) read(*write);
    }
    if (const std::vector<const Assignment*>* by_methods = receiver_writes(container)) {
      for (const Assignment* write : *by_methods) {
        if (write->scope != container.ref.def) read(*write);
      }
    }
    return keys;
  }

  // The names module `file` re-exports, each with the definition or module
  // it stands for: with `__all__`, the names it lists that the module does
  // not define itself; without, the names its module-level imports bind as
  // themselves (`from .x import y as y`) and, in a package's `__init__`,
  // every public name its imports bind, its star imports' included. Names
  // bound to anything else (a variable, an outside package) are left out.
  std::vector<ReExport> re_exports(std::uint32_t file, bool package_init) {
    const FileFacts& facts = files_[file];
    std::vector<std::string> own;
    for (const Definition& definition : facts.definitions) {
      if (definition.parent == kModuleScope && !definition.typing_only) own.push_back(definition.name);
    }
    std::vector<std::string> names;
    const auto consider = [&](const std::string& name) {
      if (std::find(own.begin(), own.end(), name) != own.end()) return;
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    };
    if (facts.has_all) {
      for (const std::string& name : facts.all_names) consider(name);
    } else {
      for (const Import& import : facts.imports) {
        if (import.scope != kModuleScope || (import.is_from && import.name == "*")) continue;
        if (!import.is_from && import.alias.empty()) continue;  // `import a.b` binds `a`
        const std::string& bound = import.alias.empty() ? import.name : import.alias;
        const bool as_itself = import.alias == (import.is_from ? import.name : import.module);
        if (as_itself || (package_init && !bound.starts_with('_'))) consider(bound);
      }
      if (package_init) {
        for (const std::string& star : table(file, kModuleScope).star_modules) {
          const auto source = modules_.file_of(star);
          if (!source) continue;
          const FileFacts& from = files_[*source];
          for (const Definition& definition : from.definitions) {
            if (definition.parent != kModuleScope || definition.typing_only) continue;
            const bool listed = from.has_all ? std::find(from.all_names.begin(), from.all_names.end(), definition.name) !=
                                                   from.all_names.end()
                                             : !definition.name.starts_with('_');
            if (listed) consider(definition.name);
          }
        }
      }
    }
    std::vector<ReExport> out;
    for (const std::string& name : names) {
      for (const Value& value : evaluate(LinkChain{Link{Link::Kind::Name, name}}, file, kModuleScope, 0)) {
        const bool definition = value.is(Value::Kind::Function) || value.is(Value::Kind::Class);
        if (!definition && !value.is(Value::Kind::Module)) continue;
        if (value.ref.file == file && value.ref.def == kModuleScope) continue;  // the module itself
        ReExport reexport{file, name, value.ref};
        if (std::find(out.begin(), out.end(), reexport) == out.end()) out.push_back(std::move(reexport));
      }
    }
    return out;
  }

  // The class a base-class expression names, if it is in the tree.
  std::optional<ScopeRef> base_class(const LinkChain& chain, std::uint32_t file, ScopeIndex klass) {
    std::optional<ScopeRef> base;
    for (const Value& value : evaluate(chain, file, files_[file].definitions[klass].parent, 0)) {
      if (!value.is(Value::Kind::Class)) continue;
      if (base && *base != value.ref) return std::nullopt;  // one of several classes
      base = value.ref;
    }
    return base;
  }

  // The C3 linearisation of `klass`. A base outside the tree (or one that
  // cannot be resolved) stands in it as an opaque entry, one per base text,
  // so lookups stop there instead of skipping to a later in-tree class.
  // `object` and `Generic[...]` define nothing a lookup could find first.
  const std::vector<ScopeRef>& mro(ScopeRef klass) {
    if (const auto it = mro_.find(klass); it != mro_.end()) {
      reads_.insert(reads_.end(), it->second.reads.begin(), it->second.reads.end());
      return it->second.order;
    }
    mro_[klass] = {{klass}, {}};  // guards against inheritance loops while computing
    const std::size_t mark = reads_.size();
    std::vector<std::vector<ScopeRef>> sequences;
    std::vector<ScopeRef> bases;
    const Definition& definition = files_[klass.file].definitions[klass.def];
    for (std::size_t b = 0; b < definition.bases.size(); ++b) {
      if (const auto resolved = base_class(definition.bases[b], klass.file, klass.def)) {
        if (*resolved == klass) continue;
        bases.push_back(*resolved);
        sequences.push_back(mro(*resolved));
      } else if (const std::string_view text = definition.base_texts[b]; !defines_nothing(text)) {
        bases.push_back(opaque_base(text));
        sequences.push_back({bases.back()});
      }
    }
    sequences.push_back(bases);
    std::vector<ScopeRef> order = {klass};
    if (!c3_merge(sequences, order)) {
      // Inconsistent hierarchy: fall back to depth-first, left to right.
      order = {klass};
      for (const ScopeRef& base : bases) {
        const std::vector<ScopeRef> ancestors = is_opaque_base(base) ? std::vector<ScopeRef>{base} : mro(base);
        for (const ScopeRef& ancestor : ancestors) {
          if (std::find(order.begin(), order.end(), ancestor) == order.end()) order.push_back(ancestor);
        }
      }
    }
    normalize_reads(reads_, mark);
    Mro& entry = mro_[klass];
    entry.order = std::move(order);
    entry.reads.assign(reads_.begin() + static_cast<std::ptrdiff_t>(mark), reads_.end());
    return entry.order;
  }

  static bool is_opaque_base(ScopeRef ref) { return ref.file == kNone; }

  // The classes of the tree with `klass` among their ancestors (through
  // bases written with its name, their subclasses through theirs), in the
  // order they are found.
  const std::vector<ScopeRef>& subclasses(ScopeRef klass) {
    if (const auto it = subclasses_.find(klass); it != subclasses_.end()) {
      reads_.insert(reads_.end(), it->second.reads.begin(), it->second.reads.end());
      return it->second.order;
    }
    const std::size_t mark = reads_.size();
    std::vector<ScopeRef> found;
    std::set<ScopeRef> seen = {klass};
    std::vector<ScopeRef> frontier = {klass};
    while (!frontier.empty()) {
      const ScopeRef base = frontier.back();
      frontier.pop_back();
      for (const ScopeRef candidate : tables_.classes_naming_base(files_[base.file].definitions[base.def].name)) {
        if (seen.contains(candidate)) continue;
        const std::vector<ScopeRef>& order = mro(candidate);
        if (std::find(order.begin() + 1, order.end(), base) == order.end()) continue;
        seen.insert(candidate);
        found.push_back(candidate);
        frontier.push_back(candidate);
      }
    }
    normalize_reads(reads_, mark);
    Mro& entry = subclasses_[klass];
    entry.order = std::move(found);
    entry.reads.assign(reads_.begin() + static_cast<std::ptrdiff_t>(mark), reads_.end());
    return entry.order;
  }

  // What a call site's callee may be. `self.name(...)` (`cls.name(...)`)
  // where the receiver's class has no such member: as the object may be of
  // any subclass, the member of each subclass that has one (defines it,
  // inherits it from another base, or assigns it to its instances), a base
  // class's method calling what its subclasses define. Only for the call:
  // what such a call returns is not followed further (a root class's many
  // subclasses would grow every set they reach past what is worth keeping).
  Values callee_values(const LinkChain& callee, std::uint32_t file, ScopeIndex scope, std::uint32_t line) {
    Values values = evaluate(callee, file, scope, 0, line);
    if (!values.empty() || callee.size() != 2 || callee[0].kind != Link::Kind::Name ||
        callee[1].kind != Link::Kind::Attribute) {
      return values;
    }
    const Binding* binding = lookup(callee[0].text, file, scope);
    if (binding == nullptr || !binding->receiver) return values;
    const Values receivers = resolve(*binding, 0);
    if (receivers.size() != 1) return values;
    return subclass_members(receivers[0], callee[1].text, 0);
  }

 private:
  Values subclass_members(const Value& receiver, const std::string& name, int depth) {
    if (!receiver.is(Value::Kind::Instance) && !receiver.is(Value::Kind::Class)) return {};
    const bool on_instance = receiver.is(Value::Kind::Instance);
    const Definition& klass = files_[receiver.ref.file].definitions[receiver.ref.def];
    return cached({&klass, kSubclassMember, on_instance ? 1u : 0u, name_id(name)}, [&] {
      Values candidates;
      for (const ScopeRef sub : subclasses(receiver.ref)) {
        add(candidates, class_member(sub, name, on_instance, false, depth + 1));
        // Too many to tell (a method of a root class like sympy's Basic):
        // unknown, as without subclasses.
        if (candidates.size() == 1 && candidates[0].is(Value::Kind::Many)) return Values{};
      }
      return candidates;
    });
  }

 public:
  // Calling an instance calls its class's __call__ (none when it has none).
  Values call_method(const Value& instance, int depth) {
    Values methods;
    for (const Value& call : class_member(instance.ref, "__call__", true, false, depth + 1)) {
      if (call.is(Value::Kind::Function)) add(methods, call);
    }
    return methods;
  }

  // The __init__ a call of `klass` runs, if the tree defines it.
  Values constructor(const Value& klass, int depth) {
    Values inits;
    for (Value init : class_member(klass.ref, "__init__", true, false, depth + 1)) {
      if (init.is(Value::Kind::Function)) add(inits, init);
    }
    return inits;
  }

  Values decorated_with_flows(ScopeRef ref, std::vector<FlowFact>& flows) { return decorated(ref, 0, &flows); }

  // The names `function` uses as subscript keys (`xs[name]`), sorted.
  const std::vector<std::string_view>& key_names(ScopeRef function) const {
    return tables_.index(function.file).keys[slot(function.def, files_[function.file].definitions.size())];
  }

 private:
  static bool defines_nothing(std::string_view base_text) {
    return base_text == "object" || base_text.starts_with("Generic[") || base_text.starts_with("typing.Generic[");
  }

  ScopeRef opaque_base(std::string_view text) {
    const auto [it, added] = opaque_bases_.try_emplace(std::string(text), static_cast<ScopeIndex>(opaque_bases_.size()));
    return {kNone, it->second};
  }

  static bool c3_merge(std::vector<std::vector<ScopeRef>> sequences, std::vector<ScopeRef>& out) {
    for (;;) {
      sequences.erase(std::remove_if(sequences.begin(), sequences.end(),
                                     [](const auto& s) { return s.empty(); }),
                      sequences.end());
      if (sequences.empty()) return true;
      const ScopeRef* head = nullptr;
      for (const auto& sequence : sequences) {
        const ScopeRef candidate = sequence.front();
        const bool in_tail = std::any_of(sequences.begin(), sequences.end(), [&](const auto& s) {
          return std::find(s.begin() + 1, s.end(), candidate) != s.end();
        });
        if (!in_tail) {
          head = &sequence.front();
          break;
        }
      }
      if (head == nullptr) return false;
      const ScopeRef chosen = *head;
      out.push_back(chosen);
      for (auto& sequence : sequences) {
        if (sequence.front() == chosen) sequence.erase(sequence.begin());
      }
    }
  }

  ScopeIndex enclosing_class(std::uint32_t file, ScopeIndex scope) const {
    const auto& definitions = files_[file].definitions;
    while (scope != kModuleScope && definitions[scope].label != Label::Class) scope = definitions[scope].parent;
    return scope;
  }

  // Python's lookup: the scope, then enclosing function scopes (class bodies
  // do not enclose), the module, its star imports. nullptr when unbound.
  const ScopeTable& table(std::uint32_t file, ScopeIndex scope) const { return tables_.table(file, scope); }

  const Binding* lookup(const std::string& text, std::uint32_t file, ScopeIndex scope) const {
    const HashedName name(text);
    const auto& definitions = files_[file].definitions;
    bool first = true;
    for (ScopeIndex s = scope; s != kModuleScope; s = definitions[s].parent, first = false) {
      if (!first && definitions[s].label == Label::Class) continue;
      const ScopeTable& t = table(file, s);
      if (const auto it = t.names.find(name); it != t.names.end()) return &it->second;
    }
    const ScopeTable& module = table(file, kModuleScope);
    if (const auto it = module.names.find(name); it != module.names.end()) return &it->second;
    return nullptr;
  }

  // `name` looked up where it is used; `binding` is lookup()'s answer.
  Values resolve_name(const std::string& name, const Binding* binding, std::uint32_t file, ScopeIndex scope, int depth,
                      std::uint32_t line) {
    if (binding != nullptr) {
      if (line != 0 && binding->kind == Binding::Kind::Assigned && binding->where == ScopeRef{file, scope}) {
        return assigned_values(*binding, depth + 1, line);
      }
      return resolve(*binding, depth + 1);
    }
    // Star imports of the module, then builtins.
    // The last star import that binds the name wins.
    const auto& stars = table(file, kModuleScope).star_modules;
    for (auto star = stars.rbegin(); star != stars.rend(); ++star) {
      Values values = star_member(*star, name, depth + 1);
      if (!values.empty()) return values;
    }
    if (is_builtin_name(name)) return {Value::external("builtins")};
    return {};
  }

  Values resolve(const Binding& binding, int depth) {
    if (depth > kMaxDepth) {
      truncated();
      return {};
    }
    switch (binding.kind) {
      case Binding::Kind::Definition: return decorated({binding.where.file, binding.definition}, depth + 1, nullptr);
      case Binding::Kind::Module: return one(module_value(binding.module));
      case Binding::Kind::External: return {Value::external(binding.module)};
      case Binding::Kind::ImportedName:
        // Memoised, as modules may import a name from each other.
        return cached({&binding, kImported, 0, 0}, [&] { return module_member(binding.module, binding.name, depth + 1); });
      case Binding::Kind::Parameter: return parameter_values(binding, depth + 1);
      case Binding::Kind::Assigned: return assigned_values(binding, depth + 1);
      case Binding::Kind::Local: return {};
    }
    return {};
  }

  // What a definition's name is bound to: the definition, passed through
  // its decorators from the last up. A decorator in the tree that returns
  // what it is given (a registry's `return f`, a class decorator's
  // `return cls`) gives that one definition back, not everything it is
  // applied to anywhere; one that returns a wrapper gives the wrapper (which
  // calls the definition through its parameter). A decorator outside the tree
  // (`functools.cache`, `app.route(...)`) leaves it as it is. With `flows`,
  // what each decorator in the tree receives is added.
  Values decorated(ScopeRef ref, int depth, std::vector<FlowFact>* flows) {
    const Definition& definition = files_[ref.file].definitions[ref.def];
    if (flows == nullptr && !definition.decorators.empty()) {
      // Memoised, as decorators may be decorated by what they decorate.
      return cached({&definition, kDecorated, 0, 0}, [&] { return apply_decorators(ref, definition, depth, nullptr); });
    }
    return apply_decorators(ref, definition, depth, flows);
  }

  Values apply_decorators(ScopeRef ref, const Definition& definition, int depth, std::vector<FlowFact>* flows) {
    Values current = {Value{definition.label == Label::Class ? Value::Kind::Class : Value::Kind::Function, ref, {}}};
    for (auto d = definition.decorators.rbegin(); d != definition.decorators.rend() && depth <= kMaxDepth; ++d) {
      const LinkChain chain = decorator_chain(*d);
      if (chain.empty()) continue;
      Values applied;
      for (const Value& decorator : evaluate(chain, ref.file, definition.parent, depth + 1)) {
        if (!decorator.is(Value::Kind::Function)) continue;
        const std::uint32_t parameter = decorator.bound ? 1u : 0u;
        if (flows != nullptr) {
          for (const Value& value : current) flows->push_back({decorator.ref, parameter, {}, value});
        }
        for (const Value& value : returns_given(decorator.ref, parameter, current, depth + 1)) {
          if (!is_builtin_object(value)) add(applied, value);
        }
      }
      if (!applied.empty()) current = std::move(applied);
    }
    return current;
  }

  // What `function` returns when its parameter `parameter` is `given`: a
  // `return <that parameter>` gives `given`, other returns what they give.
  Values returns_given(ScopeRef function, std::uint32_t parameter, const Values& given, int depth) {
    const Definition& definition = files_[function.file].definitions[function.def];
    if (parameter >= definition.parameters.size()) return return_values(function, depth);
    // An annotation naming a class of the tree says it; one naming a type
    // variable (`def public(obj: T) -> T`) says nothing the body does not.
    if (!definition.return_annotation.empty()) {
      Values declared = return_values(function, depth);
      if (!std::all_of(declared.begin(), declared.end(), is_builtin_object)) {
        return declared;
      }
    }
    const ScopeTable& t = table(function.file, function.def);
    const auto it = t.names.find(kReturn);
    if (it == t.names.end() || it->second.kind != Binding::Kind::Assigned) return {};
    Values values;
    for (const Assignment* returned : it->second.assignments) {
      const LinkChain& value = returned->value;
      if (value.size() == 1 && value[0].kind == Link::Kind::Name && value[0].text == definition.parameters[parameter]) {
        add(values, given);
      } else {
        add(values, assignment_values(*returned, function.file, depth + 1));
      }
    }
    return values;
  }

  Value module_value(const std::string& name) const {
    if (const auto file = modules_.file_of(name)) return {Value::Kind::Module, {*file, kModuleScope}, {}};
    if (modules_.is_namespace(name)) return {Value::Kind::Namespace, {}, name};
    return Value::external(top_level(name));
  }

  // `from module import name`: a name the module binds, else its submodule.
  Values module_member(const std::string& module, const std::string& name, int depth) {
    const Value base = module_value(module);
    if (base.is(Value::Kind::External)) return {base};
    return member(base, name, depth + 1);
  }

  // What `from module import *` brings in under `name`: the names listed in
  // the module's __all__ when it has one, else its names without a leading _.
  Values star_member(const std::string& module, const std::string& name, int depth) {
    // Memoised, as modules may star-import each other.
    return cached({&module, kStarMember, 0, name_id(name)}, [&] { return star_member_of(module, name, depth); });
  }

  Values star_member_of(const std::string& module, const std::string& name, int depth) {
    if (const auto file = modules_.file_of(module)) {
      const FileFacts& facts = files_[*file];
      if (facts.has_all) {
        if (std::find(facts.all_names.begin(), facts.all_names.end(), name) == facts.all_names.end()) return {};
      } else if (name.starts_with('_')) {
        return {};
      }
    }
    return module_member(module, name, depth + 1);
  }

  // A parameter: the receiver of a method, its annotation's class, else
  // what the program's calls pass it.
  Values parameter_values(const Binding& binding, int depth) {
    const auto& definitions = files_[binding.where.file].definitions;
    const Definition& definition = definitions[binding.where.def];
    if (binding.receiver) {
      const ScopeRef klass{binding.where.file, definition.parent};
      return {Value{has_decorator(definition, "classmethod") ? Value::Kind::Class : Value::Kind::Instance, klass, {}}};
    }
    if (binding.annotation != nullptr) {
      return instance_of(evaluate(*binding.annotation, binding.where.file, definition.parent, depth + 1));
    }
    Values values = fixture_values(binding, definition, depth + 1);
    reads_.push_back(flow_key(binding.where, binding.parameter, {}));
    if (const Values* passed = flows_.find(binding.where, binding.parameter)) add(values, *passed);
    return values;
  }

  // pytest: a test's (or fixture's) parameter named after a fixture it
  // sees holds what that fixture returns, or yields.
  Values fixture_values(const Binding& binding, const Definition& definition, int depth) {
    if (!definition.name.starts_with("test") && !fixtures_.is_fixture(binding.where)) return {};
    Values values;
    for (const ScopeRef& fixture : fixtures_.visible(definition.parameters[binding.parameter], binding.where.file)) {
      if (fixture == binding.where) continue;
      for (const Value& value : return_values(fixture, depth + 1)) {
        // A generator fixture gives what it yields.
        if (value.is(Value::Kind::Container) && value.name == kReturn) {
          add(values, element(value, {}, depth + 1, {}, 0));
        } else {
          add(values, value);
        }
      }
    }
    return values;
  }

  static Values instance_of(const Values& types) {
    Values instances;
    for (const Value& type : types) {
      if (type.is(Value::Kind::Class)) add(instances, Value{Value::Kind::Instance, type.ref, {}});
      if (type.is(Value::Kind::External)) add(instances, type);
    }
    return instances;
  }

  // The values of a name bound by assignments: the union of what each
  // assigns. With a `line`, only the assignments above it count, from the
  // last one whose block holds the line (it dominates the use: what came
  // before it is overwritten), unless there are none above (a use in a loop).
  Values assigned_values(const Binding& binding, int depth, std::uint32_t line = 0) {
    const auto& assignments = binding.assignments;
    std::size_t first = 0;
    std::size_t count = assignments.size();
    if (line != 0) {
      const auto above = std::partition_point(assignments.begin(), assignments.end(),
                                              [line](const Assignment* a) { return a->line < line; });
      if (above != assignments.begin()) count = static_cast<std::size_t>(above - assignments.begin());
      for (std::size_t a = 0; a < count && above != assignments.begin(); ++a) {
        if (assignments[a]->block_end >= line) first = a;
      }
      // Several on one line are alternatives (`for f in (a, b):`), not a
      // sequence; so are the branches of an if that all assign the name.
      const std::uint32_t from = assignments[first]->branches_from != 0 ? assignments[first]->branches_from
                                                                        : assignments[first]->line;
      while (first > 0 && assignments[first - 1]->line >= from) --first;
    }
    return cached({&binding, kAssigned, (first << 32) | count, 0}, [&] {
      Values values;
      for (std::size_t a = first; a < count; ++a) {
        if (assigns_none(*assignments[a])) continue;
        add(values, assignment_values(*assignments[a], binding.where.file, depth + 1));
      }
      return values;
    });
  }

  // Memoised by key. Values that depend on each other (x = y.f();
  // y = x.g()) are computed to their least fixpoint, whichever key of the
  // cycle is asked first: the first one entered (the cycle's root) is
  // evaluated again until neither it nor any value computed under it that
  // read an unfinished one grows. Those values are kept meanwhile, as
  // provisional: a pass reuses what it computed itself and computes again
  // what an earlier pass did. Once the root is done, what its last pass
  // computed is final and the rest is dropped. A value only ever grows (each
  // evaluation adds to the last), so this ends. The flow keys a value read
  // are kept with it, and count as read wherever it is used.
  template <typename Compute>
  Values cached(const MemoKey& key, Compute compute) {
    if (const auto found = cache_.find(key); found != cache_.end()) {
      Entry& entry = found->second;
      if (entry.state == Entry::State::InProgress) {
        frames_.back().reaches = std::min(frames_.back().reaches, entry.frame);  // a cycle
        return entry.values;
      }
      const bool fresh = entry.state == Entry::State::Done || pass_epochs_.empty() ||
                         entry.epoch >= pass_epochs_.back();
      if (fresh) {
        reads_.insert(reads_.end(), entry.reads.begin(), entry.reads.end());
        if (entry.state == Entry::State::Provisional) {
          frames_.back().reaches = std::min(frames_.back().reaches, entry.frame);
        }
        return entry.values;
      }
    }
    const std::size_t frame = frames_.size();
    {
      Entry& entry = cache_[key];  // a stale provisional value starts from what it had
      entry.state = Entry::State::InProgress;
      entry.frame = frame;
    }
    frames_.push_back({kDone, provisional_.size(), epoch_, false});
    const std::size_t mark = reads_.size();
    bool iterating = false;
    Values values;
    for (int pass = 0;; ++pass) {
      frames_.back().reaches = kDone;
      const std::uint64_t changes = changes_;
      Values computed = compute();
      Entry& entry = cache_[key];
      values = entry.values;
      add(values, computed);
      const bool grew = values != entry.values;
      entry.values = values;
      if (grew) ++changes_;
      const Frame& current = frames_.back();
      if (current.truncated || current.reaches != frame || (!grew && changes_ == changes) || pass == kMaxPasses) break;
      // Another pass: what the passes before computed under this key is stale.
      if (!iterating) pass_epochs_.push_back(0);
      iterating = true;
      pass_epochs_.back() = ++epoch_;
      frames_.back().epoch = epoch_;
    }
    if (iterating) pass_epochs_.pop_back();
    const Frame done = frames_.back();
    frames_.pop_back();
    normalize_reads(reads_, mark);
    Entry& entry = cache_[key];
    entry.reads.assign(reads_.begin() + static_cast<std::ptrdiff_t>(mark), reads_.end());
    if (done.truncated) {
      // Cut short by the depth limit: nothing on the way is kept.
      for (std::size_t p = done.provisional; p < provisional_.size(); ++p) cache_.erase(provisional_[p]);
      provisional_.resize(done.provisional);
      cache_.erase(key);
      if (!frames_.empty()) frames_.back().truncated = true;
    } else if (done.reaches < frame) {
      // Part of a cycle whose root is still in progress below.
      entry.state = Entry::State::Provisional;
      entry.frame = done.reaches;
      entry.epoch = epoch_;
      for (std::size_t p = done.provisional; p < provisional_.size(); ++p) {
        const auto it = cache_.find(provisional_[p]);
        if (it != cache_.end() && it->second.state == Entry::State::Provisional && it->second.frame >= frame) {
          it->second.frame = done.reaches;
        }
      }
      provisional_.push_back(key);
      frames_.back().reaches = std::min(frames_.back().reaches, done.reaches);
    } else {
      // Done, and the root of whatever was left provisional under it.
      entry.state = Entry::State::Done;
      for (std::size_t p = done.provisional; p < provisional_.size(); ++p) {
        const auto it = cache_.find(provisional_[p]);
        if (it == cache_.end() || it->second.state != Entry::State::Provisional) continue;
        if (it->second.epoch >= done.epoch) {
          it->second.state = Entry::State::Done;
        } else {
          cache_.erase(it);
        }
      }
      provisional_.resize(done.provisional);
    }
    return values;
  }

  // The depth limit cut an evaluation short: nothing on the way is kept.
  void truncated() {
    if (!frames_.empty()) frames_.back().truncated = true;
  }

  Values assignment_values(const Assignment& assignment, std::uint32_t file, int depth) {
    if (!assignment.annotation.empty()) {
      return instance_of(evaluate(assignment.annotation, file, assignment.scope, depth + 1));
    }
    // A container literal is a container of the place it is assigned to:
    // its elements are the assignments into that place's elements.
    if (is_container_literal(assignment.value) || is_empty_dict_call(assignment, file, depth + 1)) {
      return {Value{Value::Kind::Container, {file, assignment.scope}, place_of(assignment.target, assignment.target.size())}};
    }
    return evaluate(assignment.value, file, assignment.scope, depth + 1, assignment.line);
  }

  // `dict()`, `OrderedDict()` or `collections.OrderedDict()` with no
  // arguments: an empty dict, as `{}` is. With arguments its elements are
  // another container's, which the analysis does not copy.
  bool is_empty_dict_call(const Assignment& assignment, std::uint32_t file, int depth) {
    const LinkChain& value = assignment.value;
    if (value.size() < 2 || value.back().kind != Link::Kind::Call) return false;
    const Link& name = value[value.size() - 2];
    if (name.kind != Link::Kind::Name && name.kind != Link::Kind::Attribute) return false;
    const char* package = name.text == "dict" ? "builtins" : name.text == "OrderedDict" ? "collections" : nullptr;
    if (package == nullptr) return false;
    const CallSite* call = call_at(file, assignment.scope, assignment.line, value, value.size() - 1);
    if (call == nullptr || !call->arguments.empty()) return false;
    const Values callee =
        evaluate(LinkChain(value.begin(), value.end() - 1), file, assignment.scope, depth + 1, assignment.line);
    return callee.size() == 1 && callee[0] == Value::external(package);
  }

  // An element of a container: the values assigned to that key (and to
  // unknown keys); every element when the key is unknown. Read in the scope
  // that fills the container, at `line`: as for names, the last write of
  // that key above the line in a block holding it overwrites those before.
  Values element(const Value& container, const std::string& slice_or_key, int depth, ScopeRef use, std::uint32_t line) {
    if (is_builtin_object(container)) return {as_object(container)};
    if (container.is(Value::Kind::Instance) && slice_or_key.empty()) return iterated(container, depth + 1);
    if (!container.is(Value::Kind::Container)) return {};
    if (slice_or_key.starts_with("n:")) {
      // A name as key: the elements of the literal keys it may hold (those
      // calls pass a parameter, or a name bound to a literal, here or in the
      // module it is imported from), else (a key of unknown value) any.
      if (use.file == kNone) return element(container, {}, depth + 1, use, line);
      const std::string name = slice_or_key.substr(2);
      const Binding* named = lookup(name, use.file, use.def);
      if (named != nullptr && named->receiver) return element(container, {}, depth + 1, use, line);
      // Every value the name is bound to in its scope, not only those that
      // reach the line: a loop may carry a later one back (`i = 0`, then
      // `xs[i]` and `i += 1` in a while loop).
      const Values keys = resolve_name(name, named, use.file, use.def, depth + 1, 0);
      const bool literal = !keys.empty() && std::all_of(keys.begin(), keys.end(), [](const Value& k) {
        return k.is(Value::Kind::Constant) && !k.name.empty();
      });
      if (!literal) return element(container, {}, depth + 1, use, line);
      Values values;
      for (const Value& key : keys) add(values, element(container, key.name, depth + 1, use, line));
      return values;
    }
    const auto number = [](std::string_view digits) {
      std::uint32_t n = 0;
      std::from_chars(digits.data(), digits.data() + digits.size(), n);
      return n;
    };
    if (slice_or_key.starts_with("x:")) {
      Value slice = container;
      slice.offset = std::min(kUnknownOffset, slice.offset + number(std::string_view(slice_or_key).substr(2)));
      return {slice};
    }
    std::string key = slice_or_key;
    if (container.offset != 0 && slice_or_key.starts_with("i:")) {
      key = container.offset == kUnknownOffset
                ? std::string()
                : "i:" + std::to_string(number(std::string_view(slice_or_key).substr(2)) + container.offset);
    }
    const FileIndex& index = tables_.index(container.ref.file);
    const std::size_t at = slot(container.ref.def, files_[container.ref.file].definitions.size());
    const auto it = index.elements[at].find(container.name);
    const auto away = index.elements_elsewhere[at].find(container.name);
    const bool own = it != index.elements[at].end();
    const bool elsewhere = away != index.elements_elsewhere[at].end();
    const std::vector<const Assignment*>* by_methods = receiver_writes(container);
    if (!own && !elsewhere && by_methods == nullptr) return {};
    // In line order; then those of nested functions, which may run whenever.
    const std::span<const Assignment* const> writes = own ? std::span<const Assignment* const>(it->second)
                                                          : std::span<const Assignment* const>();
    const std::span<const Assignment* const> later = elsewhere ? std::span<const Assignment* const>(away->second)
                                                               : std::span<const Assignment* const>();
    std::size_t first = 0;
    std::size_t count = writes.size();
    if (line != 0 && use == container.ref && !key.empty()) {
      const auto above = std::partition_point(writes.begin(), writes.end(),
                                              [line](const Assignment* a) { return a->line < line; });
      if (above != writes.begin()) count = static_cast<std::size_t>(above - writes.begin());
      for (std::size_t w = 0; w < count && above != writes.begin(); ++w) {
        if (writes[w]->block_end >= line && writes[w]->target.back().text == key) first = w;
      }
      while (first > 0 && writes[first - 1]->line == writes[first]->line) --first;
    }
    // Memoised, as an element may be assigned from itself (`d[k] = d[k] or f`).
    const void* object = own         ? static_cast<const void*>(&it->second)
                         : elsewhere ? static_cast<const void*>(&away->second)
                                     : static_cast<const void*>(by_methods);
    return cached({object, kElement, (std::uint64_t{first} << 32) | count, name_id(key)}, [&] {
      Values values;
      const auto read = [&](const Assignment& write) {
        const std::string& written = write.target.back().text;
        // A write by a name as key (`d[k] = f`) may be to any key.
        if (!key.empty() && !written.empty() && !written.starts_with("n:") && written != key) return;
        add(values, assignment_values(write, container.ref.file, depth + 1));
      };
      for (std::size_t w = first; w < count; ++w) read(*writes[w]);
      for (const Assignment* write : later) read(*write);
      // The other methods of the class write `self.d` too, whenever they run:
      // each write adds what it holds, unless that would leave the element
      // unknown (Many), which would lose what this method's writes say.
      if (by_methods != nullptr && !is_many(values)) {
        for (const Assignment* write : *by_methods) {
          if (write->scope == container.ref.def) continue;
          Values known = values;
          read(*write);
          if (is_many(values)) values = std::move(known);
        }
      }
      return values;
    });
  }

  // For a container a method stores in an attribute of its receiver
  // (`self.d = {}`), the writes into its elements by the class's methods
  // (`self.d[k] = f`); nullptr for any other container.
  const std::vector<const Assignment*>* receiver_writes(const Value& container) const {
    if (container.ref.def == kModuleScope) return nullptr;
    const Definition& method = files_[container.ref.file].definitions[container.ref.def];
    const std::string& self = method.first_parameter;
    if (method.label != Label::Method || self.empty() || container.name.size() <= self.size() ||
        !container.name.starts_with(self) || container.name[self.size()] != '.') {
      return nullptr;
    }
    const auto& writes = tables_.index(container.ref.file).receiver_elements[method.parent];
    const auto it = writes.find(container.name.substr(self.size()));
    return it == writes.end() ? nullptr : &it->second;
  }

  // What iterating an object gives (`for x in obj`, an element of unknown
  // key): what the __next__ of what its __iter__ returns returns.
  Values iterated(const Value& object, int depth) {
    Values values;
    for (const Value& iter : member(object, "__iter__", depth + 1)) {
      for (const Value& iterator : call_result(iter, depth + 1)) {
        if (!iterator.is(Value::Kind::Instance)) continue;
        for (const Value& next : member(iterator, "__next__", depth + 1)) add(values, call_result(next, depth + 1));
      }
    }
    return values;
  }

  // A number for a name or key, to memoise by.
  std::uint32_t name_id(const std::string& name) {
    return names_.try_emplace(name, static_cast<std::uint32_t>(names_.size())).first->second;
  }

  Values call_result(const Value& callee, int depth) {
    switch (callee.kind) {
      case Value::Kind::Class: return {Value{Value::Kind::Instance, callee.ref, {}}};
      case Value::Kind::External: return {callee};
      case Value::Kind::Constant: return {as_object(callee)};
      case Value::Kind::Function: return return_values(callee.ref, depth + 1);
      case Value::Kind::Instance: {
        Values results;
        for (const Value& call : call_method(callee, depth + 1)) add(results, return_values(call.ref, depth + 1));
        return results;
      }
      default: return {};
    }
  }

  // What a function returns: its annotation's class, else what its
  // `return` statements (a lambda's body) give.
  // An annotation naming a class of the tree says it; `-> Self` is the
  // enclosing class's instance; one naming nothing in the tree (a type
  // variable, `Any`) gives way to what the body returns, if that is in it.
  Values return_values(ScopeRef function, int depth) {
    const Definition& definition = files_[function.file].definitions[function.def];
    if (definition.return_annotation.empty()) return body_returns(function, depth);
    Values declared = instance_of(evaluate(definition.return_annotation, function.file, definition.parent, depth + 1));
    if (in_tree(declared)) return declared;
    if (definition.return_annotation.back().text == "Self" && definition.parent != kModuleScope &&
        files_[function.file].definitions[definition.parent].label == Label::Class) {
      return {Value{Value::Kind::Instance, {function.file, definition.parent}, {}}};
    }
    Values returned = body_returns(function, depth);
    return in_tree(returned) ? returned : declared;
  }

  // A function that returns one of its parameters as it is (`def
  // identity(f): return f`) gives, at a call, what that call passes in, not
  // all that every call passes: `identity(f2)()` calls f2 alone. The call is
  // the site in `file` at `line` whose callee is chain[0, length). Adds those
  // values to `out`; false (nothing added) when the callee is no such
  // function or the call's argument for the parameter is not known, or has
  // no known value.
  bool passed_through(const Value& callee, const LinkChain& chain, std::size_t length, std::uint32_t file,
                      ScopeIndex scope, int depth, std::uint32_t line, Values& out) {
    if (line != 0 && callee == Value::external("typing") && length > 0 && chain[length - 1].text == "cast") {
      return cast_value(chain, length, file, scope, depth + 1, line, out);
    }
    if (line == 0 || !callee.is(Value::Kind::Function)) return false;
    const std::uint32_t parameter = returned_parameter(callee.ref);
    if (parameter == kNone) return false;
    const CallSite* site = call_at(file, scope, line, chain, length);
    if (site == nullptr) return false;
    const Definition& definition = files_[callee.ref.file].definitions[callee.ref.def];
    std::uint32_t position = 0;
    for (std::size_t a = 0; a < site->arguments.size(); ++a) {
      const std::string_view keyword = a < site->keywords.size() ? std::string_view(site->keywords[a]) : std::string_view();
      if (keyword == "*" || keyword == "**") return false;  // where the rest go is not known
      const bool passes = keyword.empty() ? position++ == parameter
                                          : parameter < definition.parameters.size() && definition.parameters[parameter] == keyword;
      if (!passes) continue;
      if (site->arguments[a].empty()) return false;  // a scalar, or no chain of names
      // An argument of unknown value (or a literal) says nothing: what every call passes stands.
      if (is_literal_argument(site->arguments[a])) return false;
      const Values passed = evaluate(site->arguments[a], file, scope, depth + 1, line);
      if (passed.empty()) return false;
      for (const Value& value : passed) add(out, as_object(value));
      return true;
    }
    return false;
  }

  // `typing.cast(T, value)` gives value as it is.
  bool cast_value(const LinkChain& chain, std::size_t length, std::uint32_t file, ScopeIndex scope, int depth,
                  std::uint32_t line, Values& out) {
    const CallSite* site = call_at(file, scope, line, chain, length);
    if (site == nullptr) return false;
    std::uint32_t position = 0;
    for (std::size_t a = 0; a < site->arguments.size(); ++a) {
      const std::string_view keyword = a < site->keywords.size() ? std::string_view(site->keywords[a]) : std::string_view();
      if (keyword == "*" || keyword == "**") return false;
      if (!(keyword.empty() ? position++ == 1 : keyword == "val")) continue;
      if (site->arguments[a].empty() || is_literal_argument(site->arguments[a])) return false;
      const Values passed = evaluate(site->arguments[a], file, scope, depth + 1, line);
      for (const Value& value : passed) add(out, as_object(value));
      return !passed.empty();
    }
    return false;
  }

  // The parameter every `return` of a plain function gives as it is, when
  // nothing in the function rebinds it; kNone otherwise.
  std::uint32_t returned_parameter(ScopeRef function) const {
    const Definition& definition = files_[function.file].definitions[function.def];
    if (definition.label != Label::Function || !definition.return_annotation.empty()) return kNone;
    const ScopeTable& t = table(function.file, function.def);
    const auto returns = t.names.find(kReturn);
    if (returns == t.names.end() || returns->second.kind != Binding::Kind::Assigned) return kNone;
    std::uint32_t parameter = kNone;
    for (const Assignment* assignment : returns->second.assignments) {
      if (assignment->value.size() != 1 || assignment->value[0].kind != Link::Kind::Name || !assignment->annotation.empty()) {
        return kNone;
      }
      const auto bound = t.names.find(std::string_view(assignment->value[0].text));
      if (bound == t.names.end() || bound->second.kind != Binding::Kind::Parameter || bound->second.receiver ||
          bound->second.annotation != nullptr || (parameter != kNone && parameter != bound->second.parameter)) {
        return kNone;
      }
      parameter = bound->second.parameter;
    }
    return parameter;
  }

  // The call site in `file` and `scope` at `line` whose callee is
  // chain[0, length); nullptr when there is none, or several passing
  // different arguments.
  const CallSite* call_at(std::uint32_t file, ScopeIndex scope, std::uint32_t line, const LinkChain& chain,
                          std::size_t length) const {
    const auto& calls = files_[file].calls;
    const auto first = std::lower_bound(calls.begin(), calls.end(), line,
                                        [](const CallSite& c, std::uint32_t l) { return c.line < l; });
    const CallSite* found = nullptr;
    for (auto it = first; it != calls.end() && it->line == line; ++it) {
      if (it->implicit || it->scope != scope || it->callee.size() != length ||
          !std::equal(it->callee.begin(), it->callee.end(), chain.begin())) {
        continue;
      }
      if (found != nullptr && (found->arguments != it->arguments || found->keywords != it->keywords)) return nullptr;
      found = &*it;
    }
    return found;
  }

  Values body_returns(ScopeRef function, int depth) {
    const ScopeTable& t = table(function.file, function.def);
    const auto it = t.names.find(kReturn);
    if (it == t.names.end() || it->second.kind != Binding::Kind::Assigned) return {};
    return assigned_values(it->second, depth + 1);
  }

  Values member(const Value& owner, const std::string& name, int depth) {
    if (depth > kMaxDepth) {
      truncated();
      return {};
    }
    switch (owner.kind) {
      case Value::Kind::Module: {
        const ScopeTable& t = table(owner.ref.file, kModuleScope);
        if (const auto it = t.names.find(name); it != t.names.end()) return resolve(it->second, depth + 1);
        const std::string submodule = modules_.name_of(owner.ref.file) + "." + name;
        if (modules_.file_of(submodule) || modules_.is_namespace(submodule)) return one(module_value(submodule));
        for (auto star = t.star_modules.rbegin(); star != t.star_modules.rend(); ++star) {
          Values values = star_member(*star, name, depth + 1);
          if (!values.empty()) return values;
        }
        return {};
      }
      case Value::Kind::Namespace: {
        const std::string submodule = owner.name + "." + name;
        if (modules_.file_of(submodule) || modules_.is_namespace(submodule)) return one(module_value(submodule));
        return {};
      }
      case Value::Kind::Class: return class_member(owner.ref, name, false, false, depth + 1);
      case Value::Kind::Instance: return class_member(owner.ref, name, true, false, depth + 1);
      case Value::Kind::Super: return class_member(owner.ref, name, true, true, depth + 1);
      case Value::Kind::External: return {owner};
      case Value::Kind::Constant: return {as_object(owner)};
      // A list's, dict's or set's own methods are builtins.
      case Value::Kind::Container: return {Value::external("builtins")};
      default: return {};
    }
  }

  // `name` looked up along the MRO of `klass` (after it, for super()). The
  // lookup gives up at a base outside the tree: it may define the name.
  Values class_member(ScopeRef klass, const std::string& name, bool on_instance, bool skip_self, int depth) {
    const HashedName hashed(name);
    // A reference into mro_: std::map keeps it valid while lookups below add entries.
    const std::vector<ScopeRef>& order = mro(klass);
    for (std::size_t i = skip_self ? 1 : 0; i < order.size() && !is_opaque_base(order[i]); ++i) {
      const ScopeRef owner = order[i];
      const ScopeTable& t = table(owner.file, owner.def);
      const auto it = t.names.find(hashed);
      if (it == t.names.end()) continue;
      const Binding& binding = it->second;
      if (binding.kind == Binding::Kind::Definition) {
        const Definition& definition = files_[owner.file].definitions[binding.definition];
        const ScopeRef ref{owner.file, binding.definition};
        if (definition.label == Label::Class) return {Value{Value::Kind::Class, ref, {}}};
        if (is_property(definition)) {
          // On an instance: what the getter returns; on the class: the
          // property object, which nothing in the tree defines.
          return on_instance ? property_values(owner, name, depth + 1) : Values{};
        }
        const bool is_static = has_decorator(definition, "staticmethod");
        const bool bound = !is_static && (on_instance || has_decorator(definition, "classmethod"));
        return {Value{Value::Kind::Function, ref, {}, bound}};
      }
      // An attribute the class body declares or binds to nothing of the
      // tree (`adapters: MutableMapping[str, BaseAdapter]`, `x = None`) may
      // hold, on an instance, what the methods assign it (`self.adapters = {}`).
      if (on_instance && binding.kind == Binding::Kind::Assigned) {
        Values values = resolve(binding, depth + 1);
        if (in_tree(values)) return values;
        add(values, instance_attribute(owner, name, depth + 1));
        return values;
      }
      return resolve(binding, depth + 1);
    }
    if (on_instance) {
      for (std::size_t i = skip_self ? 1 : 0; i < order.size(); ++i) {
        if (is_opaque_base(order[i])) continue;
        Values values = instance_attribute(order[i], name, depth + 1);
        if (!values.empty()) return values;
      }
    }
    return {};
  }

  // What reading property `name` of `klass` yields: its getter's return type.
  // The getter is the first definition of the name that is no setter or deleter.
  Values property_values(ScopeRef klass, const std::string& name, int depth) {
    const auto& definitions = files_[klass.file].definitions;
    for (const ScopeIndex d : tables_.index(klass.file).children[klass.def]) {
      const Definition& definition = definitions[d];
      if (definition.name != name || definition.typing_only) continue;
      const bool accessor = std::any_of(definition.decorators.begin(), definition.decorators.end(),
                                        [](const std::string& x) { return is_accessor(decorator_name(x)); });
      if (!accessor) return return_values({klass.file, d}, depth + 1);
    }
    return {};
  }

  // What `self.<name>` holds, from assignments in the class's methods and
  // through receivers of the class elsewhere (`obj.name = f`).
  Values instance_attribute(ScopeRef klass, const std::string& name, int depth) {
    Values values;
    const auto& attributes = tables_.index(klass.file).instance_attributes[klass.def];
    if (const auto it = attributes.find(name); it != attributes.end()) {
      values = cached({&it->second, kAttribute, 0, 0}, [&] {
        Values assigned;
        for (const Assignment* assignment : it->second) {
          if (assigns_none(*assignment)) continue;
          add(assigned, assignment_values(*assignment, klass.file, depth + 1));
        }
        return assigned;
      });
    }
    reads_.push_back(flow_key(klass, 0, name));
    if (const Values* written = flows_.find(klass, name)) add(values, *written);
    return values;
  }

  // The object one assignment builds (`c = Cls(...)`), read further down
  // the same scope (`c.attr` at `line`): the attribute of that one object,
  // not of every instance of Cls. Its value is what the constructor stores
  // from this call's arguments, then what the statements between the two
  // lines write into it (directly, through its methods, through the
  // functions it is passed to or that reach its name), a write that
  // dominates the read replacing those before it (a strong update).
  // nullopt when the read is not of that form: `c` bound in this scope
  // (`binding`, assigned in it) by that one assignment, which dominates the
  // read, itself a statement of the scope's own block (no loop or branch
  // around it), `attr` no member of the class (an attribute of its
  // instances) and nothing in the class changing how attributes are set or
  // read.
  std::optional<Values> traced_attribute(const Binding& binding, const std::string& attribute, std::uint32_t file,
                                         ScopeIndex scope, int depth, std::uint32_t line) {
    const auto& definitions = files_[file].definitions;
    if (scope != kModuleScope && !is_callable(definitions[scope].label)) return std::nullopt;
    const auto& assignments = binding.assignments;
    const auto above = std::partition_point(assignments.begin(), assignments.end(),
                                            [line](const Assignment* a) { return a->line < line; });
    if (above == assignments.begin()) return std::nullopt;
    const Assignment& built = **(above - 1);
    if (built.block_end < line || built.branches_from != 0 || !built.annotation.empty() || built.value.size() < 2 ||
        built.value.back().kind != Link::Kind::Call) {
      return std::nullopt;
    }
    if (above - 1 != assignments.begin() && (*(above - 2))->line == built.line) return std::nullopt;
    if (statement_block_end(file, scope, line) != kOwnBlock) return std::nullopt;
    // What is called to build it, memoised per assignment: a name is often read several times.
    const Values classes = cached({&built, kBuilt, 0, 0}, [&] {
      return evaluate(LinkChain(built.value.begin(), built.value.end() - 1), file, scope, depth + 1, built.line);
    });
    if (classes.size() != 1 || !classes[0].is(Value::Kind::Class) || !plain_attribute(classes[0].ref, attribute)) {
      return std::nullopt;
    }
    const ScopeRef klass = classes[0].ref;
    return cached({&built, kTraced, line, name_id(attribute)},
                  [&] { return trace(built, binding, klass, attribute, {file, scope}, line, depth + 1); });
  }

 private:
  // What a trace knows of a name: it is the traced object, or holds these
  // values (a parameter of a traced call: what that call passes).
  struct Known {
    const Binding* binding;
    bool object;
    Values values;
  };
  // What a stretch of statements writes into the traced attribute: whether
  // it surely does (strong) or may, what, and whether the object may have
  // escaped where the trace cannot follow it.
  struct Written {
    bool wrote = false;
    bool strong = false;
    bool escaped = false;
    Values values;
  };
  struct Trace {
    ScopeRef klass;  // the object's
    const std::string& attribute;
    // The read's file. In other files, a function's calls are followed only
    // when they are part of its interface (is_interface_call: a nested
    // definition's, a `super()` method's), which their resolution digests.
    std::uint32_t file;
    int budget;          // call sites left to follow
    int nesting = 0;     // calls followed into, around the current one
  };
  static constexpr int kTraceBudget = 256;
  static constexpr int kTraceNesting = 6;

  // The last line of the innermost block around the statement of `scope` at
  // `line` (a call's or an assignment's), nullopt when there is none.
  std::optional<std::uint32_t> statement_block_end(std::uint32_t file, ScopeIndex scope, std::uint32_t line) const {
    const auto& calls = files_[file].calls;
    const auto first = std::lower_bound(calls.begin(), calls.end(), line,
                                        [](const CallSite& c, std::uint32_t l) { return c.line < l; });
    for (auto it = first; it != calls.end() && it->line == line; ++it) {
      if (it->scope == scope) return it->block_end;
    }
    const auto& assignments = tables_.index(file).assignments[slot(scope, files_[file].definitions.size())];
    const auto at = std::partition_point(assignments.begin(), assignments.end(),
                                         [line](const Assignment* a) { return a->line < line; });
    if (at != assignments.end() && (*at)->line == line) return (*at)->block_end;
    return std::nullopt;
  }

  // The block_end of the statements in a scope's own block.
  static constexpr std::uint32_t kOwnBlock = 0xFFFFFFFFu;

  // Whether `attribute` of an instance of `klass` is an attribute set on
  // the instance: no class along the MRO binds it, all of them are in the
  // tree, and none changes how instances are made or their attributes set.
  bool plain_attribute(ScopeRef klass, const std::string& attribute) {
    static constexpr std::array<std::string_view, 5> kHooks{"__new__", "__setattr__", "__getattr__", "__getattribute__",
                                                            "__post_init__"};
    for (const ScopeRef& owner : mro(klass)) {
      if (is_opaque_base(owner)) return false;
      const ScopeTable& t = table(owner.file, owner.def);
      if (t.names.contains(std::string_view(attribute))) return false;
      if (std::any_of(kHooks.begin(), kHooks.end(), [&](std::string_view hook) { return t.names.contains(hook); })) {
        return false;
      }
    }
    return true;
  }

  Values trace(const Assignment& built, const Binding& name, ScopeRef klass, const std::string& attribute, ScopeRef at,
               std::uint32_t line, int depth) {
    Trace t{klass, attribute, at.file, kTraceBudget};
    std::vector<Known> known{{&name, true, {}}};
    Written state;
    // Building it runs the constructor on it with this call's arguments.
    const CallSite* site = call_at(at.file, at.def, built.line, built.value, built.value.size() - 1);
    for (const Value& init : constructor(Value{Value::Kind::Class, klass, {}}, depth + 1)) {
      merge(state, function_effect(t, known, init.ref, true, site, at, 1, depth + 1), true);
    }
    scope_effects(t, known, at, built.line, line, line, state, depth + 1);
    // Escaped, never written, or written with what cannot be known: what every instance gets.
    if (state.escaped || state.values.empty()) return class_member(klass, attribute, true, false, depth + 1);
    return state.values;
  }

  static void merge(Written& into, const Written& effect, bool dominates) {
    into.escaped = into.escaped || effect.escaped;
    if (!effect.wrote) return;
    if (dominates && effect.strong) {
      into.values = effect.values;
      into.strong = true;
    } else {
      add(into.values, effect.values);
    }
    into.wrote = true;
  }

  const Known* known_name(const std::vector<Known>& known, const std::string& name, std::uint32_t file, ScopeIndex scope) const {
    const Binding* binding = lookup(name, file, scope);
    if (binding == nullptr) return nullptr;
    for (auto it = known.rbegin(); it != known.rend(); ++it) {
      if (it->binding == binding) return &*it;
    }
    return nullptr;
  }
  bool is_object(const std::vector<Known>& known, const LinkChain& chain, std::uint32_t file, ScopeIndex scope) const {
    if (chain.size() != 1 || chain[0].kind != Link::Kind::Name) return false;
    const Known* found = known_name(known, chain[0].text, file, scope);
    return found != nullptr && found->object;
  }
  // What a chain holds, a name the trace knows read as it knows it: the
  // values given, or the object (an instance of its own class, whichever
  // class's method names it `self`).
  Values known_values(const Trace& t, const std::vector<Known>& known, const LinkChain& chain, std::uint32_t file,
                      ScopeIndex scope, std::uint32_t line, int depth) {
    if (!chain.empty() && chain[0].kind == Link::Kind::Name) {
      if (const Known* found = known_name(known, chain[0].text, file, scope); found != nullptr &&
                                                                              (found->object || !found->values.empty())) {
        Values values = found->object ? Values{Value{Value::Kind::Instance, t.klass, {}}} : found->values;
        follow(values, chain, 1, file, scope, depth + 1, line);
        return values;
      }
    }
    return evaluate(chain, file, scope, depth + 1, line);
  }

  // What the statements of `at`'s own scope on the lines between `from`
  // and `to` (both excluded) write into the traced attribute; a write is
  // strong when its block holds `until`.
  void scope_effects(Trace& t, std::vector<Known>& known, ScopeRef at, std::uint32_t from, std::uint32_t to,
                     std::uint32_t until, Written& state, int depth) {
    const FileFacts& facts = files_[at.file];
    const auto& assignments = tables_.index(at.file).assignments[slot(at.def, facts.definitions.size())];
    auto assignment = std::partition_point(assignments.begin(), assignments.end(),
                                           [from](const Assignment* a) { return a->line <= from; });
    auto call = std::lower_bound(facts.calls.begin(), facts.calls.end(), from + 1,
                                 [](const CallSite& c, std::uint32_t l) { return c.line < l; });
    const bool own_file = at.file == t.file;
    for (;;) {
      const bool more_assignments = assignment != assignments.end() && (*assignment)->line < to;
      const bool more_calls = call != facts.calls.end() && call->line < to;
      if (!more_assignments && !more_calls) break;
      if (more_assignments && (!more_calls || (*assignment)->line <= call->line)) {
        const Assignment& a = **assignment++;
        if (is_object(known, a.value, at.file, at.def)) {
          state.escaped = true;  // another name or place holds it now
          return;
        }
        if (a.target.size() == 1 && a.target[0].kind == Link::Kind::Name) {
          // A name the trace knows bound again: from here on it holds what
          // that assigns (as well as what it held, in a branch). One that
          // held the object may hold it or not: the trace stops.
          const Known* found = known_name(known, a.target[0].text, at.file, at.def);
          if (found == nullptr) continue;
          if (found->object) {
            state.escaped = true;
            return;
          }
          Values values = assignment_values(a, at.file, depth + 1);
          if (a.block_end < until) add(values, found->values);
          known.push_back({found->binding, false, std::move(values)});
          continue;
        }
        if (a.target.size() != 2 || a.target[1].kind != Link::Kind::Attribute || a.target[1].text != t.attribute ||
            !is_object(known, LinkChain{a.target[0]}, at.file, at.def)) {
          continue;
        }
        Written write{true, true, false, {}};
        write.values = a.annotation.empty() ? known_values(t, known, a.value, at.file, at.def, a.line, depth)
                                            : assignment_values(a, at.file, depth + 1);
        merge(state, write, a.block_end >= until);
        continue;
      }
      const CallSite& c = *call++;
      if (c.scope != at.def || (!own_file && !is_interface_call(facts, c))) continue;
      if (--t.budget < 0) {
        state.escaped = true;
        return;
      }
      merge(state, call_effect(t, known, c, at, depth + 1), c.block_end >= until);
      if (state.escaped) return;
    }
  }

  // What one call writes into the traced attribute: the union of what its
  // targets do, strong when each of them surely writes it.
  Written call_effect(Trace& t, std::vector<Known>& known, const CallSite& call, ScopeRef at, int depth) {
    Written out;
    const LinkChain& callee = call.callee;
    const bool on_object = callee.size() == 2 && callee[1].kind == Link::Kind::Attribute &&
                           is_object(known, LinkChain{callee[0]}, at.file, at.def);
    // `super().m(...)` in a method run on the object runs m on it too.
    const Definition* caller = at.def == kModuleScope ? nullptr : &files_[at.file].definitions[at.def];
    const bool on_super = callee.size() == 3 && callee[0].kind == Link::Kind::Name && callee[0].text == "super" &&
                          callee[1].kind == Link::Kind::Call && caller != nullptr && !caller->parameters.empty() &&
                          is_object(known, LinkChain{{Link::Kind::Name, caller->parameters[0]}}, at.file, at.def);
    const bool passes = on_object || on_super || is_object(known, LinkChain{callee.empty() ? Link{} : callee[0]}, at.file, at.def) ||
                        std::any_of(call.arguments.begin(), call.arguments.end(),
                                    [&](const LinkChain& a) { return is_object(known, a, at.file, at.def); });
    const Values targets = evaluate(callee, at.file, at.def, depth + 1, call.line);
    if (targets.empty()) {
      out.escaped = passes;  // into code the trace cannot see
      return out;
    }
    bool strong = true;
    const auto take = [&](const Written& effect) {
      out.escaped = out.escaped || effect.escaped;
      strong = strong && effect.wrote && effect.strong;
      if (effect.wrote) {
        add(out.values, effect.values);
        out.wrote = true;
      }
    };
    for (const Value& target : targets) {
      switch (target.kind) {
        case Value::Kind::Function:
          take(function_effect(t, known, target.ref, target.bound && (on_object || on_super), &call, at,
                               target.bound ? 1 : 0, depth + 1));
          break;
        case Value::Kind::Class:
          for (const Value& init : constructor(target, depth + 1)) {
            take(function_effect(t, known, init.ref, false, &call, at, 1, depth + 1));
          }
          break;
        case Value::Kind::Instance:
          for (const Value& method : call_method(target, depth + 1)) {
            const bool itself = is_object(known, LinkChain{callee[0]}, at.file, at.def) && callee.size() == 1;
            take(function_effect(t, known, method.ref, itself, &call, at, 1, depth + 1));
          }
          break;
        default: strong = false; break;
      }
      if (out.escaped) return out;
    }
    out.strong = out.wrote && strong;
    return out;
  }

  // What calling `function` (its receiver the object when `receiver`, the
  // call's arguments from `offset` on) writes into the traced attribute.
  Written function_effect(Trace& t, std::vector<Known>& known, ScopeRef function, bool receiver, const CallSite* call,
                          ScopeRef at, std::uint32_t offset, int depth) {
    Written out;
    if (t.nesting >= kTraceNesting || depth > kMaxDepth) {
      out.escaped = true;
      return out;
    }
    const Definition& definition = files_[function.file].definitions[function.def];
    const ScopeTable& names = table(function.file, function.def);
    const auto parameter = [&](std::size_t p) -> const Binding* {
      if (p >= definition.parameters.size()) return nullptr;
      const auto it = names.names.find(std::string_view(definition.parameters[p]));
      return it == names.names.end() || it->second.kind != Binding::Kind::Parameter ? nullptr : &it->second;
    };
    const std::size_t mark = known.size();
    if (receiver && offset == 1) {
      if (const Binding* self = parameter(0)) known.push_back({self, true, {}});
    }
    if (call != nullptr) {
      std::uint32_t position = offset;
      for (std::size_t a = 0; a < call->arguments.size(); ++a) {
        const std::string_view keyword = a < call->keywords.size() ? std::string_view(call->keywords[a]) : std::string_view();
        if (keyword == "*" || keyword == "**") continue;
        std::size_t p = keyword.empty() ? position++ : definition.parameters.size();
        if (!keyword.empty()) {
          p = static_cast<std::size_t>(std::find(definition.parameters.begin(), definition.parameters.end(), keyword) -
                                       definition.parameters.begin());
        }
        const LinkChain& argument = call->arguments[a];
        const Binding* bound = parameter(p);
        const bool object = is_object(known, argument, at.file, at.def);
        if (bound == nullptr) {
          out.escaped = out.escaped || object;  // into `*args` or `**kwargs`
          continue;
        }
        if (object) {
          known.push_back({bound, true, {}});
        } else if (!argument.empty()) {
          // An argument of unknown value says nothing: the parameter keeps what every call passes.
          Values passed = known_values(t, known, argument, at.file, at.def, call->line, depth);
          if (!passed.empty()) known.push_back({bound, false, std::move(passed)});
        }
      }
    }
    if (!out.escaped) {
      ++t.nesting;
      scope_effects(t, known, function, 0, std::numeric_limits<std::uint32_t>::max(), kOwnBlock, out, depth + 1);
      --t.nesting;
    }
    known.erase(known.begin() + static_cast<std::ptrdiff_t>(mark), known.end());
    return out;
  }

 public:
  // `receiver.name = value` outside the receiver's own methods: what it
  // writes into the attributes of the receiver's classes.
  void attribute_writes(const Assignment& assignment, std::uint32_t file, std::vector<FlowFact>& out) {
    const LinkChain receiver(assignment.target.begin(), assignment.target.end() - 1);
    Values values;
    for (const Value& owner : evaluate(receiver, file, assignment.scope, 0, assignment.line)) {
      if (!owner.is(Value::Kind::Instance) && !owner.is(Value::Kind::Class)) continue;
      if (values.empty()) values = assignment_values(assignment, file, 0);
      for (const Value& value : values) {
        if (flows_on(as_object(value))) out.push_back({owner.ref, 0, assignment.target.back().text, as_object(value)});
      }
    }
  }

 private:

  const ScopeTables& tables_;
  std::span<const FileFacts> files_;
  const PythonModuleIndex& modules_;
  const FlowTable& flows_;
  const Fixtures& fixtures_;
  struct Mro {
    std::vector<ScopeRef> order;
    Reads reads;  // the flow keys its bases' evaluation read
  };
  std::map<ScopeRef, Mro> mro_;
  std::map<ScopeRef, Mro> subclasses_;  // order: the subclasses
  static constexpr std::size_t kDone = std::numeric_limits<std::size_t>::max();
  static constexpr int kMaxPasses = 8;
  struct Entry {
    enum class State : std::uint8_t { InProgress, Provisional, Done };
    Values values;
    Reads reads;  // the flow keys it read
    State state = State::InProgress;
    // InProgress: its frame; Provisional: the frame of its cycle's root.
    std::size_t frame = kDone;
    std::uint64_t epoch = 0;  // Provisional: the pass that computed it
  };
  struct Frame {
    std::size_t reaches;      // the lowest frame whose unfinished value this one read
    std::size_t provisional;  // provisional_'s size when it started
    std::uint64_t epoch;      // when its last pass started
    bool truncated;           // the depth limit cut it short
  };
  std::unordered_map<MemoKey, Entry, MemoKeyHash> cache_;
  std::vector<Frame> frames_;
  std::vector<MemoKey> provisional_;       // keys left Provisional, in order
  std::vector<std::uint64_t> pass_epochs_;  // the passes in progress, innermost last
  std::uint64_t epoch_ = 0;
  std::uint64_t changes_ = 0;  // how many times a memoised value grew
  std::unordered_map<std::string, std::uint32_t> names_;  // by name_id()
  std::unordered_map<std::string, ScopeIndex> opaque_bases_;  // by base text
  Reads reads_;  // what the evaluations since take_reads() read, in no order
};

void add_packages(const PythonLayout& layout, ProgramGraph& graph) {
  std::unordered_map<std::string, std::uint32_t> by_name;
  for (const PythonPackage& package : layout.packages()) {
    PackageEntry entry;
    entry.qualified_name = package.qualified_name;
    const auto dot = package.qualified_name.rfind('.');
    entry.name = dot == std::string::npos ? package.qualified_name : package.qualified_name.substr(dot + 1);
    entry.relative_path = package.relative_path;
    if (dot != std::string::npos) {
      if (const auto it = by_name.find(package.qualified_name.substr(0, dot)); it != by_name.end()) {
        entry.parent = it->second;
      }
    }
    by_name.emplace(package.qualified_name, static_cast<std::uint32_t>(graph.packages.size()));
    graph.packages.push_back(std::move(entry));
  }
  for (std::uint32_t f = 0; f < graph.files.size(); ++f) {
    ModuleEntry& module = graph.modules[f];
    std::string owner = module.qualified_name;
    if (!PythonLayout::is_package_init(graph.files[f].relative_path)) {
      const auto dot = owner.rfind('.');
      owner = dot == std::string::npos ? std::string() : owner.substr(0, dot);
    }
    if (const auto it = by_name.find(owner); it != by_name.end()) module.package = it->second;
  }
}

class ExternalNames {
 public:
  explicit ExternalNames(std::vector<std::string>& names) : names_(names) {}
  std::uint32_t index(std::string_view name) {
    const auto [it, added] = index_.emplace(std::string(name), static_cast<std::uint32_t>(names_.size()));
    if (added) names_.emplace_back(name);
    return it->second;
  }

 private:
  std::vector<std::string>& names_;
  std::unordered_map<std::string, std::uint32_t> index_;
};

void add_imports(const PythonModuleIndex& modules, ProgramGraph& graph) {
  ExternalNames externals(graph.external_packages);
  for (std::uint32_t f = 0; f < graph.files.size(); ++f) {
    std::set<std::pair<std::uint32_t, std::uint32_t>> seen;  // (in-tree file | external) targets
    auto add_module = [&](const std::string& name) {
      // The module itself, else the longest in-tree prefix, else external.
      std::string probe = name;
      while (!probe.empty()) {
        if (const auto file = modules.file_of(probe)) {
          if (*file != f && seen.insert({*file, kNone}).second) graph.imports.push_back({f, *file, kNone});
          return;
        }
        if (modules.is_namespace(probe)) return;
        const auto dot = probe.rfind('.');
        if (dot == std::string::npos) break;
        probe.resize(dot);
      }
      const std::uint32_t external = externals.index(top_level(name));
      if (seen.insert({kNone, external}).second) graph.imports.push_back({f, kNone, external});
    };
    for (const Import& import : graph.files[f].imports) {
      if (!import.is_from) {
        add_module(import.module);
        continue;
      }
      const auto base = modules.absolute_name(f, import.level, import.module);
      if (!base) continue;
      const std::string submodule = *base + "." + import.name;
      if (import.name != "*" && modules.file_of(submodule)) {
        add_module(submodule);
      } else {
        add_module(*base);
      }
    }
  }
}

// What one call site gives: its edges, whether it goes out of the tree or
// stays unresolved, what it passes into parameters, and which flows it
// read (a later round evaluates it again when one of them changes).
struct SiteResolution {
  std::vector<CallEdge> calls;
  bool external = false;
  bool unresolved = false;
  UnresolvedReason reason = UnresolvedReason::Unknown;  // when unresolved
  std::vector<FlowFact> flows;  // sorted, each once
  Reads reads;
  std::uint8_t shrinks = 0;     // times `flows` lost a fact from one round to the next
};

// Sorts `now`, what was just passed on, and once what was passed on before
// (`before`, sorted) has shrunk kMaxShrinks times, adds `before` to it.
void settle(std::vector<FlowFact>& now, const std::vector<FlowFact>& before, std::uint8_t& shrinks) {
  std::sort(now.begin(), now.end());
  now.erase(std::unique(now.begin(), now.end()), now.end());
  if (std::includes(now.begin(), now.end(), before.begin(), before.end())) return;
  if (shrinks < kMaxShrinks) {
    ++shrinks;
    return;
  }
  std::vector<FlowFact> both;
  both.reserve(now.size() + before.size());
  std::set_union(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(both));
  now = std::move(both);
}

// A file's flow facts as FileEdgeSlice::derived keeps them: sorted, each
// once, fields length-prefixed. References are by (file, definition) index,
// which stay valid while the incremental index reuses them (same files,
// edited ones with the same definitions).
std::string encode_flows(std::vector<FlowFact> facts) {
  std::sort(facts.begin(), facts.end());
  facts.erase(std::unique(facts.begin(), facts.end()), facts.end());
  std::string out;
  const auto u32 = [&out](std::uint32_t v) { out.append(reinterpret_cast<const char*>(&v), sizeof v); };
  const auto text = [&](const std::string& t) {
    u32(static_cast<std::uint32_t>(t.size()));
    out += t;
  };
  for (const FlowFact& fact : facts) {
    u32(fact.target.file);
    u32(fact.target.def);
    u32(fact.parameter);
    text(fact.attribute);
    u32(static_cast<std::uint32_t>(fact.value.kind));
    u32(fact.value.ref.file);
    u32(fact.value.ref.def);
    text(fact.value.name);
    u32(fact.value.bound ? 1 : 0);
    u32(fact.value.offset);
  }
  return out;
}

// The facts encode_flows wrote; those that do not fit `files` (a damaged
// cache) are left out.
void decode_flows(std::string_view in, std::span<const FileFacts> files, std::vector<FlowFact>& out) {
  std::size_t at = 0;
  bool ok = true;
  const auto u32 = [&]() -> std::uint32_t {
    std::uint32_t v = 0;
    if (in.size() - at < sizeof v) {
      ok = false;
      return 0;
    }
    std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
  };
  const auto text = [&]() -> std::string {
    const std::uint32_t n = u32();
    if (!ok || in.size() - at < n) {
      ok = false;
      return {};
    }
    std::string t(in.substr(at, n));
    at += n;
    return t;
  };
  const auto valid = [&](ScopeRef ref, bool may_be_none) {
    if (ref.file == kNone) return may_be_none;
    return ref.file < files.size() && (ref.def == kModuleScope || ref.def < files[ref.file].definitions.size());
  };
  while (ok && at < in.size()) {
    FlowFact fact;
    fact.target = {u32(), u32()};
    fact.parameter = u32();
    fact.attribute = text();
    const std::uint32_t kind = u32();
    fact.value.ref = {u32(), u32()};
    fact.value.name = text();
    fact.value.bound = u32() != 0;
    fact.value.offset = u32();
    if (!ok || kind > static_cast<std::uint32_t>(Value::Kind::Constant)) break;
    fact.value.kind = static_cast<Value::Kind>(kind);
    if (valid(fact.target, false) && valid(fact.value.ref, true)) out.push_back(std::move(fact));
  }
}

// One file's resolution: its call sites', and the rest (INHERITS, what its
// decorators and attribute writes pass on).
struct FileResolution {
  std::vector<InheritsEdge> inherits;
  std::vector<ReExport> reexports;
  std::vector<FlowFact> flows;  // sorted, each once
  Reads reads;
  std::uint8_t shrinks = 0;           // as SiteResolution's
  std::vector<SiteResolution> sites;  // parallel to the file's calls
  bool resolved = false;
  // What its last resolution changed in what the file passes on (for the FlowTable).
  std::vector<FlowFact> added;
  std::vector<FlowFact> removed;
};

// Notes in `result` what changed from `before` to `now` (both sorted, each once).
void note_changes(const std::vector<FlowFact>& before, const std::vector<FlowFact>& now, FileResolution& result) {
  std::set_difference(now.begin(), now.end(), before.begin(), before.end(), std::back_inserter(result.added));
  std::set_difference(before.begin(), before.end(), now.begin(), now.end(), std::back_inserter(result.removed));
}

// The values of a call's arguments, each evaluated once however many
// targets the call has (a method overridden in many classes).
class ArgumentValues {
 public:
  ArgumentValues(Resolver& resolver, const CallSite& call, std::uint32_t file)
      : resolver_(resolver), call_(call), file_(file), values_(call.arguments.size()) {}

  const Values& operator[](std::size_t a) {
    if (!values_[a]) values_[a] = resolver_.evaluate(call_.arguments[a], file_, call_.scope, 0, call_.line);
    return *values_[a];
  }

 private:
  Resolver& resolver_;
  const CallSite& call_;
  std::uint32_t file_;
  std::vector<std::optional<Values>> values_;
};

// A builtin that looks at the function it is given without calling it
// (`getattr(f, "methods", None)`, `callable(f)`).
bool inspects_only(const LinkChain& callee) {
  if (callee.size() != 1 || callee[0].kind != Link::Kind::Name) return false;
  static constexpr std::array<std::string_view, 10> kInspecting = {
      "callable", "delattr", "getattr", "hasattr", "id", "isinstance", "issubclass", "setattr", "type", "vars"};
  return std::find(kInspecting.begin(), kInspecting.end(), callee[0].text) != kInspecting.end();
}

// What the call's arguments pass into the parameters of `target`, whose
// first parameter is the receiver when `offset` is 1. A parameter the
// function uses as a subscript key receives the literal keys passed to it;
// passed anything else, or left to its default, any key.
void pass_arguments(Resolver& resolver, const CallSite& call, ArgumentValues& arguments, ScopeRef target,
                    std::uint32_t offset, std::vector<FlowFact>& out) {
  const std::vector<std::string_view>& keys = resolver.key_names(target);
  if (call.arguments.empty() && keys.empty()) return;
  const Definition& callee = resolver.files()[target.file].definitions[target.def];
  const auto is_key = [&](std::size_t p) { return std::binary_search(keys.begin(), keys.end(), callee.parameters[p]); };
  const Value any_key{Value::Kind::Constant, {}, {}};
  std::vector<bool> passed(keys.empty() ? 0 : callee.parameters.size());
  std::uint32_t position = offset;
  for (std::size_t a = 0; a < call.arguments.size(); ++a) {
    const std::string_view keyword = a < call.keywords.size() ? std::string_view(call.keywords[a]) : std::string_view();
    std::uint32_t parameter = kNone;
    if (keyword.empty()) {
      parameter = position++;
    } else if (keyword != "*" && keyword != "**") {
      const auto it = std::find(callee.parameters.begin(), callee.parameters.end(), keyword);
      if (it != callee.parameters.end()) parameter = static_cast<std::uint32_t>(it - callee.parameters.begin());
    }
    if (parameter == kNone || parameter >= callee.parameters.size()) continue;
    const bool key = !keys.empty() && is_key(parameter);
    if (key) passed[parameter] = true;
    if (call.arguments[a].empty()) {
      if (key) out.push_back({target, parameter, {}, any_key});
      continue;
    }
    const Values& values = arguments[a];
    const bool literal = !values.empty() && std::all_of(values.begin(), values.end(), [](const Value& v) {
      return v.is(Value::Kind::Constant) && !v.name.empty();
    });
    if (key && !literal) out.push_back({target, parameter, {}, any_key});
    // A name bound to a literal passes a builtin object (a literal itself, nothing).
    const bool literal_argument = is_literal_argument(call.arguments[a]);
    for (const Value& value : values) {
      if (key && literal) {
        out.push_back({target, parameter, {}, value});
      } else if (flows_on(value) || (!literal_argument && value.is(Value::Kind::Constant))) {
        out.push_back({target, parameter, {}, as_object(value)});
      }
    }
  }
  const bool spread = std::any_of(call.keywords.begin(), call.keywords.end(),
                                  [](const std::string& k) { return k == "*" || k == "**"; });
  for (std::size_t p = offset; p < passed.size(); ++p) {
    const bool defaulted = (callee.defaulted >> std::min<std::size_t>(p, 63) & 1) != 0;
    if (!passed[p] && (defaulted || spread) && is_key(p)) out.push_back({target, static_cast<std::uint32_t>(p), {}, any_key});
  }
}

// The dunder method an implicit call site (an operator, `with`, `for`) runs.
std::string_view implicit_method(const CallSite& call) {
  if (!call.implicit || call.callee.size() < 2 || call.callee.back().kind != Link::Kind::Attribute) return {};
  const std::string_view name = call.callee.back().text;
  return name.size() > 4 && name.starts_with("__") && name.ends_with("__") ? name : std::string_view();
}

SiteResolution resolve_site(Resolver& resolver, std::span<const FileFacts> files, std::uint32_t f,
                            const CallSite& call) {
  SiteResolution site;
  resolver.take_reads();
  Values targets = resolver.callee_values(call.callee, f, call.scope, call.line);
  if (const std::string_view method = implicit_method(call); !method.empty()) {
    // An operator, `with` or `for` runs the method of its operand's class:
    // on a class operand (`Cls[int]`, `Cls | None`) it is its metaclass's.
    const auto unbound = [](const Value& v) { return !v.is(Value::Kind::Function) || !v.bound; };
    std::erase_if(targets, unbound);
    if (const std::string_view fallback = binary_of_inplace(method); targets.empty() && !fallback.empty()) {
      // `a += b` without __iadd__ is `a = a + b`.
      LinkChain binary = call.callee;
      binary.back().text = std::string(fallback);
      targets = resolver.evaluate(binary, f, call.scope, 0, call.line);
      std::erase_if(targets, unbound);
    }
  }
  const ScopeRef caller{f, call.caller};
  ArgumentValues arguments(resolver, call, f);
  const auto add_edge = [&](ScopeRef callee, CallType type) {
    const CallEdge edge{caller, callee, type, call.line};
    if (std::find(site.calls.begin(), site.calls.end(), edge) == site.calls.end()) site.calls.push_back(edge);
  };
  for (const Value& target : targets) {
    switch (target.kind) {
      case Value::Kind::Function: {
        const Label label = files[target.ref.file].definitions[target.ref.def].label;
        add_edge(target.ref, label == Label::Method ? CallType::Method : CallType::Direct);
        pass_arguments(resolver, call, arguments, target.ref, target.bound ? 1 : 0, site.flows);
        break;
      }
      case Value::Kind::Class:
        add_edge(target.ref, CallType::Constructor);
        for (const Value& init : resolver.constructor(target, 0)) pass_arguments(resolver, call, arguments, init.ref, 1, site.flows);
        break;
      case Value::Kind::External:
      case Value::Kind::Constant: site.external = true; break;
      case Value::Kind::Instance:
        // Calling an instance calls its class's __call__.
        for (const Value& method : resolver.call_method(target, 0)) {
          add_edge(method.ref, CallType::Method);
          pass_arguments(resolver, call, arguments, method.ref, 1, site.flows);
        }
        break;
      default: break;
    }
  }
  if (site.external && targets.size() == 1 && targets[0].name == "builtins" && !inspects_only(call.callee)) {
    // A function handed to a builtin (`map(f, xs)`, `sorted(xs, key=f)`)
    // is called by it, for the caller; a method of a list, dict or set of
    // the tree calls only its `key=` (`xs.sort(key=f)`): `xs.append(f)`
    // stores f.
    bool container_method = false;
    if (call.callee.size() >= 2 && call.callee.back().kind == Link::Kind::Attribute) {
      const Values receivers =
          resolver.evaluate(LinkChain(call.callee.begin(), call.callee.end() - 1), f, call.scope, 0, call.line);
      container_method = !receivers.empty() && std::all_of(receivers.begin(), receivers.end(), [](const Value& v) {
        return v.is(Value::Kind::Container);
      });
    }
    for (std::size_t a = 0; a < call.arguments.size(); ++a) {
      if (call.arguments[a].empty()) continue;
      if (container_method && (a >= call.keywords.size() || call.keywords[a] != "key")) continue;
      for (const Value& value : arguments[a]) {
        if (!value.is(Value::Kind::Function)) continue;
        const Label label = files[value.ref.file].definitions[value.ref.def].label;
        add_edge(value.ref, label == Label::Method ? CallType::Method : CallType::Direct);
      }
    }
  }
  site.unresolved = site.calls.empty() && !site.external && !call.implicit;
  if (site.unresolved) {
    site.reason = resolve::classify_unresolved(call.callee, [&](std::span<const Link> prefix) {
      return !resolver.evaluate(LinkChain(prefix.begin(), prefix.end()), f, call.scope, 0, call.line).empty();
    });
  }
  site.external = site.calls.empty() && site.external && !call.implicit;
  site.reads = resolver.take_reads();
  return site;
}

// Resolves a file, or (given the flows that `changed` since) only what read them.
void resolve_file(Resolver& resolver, std::span<const FileFacts> files, std::uint32_t f, FileResolution& result,
                  const ChangedFlows* changed) {
  const FileFacts& facts = files[f];
  resolver.forget();
  if (changed == nullptr || reads_changed(result.reads, *changed)) {
    result.inherits.clear();
    const std::vector<FlowFact> before = std::exchange(result.flows, {});
    resolver.take_reads();
    for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
      if (facts.definitions[d].label != Label::Class) continue;
      for (const LinkChain& base : facts.definitions[d].bases) {
        if (const auto resolved = resolver.base_class(base, f, d)) result.inherits.push_back({{f, d}, *resolved});
      }
    }
    for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
      if (!facts.definitions[d].decorators.empty()) resolver.decorated_with_flows({f, d}, result.flows);
    }
    for (const Assignment& assignment : facts.all_assignments()) {
      const LinkChain& target = assignment.target;
      if (target.size() < 2 || target.back().kind != Link::Kind::Attribute || assignment.value.empty()) continue;
      // `self.x = v` in a method is read from the class's own assignments.
      const bool own = target.size() == 2 && assignment.scope != kModuleScope &&
                       target[0].text == facts.definitions[assignment.scope].first_parameter &&
                       facts.definitions[assignment.scope].label == Label::Method;
      if (!own) resolver.attribute_writes(assignment, f, result.flows);
    }
    result.reexports = resolver.re_exports(f, PythonLayout::is_package_init(facts.relative_path));
    result.reads = resolver.take_reads();
    settle(result.flows, before, result.shrinks);
    note_changes(before, result.flows, result);
  }
  result.sites.resize(facts.calls.size());
  for (std::size_t c = 0; c < facts.calls.size(); ++c) {
    SiteResolution& previous = result.sites[c];
    if (changed != nullptr && !reads_changed(previous.reads, *changed)) continue;
    SiteResolution site = resolve_site(resolver, files, f, facts.calls[c]);
    site.shrinks = previous.shrinks;
    settle(site.flows, previous.flows, site.shrinks);
    note_changes(previous.flows, site.flows, result);
    previous = std::move(site);
  }
  result.resolved = true;
}

bool reads_changed(const FileResolution& result, const ChangedFlows& changed) {
  return reads_changed(result.reads, changed) ||
         std::any_of(result.sites.begin(), result.sites.end(),
                     [&](const SiteResolution& s) { return reads_changed(s.reads, changed); });
}

std::vector<FlowFact> flows_of(const FileResolution& result) {
  std::vector<FlowFact> facts = result.flows;
  for (const SiteResolution& site : result.sites) facts.insert(facts.end(), site.flows.begin(), site.flows.end());
  return facts;
}

FileEdgeSlice edges_of(FileResolution& result, const FileFacts& facts, std::uint32_t f) {
  FileEdgeSlice edges;
  edges.inherits = std::move(result.inherits);
  edges.reexports = std::move(result.reexports);
  for (std::size_t c = 0; c < result.sites.size(); ++c) {
    const SiteResolution& site = result.sites[c];
    edges.calls.insert(edges.calls.end(), site.calls.begin(), site.calls.end());
    if (site.external) ++edges.external_calls;
    if (site.unresolved) {
      const CallSite& call = facts.calls[c];
      edges.unresolved.push_back({{f, call.caller}, call.text, call.line, site.reason});
    }
  }
  return edges;
}

}  // namespace

ProgramGraph resolve_python(std::span<const FileFacts> files, const PythonLayout& layout,
                            std::string project_name, std::string project_path,
                            std::span<const std::uint8_t> wanted, std::span<const std::string> derived) {
  ProgramGraph graph;
  graph.project_name = std::move(project_name);
  graph.project_path = std::move(project_path);
  graph.files = files;

  std::vector<std::string> module_names;
  std::vector<bool> init_flags;
  for (const FileFacts& facts : files) {
    module_names.push_back(layout.module_name(facts.relative_path));
    init_flags.push_back(PythonLayout::is_package_init(facts.relative_path));
  }
  const std::unique_ptr<bool[]> init_files = std::make_unique<bool[]>(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) init_files[f] = init_flags[f];

  graph.modules.resize(files.size());
  for (std::size_t f = 0; f < files.size(); ++f) {
    ModuleEntry& module = graph.modules[f];
    module.qualified_name = module_names[f];
    const auto dot = module.qualified_name.rfind('.');
    module.name = dot == std::string::npos ? module.qualified_name : module.qualified_name.substr(dot + 1);
  }
  add_packages(layout, graph);

  const PythonModuleIndex modules(module_names, std::span<const bool>(init_files.get(), files.size()));
  add_imports(modules, graph);
  const bool all_wanted = wanted.empty() || std::all_of(wanted.begin(), wanted.end(), [](std::uint8_t w) { return w != 0; });
  const ScopeTables tables(files, modules, all_wanted);

  // Each file's edges are resolved on its own (threads keep their own
  // caches), then appended in file order so the graph does not depend on
  // the number of threads. What calls pass into parameters is known only
  // once calls are resolved: resolution runs in rounds, each with the flows
  // the one before found, again for the files whose answers read them,
  // until the flows stop changing. A later round evaluates again only the
  // call sites (and files' other parts) that read a flow which changed.
  std::vector<FileResolution> results(files.size());
  std::vector<std::uint32_t> pending;
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    if (all_wanted || wanted[f] != 0) pending.push_back(f);
  }
  // What the files not resolved now pass on, as their last resolution found.
  std::vector<FlowFact> known;
  for (std::uint32_t f = 0; f < files.size() && f < derived.size(); ++f) {
    if (!(all_wanted || wanted[f] != 0)) decode_flows(derived[f], files, known);
  }
  const Fixtures fixtures(files);
  FlowTable flows;
  flows.update({}, known);
  flows.changed_keys();
  ChangedFlows changed;
  for (int round = 0; round < kMaxRounds && !pending.empty(); ++round) {
    tbb::enumerable_thread_specific<Resolver> resolvers(
        [&tables, &flows, &fixtures] { return Resolver(tables, flows, fixtures); });
    trellis::parallel_for(tbb::blocked_range<std::size_t>(0, pending.size(), 4),
                          [&](const tbb::blocked_range<std::size_t>& range) {
                            Resolver& resolver = resolvers.local();
                            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                              resolve_file(resolver, files, pending[i], results[pending[i]],
                                           round > 0 ? &changed : nullptr);
                            }
                          });
    for (const std::uint32_t f : pending) {
      FileResolution& result = results[f];
      flows.update(result.removed, result.added);
      result.removed = {};
      result.added = {};
    }
    changed = ChangedFlows(flows.changed_keys());
    if (changed.empty()) break;
    std::erase_if(pending, [&](std::uint32_t f) { return !reads_changed(results[f], changed); });
  }
  std::vector<FileEdgeSlice> per_file(files.size());
  for (std::uint32_t f = 0; f < files.size(); ++f) {
    if (!results[f].resolved) continue;
    per_file[f] = edges_of(results[f], files[f], f);
    per_file[f].derived = encode_flows(flows_of(results[f]));
  }
  set_file_edges(std::span<FileEdgeSlice>(per_file), graph);
  return graph;
}

}  // namespace trellis::ingest::python
