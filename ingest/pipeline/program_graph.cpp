#include "trellis/ingest/program_graph.hpp"

#include <algorithm>
#include <iterator>
#include <type_traits>

namespace trellis::ingest {
namespace {

// Slice: FileEdgeSlice (its edges are moved) or const FileEdgeSlice (copied).
template <class Slice>
void set_edges(std::span<Slice> slices, ProgramGraph& program) {
  std::size_t inherits = 0, implements = 0, calls = 0, unresolved = 0, reexports = 0;
  for (const FileEdgeSlice& slice : slices) {
    inherits += slice.inherits.size();
    implements += slice.implements.size();
    calls += slice.calls.size();
    unresolved += slice.unresolved.size();
    reexports += slice.reexports.size();
  }
  const auto refill = [](auto& to, std::size_t size) {
    to.clear();
    to.reserve(size);
  };
  refill(program.inherits, inherits);
  refill(program.implements, implements);
  refill(program.calls, calls);
  refill(program.unresolved_calls, unresolved);
  refill(program.reexports, reexports);
  const auto append = [](auto& to, auto& from) {
    if constexpr (std::is_const_v<Slice>) {
      to.insert(to.end(), from.begin(), from.end());
    } else {
      to.insert(to.end(), std::make_move_iterator(from.begin()), std::make_move_iterator(from.end()));
    }
  };
  program.external_calls = 0;
  program.external_calls_by_file.resize(slices.size());
  const bool derived = std::any_of(slices.begin(), slices.end(), [](const FileEdgeSlice& s) { return !s.derived.empty(); });
  program.derived_by_file.assign(derived ? slices.size() : 0, std::string());
  for (std::size_t f = 0; f < slices.size(); ++f) {
    Slice& slice = slices[f];
    append(program.inherits, slice.inherits);
    append(program.implements, slice.implements);
    append(program.calls, slice.calls);
    append(program.unresolved_calls, slice.unresolved);
    append(program.reexports, slice.reexports);
    program.external_calls += slice.external_calls;
    program.external_calls_by_file[f] = slice.external_calls;
    if (derived) program.derived_by_file[f] = slice.derived;
  }
}

}  // namespace

void set_file_edges(std::span<FileEdgeSlice> slices, ProgramGraph& program) { set_edges(slices, program); }

void set_file_edges(std::span<const FileEdgeSlice> slices, ProgramGraph& program) { set_edges(slices, program); }

}  // namespace trellis::ingest
