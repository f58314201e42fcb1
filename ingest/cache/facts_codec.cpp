#include <xxhash.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <stdexcept>

#include "trellis/common/parallel.hpp"
#include "trellis/ingest/facts_cache.hpp"

namespace trellis::ingest {
namespace {

// Bumped whenever the encoding, FileFacts, what an extractor puts in them,
// or the edges a resolver makes of them change: facts and edges cached by
// an older version are then extracted and resolved again (an unchanged
// file's cached edges are otherwise kept as they are).
// 11: each function's and method's cyclomatic complexity, on top of
// 10: call sites carry their own XXH3 (checked when they are decoded; the
// record's checksum skips them), on top of
// 9: the records in a facts file beside the snapshot, listed by a manifest
// in it (facts_file.hpp), on top of
// 8: IMPLEMENTS edges in each file's resolved edges, on top of
// 7: implements, is_abstract, is_accessor, reexport (TypeScript and
// JavaScript) on top of 6: each file's resolved edges and interface digest
// (incremental resolution), call sites apart from the other facts, on top
// of 5 (per-file size table) and 4 (call scopes, TYPE_CHECKING marks, kept
// rebindings).
// 12: Go, Java and C# facts (qualifier, signature, is_static, is_variadic,
// is_extension, results, call arguments, package name), on top of 11.
// 13-15: Python flow facts (elements, slices, exhaustive branches).
// 16: each unresolved call site's reason.
// 17: each file's re-exports (Python and TypeScript `exports`) and its
// full-text search terms (FileFacts::search_terms).
// 18: each definition's normalised body hash (SearchTerms::body_hashes).
// 19: the count of definitions nested too deep to be read
// (FileFacts::definitions_too_deep), and each file's resolution context
// digest (ResolvedFile::context_digest: C and C++'s include folders).
// 20: the same fields, read differently: Python loops' block_end with
// while/for-else, C++ class templates' type parameters and the template
// arguments of declared types; caches of 19 would keep old values for
// unchanged files.
// 21: each Python call site's block_end (CallSite::block_end), and
// block_end kNoLine for a statement in a def's or class's own body; each
// import's type arguments (C++ `using A = Box<W>`: Import::arguments); and
// Rust's `&x` and `&T` carry a reference link, `*x` an indirection link and
// a deref call site (caches of 20 would keep the old chains for unchanged
// files).
// 22: Python's integer and string literal arguments (as keys), names as
// subscript keys (Element "n:<name>") and parameters with defaults
// (Definition::defaulted).
// 23: a Python name bound to a short string or integer literal keeps it
// as a key (value [Element "s:<text>"], was [Literal "str"]).
// 24: a resolved file keeps the names its resolution reads
// (ResolvedFile::used_names).
// 25: Go closures bound to a name are Definitions, the names hold
// [Name "<func>", Attribute <index>], `=` statements assigning a closure
// are Assignments (Assignment::reassigns), and Go Assignments carry
// block_end.
// 26: the Python resolver's edges (dict views iterated, self.d written by
// other methods, dict()/OrderedDict() as {}, typing.cast, builtins that
// only inspect a function, class-body attributes bound to nothing of the
// tree): caches of 25 would keep old edges for unchanged files.
constexpr std::uint32_t kCodecVersion = 26;

class Writer {
 public:
  void u32(std::uint32_t value) { raw(&value, sizeof value); }
  void u64(std::uint64_t value) { raw(&value, sizeof value); }
  void text(const std::string& value) {
    u32(static_cast<std::uint32_t>(value.size()));
    raw(value.data(), value.size());
  }
  void texts(const std::vector<std::string>& values) {
    u32(static_cast<std::uint32_t>(values.size()));
    for (const std::string& value : values) text(value);
  }
  void chain(const LinkChain& links) {
    u32(static_cast<std::uint32_t>(links.size()));
    for (const Link& link : links) {
      u32(static_cast<std::uint32_t>(link.kind));
      text(link.text);
    }
  }
  void span(const SourceSpan& s) {
    u32(s.line_start);
    u32(s.line_end);
    u32(s.byte_start);
    u32(s.byte_end);
  }
  void bytes(std::span<const std::byte> data) { raw(data.data(), data.size()); }
  std::size_t size() const { return size_; }
  void reserve(std::size_t size) {
    if (size > bytes_.size()) bytes_.resize(size);
  }
  // Overwrites the u64 written at byte `at` (a placeholder for a size or
  // checksum known only later).
  void patch_u64(std::size_t at, std::uint64_t value) { std::memcpy(bytes_.data() + at, &value, sizeof value); }
  // The bytes written from byte `at` on.
  std::span<const std::byte> since(std::size_t at) const {
    return std::span<const std::byte>(bytes_).first(size_).subspan(at);
  }
  std::vector<std::byte> take() && {
    bytes_.resize(size_);
    return std::move(bytes_);
  }

