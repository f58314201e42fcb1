#pragma once

// The parallel sections Trellis runs on oneTBB, made visible to
// ThreadSanitizer.
//
// TBB orders a section's tasks against its caller inside libtbb.so: the
// caller's writes before `parallel_for` happen before every task, and every
// task's writes happen before the caller continues. Debian's libtbb is not
// built with ThreadSanitizer, so TSan cannot see that ordering and reports
// each hand-over as a race. These wrappers state it with
// `__tsan_release`/`__tsan_acquire`: the caller releases `start` before the
// section and acquires `end` after it; each task acquires `start` first and
// releases `end` last. Tasks are not ordered against each other, so a race
// between two tasks is still reported. Without TSan they are the TBB calls.

#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>
#include <tbb/parallel_invoke.h>

#include <iterator>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#define TRELLIS_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TRELLIS_THREAD_SANITIZER 1
#endif
#endif

#ifdef TRELLIS_THREAD_SANITIZER
extern "C" void __tsan_acquire(void* address);
extern "C" void __tsan_release(void* address);
#endif

namespace trellis {

// One point of hand-over between threads: what a thread did before
// `release()` happens before what another thread does after a later
// `acquire()`, in ThreadSanitizer's eyes.
class Handoff {
 public:
  void release() noexcept {
#ifdef TRELLIS_THREAD_SANITIZER
    __tsan_release(&tag_);
#endif
  }
  void acquire() noexcept {
#ifdef TRELLIS_THREAD_SANITIZER
    __tsan_acquire(&tag_);
#endif
  }

 private:
  char tag_ = 0;
};

namespace parallel_detail {

// The caller's side of one section: `start` released on entry, `end`
// acquired on exit (also when a task throws).
struct Section {
  Handoff start;
  Handoff end;
  Section() noexcept { start.release(); }
  ~Section() { end.acquire(); }
  Section(const Section&) = delete;
  Section& operator=(const Section&) = delete;

  template <typename Task, typename... Args>
  void run(const Task& task, Args&&... args) {
    start.acquire();
    struct Finish {
      Handoff& end;
      ~Finish() { end.release(); }
    } finish{end};
    task(std::forward<Args>(args)...);
  }
};

}  // namespace parallel_detail

// tbb::parallel_for(first, last, body): body(i) for each index.
template <typename Index, typename Body>
void parallel_for(Index first, Index last, const Body& body) {
  parallel_detail::Section section;
  tbb::parallel_for(first, last, [&](Index i) { section.run(body, i); });
}

// tbb::parallel_for(range, body): body(subrange) over a split range.
template <typename Range, typename Body>
void parallel_for(const Range& range, const Body& body) {
  parallel_detail::Section section;
  tbb::parallel_for(range, [&](const Range& part) { section.run(body, part); });
}

// tbb::parallel_invoke(f, g, ...): each function once, side by side.
template <typename... Functions>
void parallel_invoke(const Functions&... functions) {
  parallel_detail::Section section;
  tbb::parallel_invoke([&] { section.run(functions); }...);
}

// tbb::parallel_for_each(first, last, body) with body(item, feeder). An item
// the body adds to the feeder is copied into its task inside libtbb, out of
// TSan's sight: items should carry nothing the next task reads (hand the
// data over through something TSan sees, a mutex for example).
template <typename Iterator, typename Body>
void parallel_for_each(Iterator first, Iterator last, const Body& body) {
  using Item = typename std::iterator_traits<Iterator>::value_type;
  parallel_detail::Section section;
  tbb::parallel_for_each(first, last, [&](const Item& item, tbb::feeder<Item>& feeder) {
    section.run(body, item, feeder);
  });
}

}  // namespace trellis
