// Compiled into every Trellis binary that links mimalloc, beside
// mimalloc_options.cpp. tree-sitter's trees live in a mimalloc heap of their
// own on each thread: parsed, walked and freed file after file, while the
// facts extracted from them stay. Sharing pages with those facts, each new
// tree was spread over the holes the last one left among them: in an index
// the parser ran ~30% longer than in a bare parse (its allocations 3x), and
// the index of commons-lang on one thread went from 66% to 73% of the
// parse-only speed with heaps of their own.
#include <mimalloc.h>
#include <tree_sitter/api.h>

#include <cstddef>

namespace {

// The calling thread's heap for trees (mimalloc deletes it, its blocks kept,
// when the thread ends).
mi_heap_t* tree_heap() {
  thread_local mi_heap_t* heap = mi_heap_new();
  return heap;
}

void* tree_malloc(std::size_t size) { return mi_heap_malloc(tree_heap(), size); }
void* tree_calloc(std::size_t count, std::size_t size) { return mi_heap_calloc(tree_heap(), count, size); }
void* tree_realloc(void* block, std::size_t size) { return mi_heap_realloc(tree_heap(), block, size); }
void tree_free(void* block) { mi_free(block); }

// Before any library's initialiser, as mimalloc_options.cpp: no tree exists yet.
void use_tree_heaps(int /*argc*/, char** /*argv*/, char** /*envp*/) {
  ts_set_allocator(&tree_malloc, &tree_calloc, &tree_realloc, &tree_free);
}

[[gnu::section(".preinit_array"), gnu::used]] void (*const kUseTreeHeaps)(int, char**, char**) = &use_tree_heaps;

}  // namespace