 private:
  // bytes_ is the buffer, size_ the bytes written: a write within it is a
  // copy (a constant-size one inlines), growth doubles it.
  void raw(const void* data, std::size_t size) {
    if (size > bytes_.size() - size_) [[unlikely]] grow(size);
    if (size != 0) std::memcpy(bytes_.data() + size_, data, size);
    size_ += size;
  }
  [[gnu::noinline]] void grow(std::size_t more) { bytes_.resize(std::max(2 * bytes_.size(), size_ + more + 256)); }
  std::vector<std::byte> bytes_;
  std::size_t size_ = 0;
};

// Reads what Writer wrote; throws std::out_of_range on short or bad input,
// which decode_facts turns into an error value.
class Reader {
 public:
  explicit Reader(std::span<const std::byte> bytes) : bytes_(bytes) {}
  std::uint32_t u32() { return value<std::uint32_t>(); }
  std::uint64_t u64() { return value<std::uint64_t>(); }
  std::string text() {
    const std::uint32_t size = u32();
    need(size);
    std::string out(reinterpret_cast<const char*>(bytes_.data() + at_), size);
    at_ += size;
    return out;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> out(count());
    for (std::string& value : out) value = text();
    return out;
  }
  LinkChain chain() {
    LinkChain links(count());
    for (Link& link : links) {
      const std::uint32_t kind = u32();
      if (kind > static_cast<std::uint32_t>(Link::kLastKind)) throw std::out_of_range("bad link kind");
      link.kind = static_cast<Link::Kind>(kind);
      link.text = text();
    }
    return links;
  }
  // Checks a chain as chain() reads it, building nothing.
  void skip_chain() {
    const std::size_t links = count();
    for (std::size_t l = 0; l < links; ++l) {
      if (u32() > static_cast<std::uint32_t>(Link::kLastKind)) throw std::out_of_range("bad link kind");
      take(u32());
    }
  }
  SourceSpan span() { return {u32(), u32(), u32(), u32()}; }
  // A element count, bounded by the bytes left so bad input cannot allocate wildly.
  std::size_t count() {
    const std::uint32_t n = u32();
    if (n > bytes_.size() - at_) [[unlikely]] fail("count exceeds the data");
    return n;
  }
  bool done() const { return at_ == bytes_.size(); }
  // Throws std::out_of_range(what), out of line so that the checks inline.
  [[noreturn, gnu::cold, gnu::noinline]] static void fail(const char* what) { throw std::out_of_range(what); }
  std::size_t position() const { return at_; }
  // The bytes read since position `start`.
  std::span<const std::byte> since(std::size_t start) const { return bytes_.subspan(start, at_ - start); }
  // The bytes not read yet, skipped.
  std::span<const std::byte> rest() { return take(bytes_.size() - at_); }
  // The next `size` bytes, skipped.
  std::span<const std::byte> take(std::uint64_t size) {
    need(size);
    const auto out = bytes_.subspan(at_, size);
    at_ += size;
    return out;
  }

