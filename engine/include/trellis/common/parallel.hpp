#pragma once

// The parallel sections Trellis runs: parallel_for, parallel_invoke and
// parallel_for_each with a feeder, as oneTBB's.
//
// In ThreadSanitizer builds they run on plain std::threads instead of TBB.
// Debian's libtbb is not built with ThreadSanitizer, so TSan cannot see how
// TBB's scheduler orders a section's tasks against its caller (nor TBB's own
// bookkeeping around them) and reports every hand-over as a race, which
// would bury the races that matter: ours. Threads TSan does see (create and
// join, a mutex-guarded queue) give it the true ordering of our code, so
// the tsan preset checks our synchronisation with no suppression of it.
// Other builds call TBB directly.

#include <tbb/blocked_range.h>
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
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace trellis {

// What a parallel_for_each body adds more items through.
template <typename Item>
class Feeder {
 public:
#ifdef TRELLIS_THREAD_SANITIZER
  explicit Feeder(std::function<void(Item&&)> add) : add_(std::move(add)) {}
  void add(Item item) { add_(std::move(item)); }

 private:
  std::function<void(Item&&)> add_;
#else
  explicit Feeder(tbb::feeder<Item>& feeder) : feeder_(feeder) {}
  void add(Item item) { feeder_.add(std::move(item)); }

 private:
  tbb::feeder<Item>& feeder_;
#endif
};

#ifndef TRELLIS_THREAD_SANITIZER

// tbb::parallel_for(first, last, body): body(i) for each index.
template <typename Index, typename Body>
void parallel_for(Index first, Index last, const Body& body) {
  tbb::parallel_for(first, last, body);
}

// tbb::parallel_for(range, body): body(subrange) over a split range.
template <typename Range, typename Body>
void parallel_for(const Range& range, const Body& body) {
  tbb::parallel_for(range, body);
}

// tbb::parallel_invoke(f, g, ...): each function once, side by side.
template <typename... Functions>
void parallel_invoke(const Functions&... functions) {
  tbb::parallel_invoke(functions...);
}

// tbb::parallel_for_each(first, last, body) with body(item, feeder).
template <typename Iterator, typename Body>
void parallel_for_each(Iterator first, Iterator last, const Body& body) {
  using Item = typename std::iterator_traits<Iterator>::value_type;
  tbb::parallel_for_each(first, last, [&](const Item& item, tbb::feeder<Item>& feeder) {
    Feeder<Item> ours(feeder);
    body(item, ours);
  });
}

#else  // ThreadSanitizer: the same sections on std::threads.

namespace parallel_detail {

inline unsigned thread_count() { return std::clamp(std::thread::hardware_concurrency(), 2U, 8U); }

// work(k) for k in [0, n), each on its own thread (k = 0 on the caller's);
// the first exception thrown is rethrown once all have ended.
template <typename Work>
void on_threads(unsigned n, const Work& work) {
  std::exception_ptr error;
  std::mutex error_mutex;
  const auto guarded = [&](unsigned k) {
    try {
      work(k);
    } catch (...) {
      const std::lock_guard lock(error_mutex);
      if (!error) error = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (unsigned k = 1; k < n; ++k) threads.emplace_back(guarded, k);
  guarded(0);
  for (std::thread& thread : threads) thread.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace parallel_detail

template <typename Index, typename Body>
void parallel_for(Index first, Index last, const Body& body) {
  std::atomic<Index> next{first};
  parallel_detail::on_threads(parallel_detail::thread_count(), [&](unsigned) {
    for (Index i = next.fetch_add(1); i < last; i = next.fetch_add(1)) body(i);
  });
}

template <typename Range, typename Body>
void parallel_for(const Range& range, const Body& body) {
  const unsigned threads = parallel_detail::thread_count();
  // Split as TBB would, a few pieces per thread, then hand them out in turn.
  std::vector<Range> pieces{range};
  for (bool split = true; split && pieces.size() < 4 * threads;) {
    split = false;
    const std::size_t count = pieces.size();
    for (std::size_t i = 0; i < count && pieces.size() < 4 * threads; ++i) {
      if (!pieces[i].is_divisible()) continue;
      Range right(pieces[i], tbb::split());
      pieces.push_back(std::move(right));
      split = true;
    }
  }
  std::atomic<std::size_t> next{0};
  parallel_detail::on_threads(threads, [&](unsigned) {
    for (std::size_t i = next.fetch_add(1); i < pieces.size(); i = next.fetch_add(1)) body(pieces[i]);
  });
}

template <typename... Functions>
void parallel_invoke(const Functions&... functions) {
  const std::function<void()> tasks[] = {std::function<void()>(functions)...};
  parallel_detail::on_threads(sizeof...(Functions), [&](unsigned k) { tasks[k](); });
}

template <typename Iterator, typename Body>
void parallel_for_each(Iterator first, Iterator last, const Body& body) {
  using Item = typename std::iterator_traits<Iterator>::value_type;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<Item> queue(first, last);
  unsigned busy = 0;  // threads running the body
  Feeder<Item> feeder([&](Item&& item) {
    {
      const std::lock_guard lock(mutex);
      queue.push_back(std::move(item));
    }
    changed.notify_one();
  });
  parallel_detail::on_threads(parallel_detail::thread_count(), [&](unsigned) {
    std::unique_lock lock(mutex);
    for (;;) {
      changed.wait(lock, [&] { return !queue.empty() || busy == 0; });
      if (queue.empty()) break;  // nothing queued and nobody left to add any
      Item item = std::move(queue.front());
      queue.pop_front();
      ++busy;
      lock.unlock();
      std::exception_ptr error;
      try {
        body(static_cast<const Item&>(item), feeder);
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      --busy;
      if (busy == 0) changed.notify_all();
      if (error) std::rethrow_exception(error);
    }
    changed.notify_all();
  });
}

#endif

}  // namespace trellis
