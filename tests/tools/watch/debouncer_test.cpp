// The debouncer on a fake clock: a batch is due `quiet` after its last
// change, or `max_delay` after its first, whichever comes first.
#include <doctest/doctest.h>

#include <chrono>
#include <vector>

#include "watch/debouncer.hpp"

using namespace std::chrono_literals;
using trellis::watch::Debouncer;
using trellis::watch::DebounceTiming;

namespace {

const Debouncer::Clock::time_point t0{};  // the fake clock's start

}  // namespace

TEST_CASE("debouncer: nothing pending has no deadline and is never due") {
  const Debouncer debouncer(DebounceTiming{200ms, 3000ms});
  CHECK_FALSE(debouncer.deadline().has_value());
  CHECK_FALSE(debouncer.due(t0 + 1h));
  CHECK(debouncer.pending() == 0);
}

TEST_CASE("debouncer: one change is due exactly quiet after it, not before") {
  Debouncer debouncer(DebounceTiming{200ms, 3000ms});
  debouncer.note(t0 + 50ms);
  REQUIRE(debouncer.deadline().has_value());
  CHECK(*debouncer.deadline() == t0 + 250ms);
  CHECK_FALSE(debouncer.due(t0 + 249ms));
  CHECK(debouncer.due(t0 + 250ms));
  CHECK(debouncer.take() == 1);
  CHECK_FALSE(debouncer.deadline().has_value());
  CHECK_FALSE(debouncer.due(t0 + 10s));
}

TEST_CASE("debouncer: a burst of 500 changes 1 ms apart ends in one batch, due quiet after the last") {
  Debouncer debouncer(DebounceTiming{200ms, 3000ms});
  int batches = 0;
  for (int i = 0; i < 500; ++i) {
    const auto now = t0 + std::chrono::milliseconds(i);
    if (debouncer.due(now)) {
      debouncer.take();
      ++batches;
    }
    debouncer.note(now);
  }
  CHECK(batches == 0);
  CHECK(debouncer.pending() == 500);
  CHECK(*debouncer.deadline() == t0 + 499ms + 200ms);
  CHECK_FALSE(debouncer.due(t0 + 698ms));
  CHECK(debouncer.due(t0 + 699ms));
  CHECK(debouncer.take() == 500);
}

TEST_CASE("debouncer: a stream that never pauses is still due max_delay after its first change") {
  Debouncer debouncer(DebounceTiming{200ms, 1000ms});
  std::vector<Debouncer::Clock::time_point> fired;
  // A change every 100 ms for 3.5 s: never quiet for 200 ms.
  for (auto now = t0; now <= t0 + 3500ms; now += 10ms) {
    if (debouncer.due(now)) {
      fired.push_back(now);
      debouncer.take();
    }
    if ((now - t0) % 100ms == 0ms) debouncer.note(now);
  }
  // Batches open at 0, 1000 (first change after the take at 1000), 2000, 3000 ms.
  REQUIRE(fired.size() == 3);
  CHECK(fired[0] == t0 + 1000ms);
  CHECK(fired[1] == t0 + 2000ms);
  CHECK(fired[2] == t0 + 3000ms);
}

TEST_CASE("debouncer: changes after a take open a new batch timed from them") {
  Debouncer debouncer(DebounceTiming{200ms, 3000ms});
  debouncer.note(t0);
  CHECK(debouncer.take() == 1);
  debouncer.note(t0 + 5s);
  CHECK(*debouncer.deadline() == t0 + 5s + 200ms);
  debouncer.note(t0 + 5s + 150ms);
  CHECK(*debouncer.deadline() == t0 + 5s + 350ms);
  CHECK(debouncer.pending() == 2);
}

TEST_CASE("debouncer: a change noted with an earlier time than the last does not pull the deadline back") {
  Debouncer debouncer(DebounceTiming{200ms, 3000ms});
  debouncer.note(t0 + 100ms);
  debouncer.note(t0 + 50ms);
  CHECK(*debouncer.deadline() == t0 + 300ms);
}