 private:
  template <class T>
  T value() {
    need(sizeof(T));
    T out;
    std::memcpy(&out, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return out;
  }
  // Inlined at every read: the throw is out of line.
  void need(std::size_t size) const {
    if (size > bytes_.size() - at_) [[unlikely]] fail("truncated");
  }
  std::span<const std::byte> bytes_;
  std::size_t at_ = 0;
};

void write_ref(Writer& w, ScopeRef ref) {
  w.u32(ref.file);
  w.u32(ref.def);
}

void write_resolved(Writer& w, const std::optional<ResolvedFile>* kept) {
  const ResolvedFile* resolved = kept != nullptr && kept->has_value() ? &**kept : nullptr;
  w.u32(resolved != nullptr ? 1 : 0);
  if (resolved == nullptr) return;
  w.u32(resolved->index);
  w.u64(resolved->interface_digest);
  w.u64(resolved->context_digest);
  const FileEdgeSlice& edges = resolved->edges;
  for (const auto* list : {&edges.inherits, &edges.implements}) {
    w.u32(static_cast<std::uint32_t>(list->size()));
    for (const InheritsEdge& e : *list) {
      write_ref(w, e.derived);
      write_ref(w, e.base);
    }
  }
  w.u32(static_cast<std::uint32_t>(edges.calls.size()));
  for (const CallEdge& e : edges.calls) {
    write_ref(w, e.caller);
    write_ref(w, e.callee);
    w.u32(static_cast<std::uint32_t>(e.call_type));
    w.u32(e.line);
  }
  w.u32(static_cast<std::uint32_t>(edges.unresolved.size()));
  for (const UnresolvedCall& e : edges.unresolved) {
    write_ref(w, e.caller);
    w.text(e.text);
    w.u32(e.line);
    w.u32(static_cast<std::uint32_t>(e.reason));
  }
  w.u32(edges.external_calls);
  w.u32(static_cast<std::uint32_t>(edges.reexports.size()));
  for (const ReExport& e : edges.reexports) {
    w.u32(e.module);
    w.text(e.name);
    write_ref(w, e.target);
  }
  w.text(edges.derived);
  w.u32(static_cast<std::uint32_t>(resolved->used_names.size()));
  for (const std::uint32_t name : resolved->used_names) w.u32(name);
}

// A term's field in the top 8 bits of its count word (counts saturate at 2^24 - 1).
constexpr std::uint32_t kTermCountMask = 0x00FFFFFFu;

void write_search_terms(Writer& w, const SearchTerms& s) {
  w.texts(s.words);
  w.u32(static_cast<std::uint32_t>(s.scope_offsets.size()));
  for (const std::uint32_t offset : s.scope_offsets) w.u32(offset);
  w.u32(static_cast<std::uint32_t>(s.terms.size()));
  for (const ScopeTerm& t : s.terms) {
    w.u32(t.word);
    w.u32(static_cast<std::uint32_t>(search::index_of(t.field)) << 24 | std::min(t.count, kTermCountMask));
  }
  w.u32(static_cast<std::uint32_t>(s.body_hashes.size()));
  for (const std::uint64_t hash : s.body_hashes) w.u64(hash);
}

SearchTerms read_search_terms(Reader& r) {
  SearchTerms s;
  s.words = r.texts();
  s.scope_offsets.resize(r.count());
  for (std::uint32_t& offset : s.scope_offsets) offset = r.u32();
  s.terms.resize(r.count());
  for (ScopeTerm& t : s.terms) {
    t.word = r.u32();
    const std::uint32_t packed = r.u32();
    if (t.word >= s.words.size() || (packed >> 24) >= search::kSearchFieldCount) throw std::out_of_range("bad term");
    t.field = static_cast<search::SearchField>(packed >> 24);
    t.count = packed & kTermCountMask;
  }
  s.body_hashes.resize(r.count());
  for (std::uint64_t& hash : s.body_hashes) hash = r.u64();
  return s;
}

// Walks what read_search_terms reads and checks it (offsets rising from 0
// to the number of terms, each term's word and field in range), building
// nothing but the body hashes; returns the number of scope offsets, which
// the caller checks against the definitions (none, or one per definition
// plus two) once it has read them.
std::size_t skip_search_terms(Reader& r, std::vector<std::uint64_t>& body_hashes) {
  const std::size_t words = r.count();
  for (std::size_t w = 0; w < words; ++w) r.take(r.u32());
  const std::size_t offsets = r.count();
  std::uint32_t previous = 0;
  for (std::size_t o = 0; o < offsets; ++o) {
    const std::uint32_t offset = r.u32();
    if ((o == 0 && offset != 0) || offset < previous) throw std::out_of_range("bad term scopes");
    previous = offset;
  }
  const std::size_t terms = r.count();
  if (offsets != 0 && previous != terms) throw std::out_of_range("bad term scopes");
  for (std::size_t t = 0; t < terms; ++t) {
    const std::uint32_t word = r.u32();
    const std::uint32_t packed = r.u32();
    if (word >= words || (packed >> 24) >= search::kSearchFieldCount) throw std::out_of_range("bad term");
  }
  body_hashes.resize(r.count());
  for (std::uint64_t& hash : body_hashes) hash = r.u64();
  return offsets;
}

void write_file(Writer& w, const FileFacts& f, std::uint64_t hash) {
  w.text(f.relative_path);
  w.u64(hash);
  w.text(f.language);
  w.u32(f.line_count);
  w.u32(f.byte_count);
  w.u32(f.has_syntax_errors ? 1 : 0);
  w.u32(f.definitions_too_deep);
  w.u32(f.has_all ? 1 : 0);
  w.texts(f.all_names);
  w.text(f.package_name);
  write_search_terms(w, f.all_search_terms());
  w.u32(static_cast<std::uint32_t>(f.definitions.size()));
  for (const Definition& d : f.definitions) {
    w.u32(static_cast<std::uint32_t>(d.label));
    w.text(d.name);
    w.u32(d.parent);
    w.span(d.span);
    w.texts(d.decorators);
    w.text(d.docstring);
    w.u32(static_cast<std::uint32_t>(d.bases.size()));
    for (const LinkChain& base : d.bases) w.chain(base);
    w.texts(d.base_texts);
    w.u32(static_cast<std::uint32_t>(d.implements.size()));
    for (const LinkChain& chain : d.implements) w.chain(chain);
    w.u32((d.is_async ? 1u : 0u) | (d.is_abstract ? 2u : 0u) | (d.is_accessor ? 4u : 0u) |
          (d.is_static ? 8u : 0u) | (d.is_variadic ? 16u : 0u) | (d.is_extension ? 32u : 0u) |
          (d.is_declaration ? 64u : 0u));
    w.text(d.qualifier);
    w.text(d.signature);
    w.u32(static_cast<std::uint32_t>(d.results.size()));
    for (const LinkChain& result : d.results) w.chain(result);
    w.u32(d.typing_only ? 1 : 0);
    w.u32(d.complexity);
    w.u32(static_cast<std::uint32_t>(d.annotated_parameters.size()));
    for (const auto& [name, annotation] : d.annotated_parameters) {
      w.text(name);
      w.chain(annotation);
    }
    w.texts(d.parameters);
    w.u64(d.defaulted);
    w.text(d.first_parameter);
    w.texts(d.local_names);
    w.chain(d.return_annotation);
  }
  w.u32(static_cast<std::uint32_t>(f.imports.size()));
  for (const Import& i : f.imports) {
    w.u32(i.scope);
    w.u32(i.line);
    w.u32(i.level);
    w.text(i.module);
    w.text(i.name);
    w.text(i.alias);
    w.u32((i.is_from ? 1u : 0u) | (i.reexport ? 2u : 0u));
    w.chain(i.arguments);
  }
  const std::vector<Assignment>& assignments = f.all_assignments();
  w.u32(static_cast<std::uint32_t>(assignments.size()));
  for (const Assignment& a : assignments) {
    w.u32(a.scope);
    w.u32(a.line);
    w.chain(a.target);
    w.chain(a.value);
    w.chain(a.annotation);
    w.u32(a.block_end);
    w.u32(a.branches_from);
    w.u32(a.reassigns ? 1 : 0);
  }
}

ScopeRef read_ref(Reader& r) { return {r.u32(), r.u32()}; }

// File and definition indices are checked where the edges are used (they
// refer to other files' facts).
std::optional<ResolvedFile> read_resolved(Reader& r) {
  if (r.u32() == 0) return std::nullopt;
  ResolvedFile resolved;
  resolved.index = r.u32();
  resolved.interface_digest = r.u64();
  resolved.context_digest = r.u64();
  FileEdgeSlice& edges = resolved.edges;
  for (auto* list : {&edges.inherits, &edges.implements}) {
    list->resize(r.count());
    for (InheritsEdge& e : *list) {
      e.derived = read_ref(r);
      e.base = read_ref(r);
    }
  }
  edges.calls.resize(r.count());
  for (CallEdge& e : edges.calls) {
    e.caller = read_ref(r);
    e.callee = read_ref(r);
    const std::uint32_t type = r.u32();
    if (type > static_cast<std::uint32_t>(CallType::Constructor)) throw std::out_of_range("bad call type");
    e.call_type = static_cast<CallType>(type);
    e.line = r.u32();
  }
  edges.unresolved.resize(r.count());
  for (UnresolvedCall& e : edges.unresolved) {
    e.caller = read_ref(r);
    e.text = r.text();
    e.line = r.u32();
    const std::uint32_t reason = r.u32();
    if (reason > static_cast<std::uint32_t>(kLastUnresolvedReason)) throw std::out_of_range("bad unresolved reason");
    e.reason = static_cast<UnresolvedReason>(reason);
  }
  edges.external_calls = r.u32();
  edges.reexports.resize(r.count());
  for (ReExport& e : edges.reexports) {
    e.module = r.u32();
    e.name = r.text();
    e.target = read_ref(r);
  }
  edges.derived = r.text();
  resolved.used_names.resize(r.count());
  for (std::uint32_t& name : resolved.used_names) name = r.u32();
  return resolved;
}

// Call sites are kept apart: only resolution reads them, and an incremental
// index that re-resolves only edited files never decodes the others'.
void write_calls(Writer& w, const FileFacts& f) {
  w.u32(static_cast<std::uint32_t>(f.calls.size()));
  for (const CallSite& c : f.calls) {
    w.u32(c.caller);
    w.u32(c.scope);
    w.u32(c.line);
    w.chain(c.callee);
    w.text(c.text);
    w.u32(static_cast<std::uint32_t>(c.arguments.size()));
    for (const LinkChain& argument : c.arguments) w.chain(argument);
    w.u32(static_cast<std::uint32_t>(c.keywords.size()));
    for (const std::string& keyword : c.keywords) w.text(keyword);
    w.u32(c.implicit ? 1 : 0);
    w.u32(c.block_end);
  }
}

std::vector<CallSite> read_calls(Reader& r, std::size_t definitions) {
  const auto scope_ok = [&](ScopeIndex scope) { return scope == kModuleScope || scope < definitions; };
  std::vector<CallSite> calls(r.count());
  for (CallSite& c : calls) {
    c.caller = r.u32();
    c.scope = r.u32();
    c.line = r.u32();
    c.callee = r.chain();
    c.text = r.text();
    c.arguments.resize(r.count());
    for (LinkChain& argument : c.arguments) argument = r.chain();
    c.keywords.resize(r.count());
    for (std::string& keyword : c.keywords) keyword = r.text();
    c.implicit = r.u32() != 0;
    c.block_end = r.u32();
    if (!scope_ok(c.caller) || !scope_ok(c.scope)) throw std::out_of_range("bad caller");
  }
  return calls;
}

Assignment read_assignment(Reader& r, std::size_t definitions) {
  Assignment a;
  a.scope = r.u32();
  a.line = r.u32();
  a.target = r.chain();
  a.value = r.chain();
  a.annotation = r.chain();
  a.block_end = r.u32();
  a.branches_from = r.u32();
  a.reassigns = r.u32() != 0;
  if (a.scope != kModuleScope && a.scope >= definitions) throw std::out_of_range("bad assignment scope");
  return a;
}

// Assignments as write_facts wrote them (bytes skip_assignments accepted).
std::vector<Assignment> read_assignments(Reader& r, std::size_t definitions) {
  std::vector<Assignment> assignments(r.count());
  for (Assignment& a : assignments) a = read_assignment(r, definitions);
  return assignments;
}

// Walks what read_assignments reads, with the same checks but without
// building anything; returns how many there are, and where each one outside
// a function or method starts (`outside`).
std::size_t skip_assignments(Reader& r, std::span<const Definition> definitions, std::vector<std::uint32_t>& outside) {
  const std::size_t count = r.count();
  for (std::size_t a = 0; a < count; ++a) {
    const auto start = static_cast<std::uint32_t>(r.position());
    const ScopeIndex scope = r.u32();
    if (scope != kModuleScope && scope >= definitions.size()) throw std::out_of_range("bad assignment scope");
    if (scope == kModuleScope || !is_callable(definitions[scope].label)) outside.push_back(start);
    r.u32();  // line
    for (int chain = 0; chain < 3; ++chain) r.skip_chain();
    r.u32();  // block_end
    r.u32();  // branches_from
    r.u32();  // reassigns
  }
  return count;
}

CachedFile read_file_facts(Reader& r) {
  CachedFile cached;
  FileFacts& f = cached.facts;
  f.relative_path = r.text();
  cached.content_hash = r.u64();
  f.language = r.text();
  f.line_count = r.u32();
  f.byte_count = r.u32();
  f.has_syntax_errors = r.u32() != 0;
  f.definitions_too_deep = r.u32();
  f.has_all = r.u32() != 0;
  f.all_names = r.texts();
  f.package_name = r.text();
  // The words are checked now, decoded when first read.
  const std::size_t terms_start = r.position();
  const std::size_t scope_offsets = skip_search_terms(r, f.search_terms.body_hashes);
  const std::span<const std::byte> terms = r.since(terms_start);
  f.definitions.resize(r.count());
  for (Definition& d : f.definitions) {
    const std::uint32_t label = r.u32();
    if (label >= kLabelCount) throw std::out_of_range("bad label");
    d.label = static_cast<Label>(label);
    d.name = r.text();
    d.parent = r.u32();
    d.span = r.span();
    d.decorators = r.texts();
    d.docstring = r.text();
    d.bases.resize(r.count());
    for (LinkChain& base : d.bases) base = r.chain();
    d.base_texts = r.texts();
    d.implements.resize(r.count());
    for (LinkChain& chain : d.implements) chain = r.chain();
    const std::uint32_t flags = r.u32();
    d.is_async = (flags & 1u) != 0;
    d.is_abstract = (flags & 2u) != 0;
    d.is_accessor = (flags & 4u) != 0;
    d.is_static = (flags & 8u) != 0;
    d.is_variadic = (flags & 16u) != 0;
    d.is_extension = (flags & 32u) != 0;
    d.is_declaration = (flags & 64u) != 0;
    d.qualifier = r.text();
    d.signature = r.text();
    d.results.resize(r.count());
    for (LinkChain& result : d.results) result = r.chain();
    d.typing_only = r.u32() != 0;
    d.complexity = r.u32();
    d.annotated_parameters.resize(r.count());
    for (auto& [name, annotation] : d.annotated_parameters) {
      name = r.text();
      annotation = r.chain();
    }
    d.parameters = r.texts();
    d.defaulted = r.u64();
    d.first_parameter = r.text();
    d.local_names = r.texts();
    d.return_annotation = r.chain();
  }
  const auto scope_ok = [&](ScopeIndex scope) { return scope == kModuleScope || scope < f.definitions.size(); };
  for (std::size_t d = 0; d < f.definitions.size(); ++d) {
    // Parents precede children: resolution walks parent chains.
    if (f.definitions[d].parent != kModuleScope && f.definitions[d].parent >= d) throw std::out_of_range("bad parent");
  }
  f.imports.resize(r.count());
  for (Import& i : f.imports) {
    i.scope = r.u32();
    i.line = r.u32();
    i.level = r.u32();
    i.module = r.text();
    i.name = r.text();
    i.alias = r.text();
    const std::uint32_t flags = r.u32();
    i.is_from = (flags & 1u) != 0;
    i.reexport = (flags & 2u) != 0;
    i.arguments = r.chain();
    if (!scope_ok(i.scope)) throw std::out_of_range("bad import scope");
  }
  // The rest is the assignments: checked now, decoded when first read.
  const std::span<const std::byte> assignments = r.rest();
  Reader check(assignments);
  std::vector<std::uint32_t> outside;
  if (skip_assignments(check, f.definitions, outside) > 0) {
    const std::size_t definitions = f.definitions.size();
    f.deferred_assignments = std::make_shared<const DeferredAssignments>(
        [assignments, definitions] {
          Reader bytes(assignments);
          return read_assignments(bytes, definitions);
        },
        [assignments, definitions, outside = std::move(outside)] {
          std::vector<Assignment> out;
          out.reserve(outside.size());
          for (const std::uint32_t start : outside) {
            Reader bytes(assignments.subspan(start));
            out.push_back(read_assignment(bytes, definitions));
          }
          return out;
        });
  }
  if (!check.done()) throw std::out_of_range("trailing bytes after the assignments");
  if (scope_offsets != 0 && scope_offsets != f.definitions.size() + 2) throw std::out_of_range("bad term scopes");
  if (!f.search_terms.body_hashes.empty() && f.search_terms.body_hashes.size() != f.definitions.size()) {
    throw std::out_of_range("bad body hashes");
  }
  f.deferred_search_terms = std::make_shared<const DeferredSearchTerms>([terms] {
    Reader bytes(terms);
    return read_search_terms(bytes);
  });
  return cached;
}

}  // namespace

std::uint64_t content_hash(std::string_view bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

namespace {

// The manifest: [u32 codec version][u32 count], then per file
// [path][u64 content hash][u64 record bytes][u64 record checksum].
//
// A record: [u64 n][n bytes: facts but calls][u64 m][u64 XXH3 of the call
// sites][m bytes: call sites][resolved edges]. Its checksum covers all but
// the call sites (which their own XXH3 covers, checked when they are
// decoded): most indexes never read them, so reading a record need not
// touch them.
constexpr std::size_t kRecordHeadBytes = 3 * sizeof(std::uint64_t);

std::uint64_t checksum_of(std::span<const std::byte> bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

// The record's checksum; nullopt when its lengths do not fit in it.
std::optional<std::uint64_t> record_checksum(std::span<const std::byte> record) {
  const auto u64_at = [&](std::size_t at) {
    std::uint64_t value = 0;
    std::memcpy(&value, record.data() + at, sizeof value);
    return value;
  };
  if (record.size() < kRecordHeadBytes) return std::nullopt;
  const std::uint64_t facts = u64_at(0);
  if (facts > record.size() - kRecordHeadBytes) return std::nullopt;
  const std::size_t head = kRecordHeadBytes + facts;
  const std::uint64_t calls = u64_at(sizeof(std::uint64_t) + facts);
  if (calls > record.size() - head) return std::nullopt;
  const auto edges = record.subspan(head + calls);
  return XXH3_64bits_withSeed(edges.data(), edges.size(), checksum_of(record.first(head)));
}

// The resolved edges as a record ends with them.
std::vector<std::byte> encode_tail(const std::optional<ResolvedFile>* resolved) {
  Writer tail;
  write_resolved(tail, resolved);
  return std::move(tail).take();
}

Error damaged(const std::string& problem) {
  return make_error(ErrorCode::DatabaseError, "the cached file facts are damaged: " + problem);
}

}  // namespace

std::vector<EncodedFile> encode_facts(std::span<const FileFacts> files, std::span<const std::uint64_t> hashes,
                                      std::span<const std::optional<ResolvedFile>> resolved,
                                      std::span<const CachedFile* const> previous,
                                      std::span<const std::uint8_t> same_resolution) {
  std::vector<EncodedFile> out(files.size());
  trellis::parallel_for(std::size_t{0}, files.size(), [&](std::size_t i) {
    EncodedFile& file = out[i];
    file.relative_path = files[i].relative_path;
    file.content_hash = hashes[i];
    const CachedFile* cached = i < previous.size() ? previous[i] : nullptr;
    const bool same = cached != nullptr && i < same_resolution.size() && same_resolution[i] != 0;
    const std::vector<std::byte> tail = same ? std::vector<std::byte>{} : encode_tail(i < resolved.size() ? &resolved[i] : nullptr);
    if (cached != nullptr) {
      if (same || std::ranges::equal(cached->record.subspan(cached->encoded_facts.size()), tail)) {
        file.kept = cached->record;
        file.kept_offset = cached->record_offset;
        file.checksum = cached->record_checksum;
        return;
      }
      file.fresh.reserve(cached->encoded_facts.size() + tail.size());
      file.fresh.insert(file.fresh.end(), cached->encoded_facts.begin(), cached->encoded_facts.end());
    } else {
      // Written in place, the sizes and the call sites' checksum patched in after.
      Writer record;
      // A file's facts take two to three bytes per byte of source: one
      // buffer of that size, not one per doubling from a few hundred bytes.
      record.reserve(3 * std::size_t{files[i].byte_count} + 4096);
      record.u64(0);
      write_file(record, files[i], hashes[i]);
      const std::size_t facts_end = record.size();
      record.u64(0);
      record.u64(0);
      write_calls(record, files[i]);
      const std::span<const std::byte> call_bytes = record.since(facts_end + 2 * sizeof(std::uint64_t));
      record.patch_u64(0, facts_end - sizeof(std::uint64_t));
      record.patch_u64(facts_end, call_bytes.size());
      record.patch_u64(facts_end + sizeof(std::uint64_t), checksum_of(call_bytes));
      file.fresh = std::move(record).take();
    }
    file.fresh.insert(file.fresh.end(), tail.begin(), tail.end());
    file.checksum = *record_checksum(file.fresh);  // its lengths were just written
  });
  return out;
}

std::vector<std::byte> encode_manifest(std::span<const EncodedFile> files) {
  Writer w;
  w.u32(kCodecVersion);
  w.u32(static_cast<std::uint32_t>(files.size()));
  for (const EncodedFile& file : files) {
    w.text(file.relative_path);
    w.u64(file.content_hash);
    w.u64(file.bytes().size());
    w.u64(file.checksum);
  }
  return std::move(w).take();
}

Result<std::vector<ManifestEntry>> decode_manifest(std::span<const std::byte> manifest) {
  try {
    Reader r(manifest);
    if (r.u32() != kCodecVersion) {
      return make_error(ErrorCode::DatabaseError, "the cached file facts have another format version");
    }
    std::vector<ManifestEntry> entries(r.count());
    for (ManifestEntry& entry : entries) {
      entry.relative_path = r.text();
      entry.content_hash = r.u64();
      entry.record_bytes = r.u64();
      entry.record_checksum = r.u64();
    }
    if (!r.done()) return damaged("trailing bytes after the list of files");
    return entries;
  } catch (const std::out_of_range& error) {
    return damaged(error.what());
  }
}

Result<FactsCache> decode_facts(std::span<const std::byte> manifest) {
  auto entries = decode_manifest(manifest);
  if (!entries.ok()) return std::move(entries).take_error();
  FactsCache cache;
  cache.reserve(entries->size());
  for (ManifestEntry& entry : *entries) {
    CachedFile file;
    file.content_hash = entry.content_hash;
    file.record_checksum = entry.record_checksum;
    file.facts.relative_path = entry.relative_path;
    cache.emplace(std::move(entry.relative_path), std::move(file));
  }
  return cache;
}

Result<FactsCache> decode_records(std::span<const ManifestEntry> manifest,
                                  std::span<const std::span<const std::byte>> records,
                                  std::span<const std::uint64_t> offsets) {
  if (records.size() != manifest.size() || offsets.size() != manifest.size()) {
    return damaged("the facts file does not hold the listed files");
  }
  std::vector<CachedFile> decoded(manifest.size());
  std::vector<std::string> errors(manifest.size());
  trellis::parallel_for(std::size_t{0}, manifest.size(), [&](std::size_t i) {
    const ManifestEntry& entry = manifest[i];
    const std::span<const std::byte> bytes = records[i];
    if (bytes.size() != entry.record_bytes || record_checksum(bytes) != entry.record_checksum) {
      errors[i] = "the record of " + entry.relative_path + " does not match its checksum";
      return;
    }
    try {
      Reader record(bytes);
      const std::span<const std::byte> facts = record.take(record.u64());
      const std::uint64_t call_bytes = record.u64();
      const std::uint64_t calls_checksum = record.u64();
      const std::span<const std::byte> calls = record.take(call_bytes);
      Reader file(facts);
      decoded[i] = read_file_facts(file);
      if (!file.done()) errors[i] = "trailing bytes in a file's facts";
      if (decoded[i].facts.relative_path != entry.relative_path || decoded[i].content_hash != entry.content_hash) {
        errors[i] = "the record of " + entry.relative_path + " is another file's";
      }
      decoded[i].record = bytes;
      decoded[i].record_checksum = entry.record_checksum;
      decoded[i].record_offset = offsets[i];
      decoded[i].encoded_facts = bytes.first(kRecordHeadBytes + facts.size() + calls.size());
      decoded[i].encoded_calls = calls;
      decoded[i].calls_checksum = calls_checksum;
      decoded[i].resolved = read_resolved(record);
      if (!record.done()) errors[i] = "trailing bytes after a file's resolved edges";
    } catch (const std::out_of_range& error) {
      errors[i] = error.what();
    }
  });
  FactsCache cache;
  cache.reserve(manifest.size());
  for (std::size_t i = 0; i < manifest.size(); ++i) {
    if (!errors[i].empty()) return damaged(errors[i]);
    cache.emplace(manifest[i].relative_path, std::move(decoded[i]));
  }
  return cache;
}

Result<FactsCache> decode_facts(std::span<const EncodedFile> files) {
  auto manifest = decode_manifest(encode_manifest(files));
  if (!manifest.ok()) return std::move(manifest).take_error();
  std::vector<std::span<const std::byte>> records;
  records.reserve(files.size());
  for (const EncodedFile& file : files) records.push_back(file.bytes());
  const std::vector<std::uint64_t> offsets(files.size(), kNoRecordOffset);
  return decode_records(*manifest, records, offsets);
}

Status decode_calls(const CachedFile& cached, FileFacts& facts) {
  if (checksum_of(cached.encoded_calls) != cached.calls_checksum) {
    return make_error(ErrorCode::DatabaseError, "the cached call sites do not match their checksum");
  }
  try {
    Reader r(cached.encoded_calls);
    facts.calls = read_calls(r, facts.definitions.size());
    if (r.done()) return {};
    return make_error(ErrorCode::DatabaseError, "trailing bytes in a file's cached call sites");
  } catch (const std::out_of_range& error) {
    return make_error(ErrorCode::DatabaseError, std::string("the cached call sites are damaged: ") + error.what());
  }
}

}  // namespace trellis::ingest
