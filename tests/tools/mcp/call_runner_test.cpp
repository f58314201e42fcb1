// Tool calls past their time limit return at the deadline; the runner goes
// on with a fresh worker and joins the abandoned one.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>

#include "mcp/call_runner.hpp"

using namespace std::chrono_literals;

TEST_CASE("call runner: a job within the limit answers; one past it gives nullopt and the next call still runs") {
  std::atomic<bool> slow_finished{false};
  {
    trellis::mcp::CallRunner runner;
    auto quick = runner.run([](trellis::queries::TraversalScratch&) { return std::string("done"); }, 5s);
    REQUIRE(quick.has_value());
    CHECK(*quick == "done");
    const auto start = std::chrono::steady_clock::now();
    auto slow = runner.run(
        [&](trellis::queries::TraversalScratch&) {
          std::this_thread::sleep_for(300ms);
          slow_finished = true;
          return std::string("late");
        },
        20ms);
    CHECK_FALSE(slow.has_value());
    CHECK(std::chrono::steady_clock::now() - start < 250ms);
    auto after = runner.run([](trellis::queries::TraversalScratch&) { return std::string("again"); }, 5s);
    REQUIRE(after.has_value());
    CHECK(*after == "again");
  }
  CHECK(slow_finished);  // the destructor waited for the abandoned job
}
