#include "trellis/output/progress_estimate.hpp"

#include <doctest/doctest.h>

using trellis::output::remaining_seconds;

TEST_CASE("the time left follows bytes parsed, not files") {
  // A quarter of the bytes in 1 s: 3 s left, however few files that quarter was.
  CHECK(remaining_seconds(1.0, 250, 1000) == doctest::Approx(3.0));
  CHECK(remaining_seconds(2.0, 900, 1000) == doctest::Approx(2.0 / 9.0));
  // Files go largest first: half the bytes in the first 2 of 600 files after
  // 0.5 s leave 0.5 s, where counting files said 0.5 * 598 / 2 = 149.5 s.
  CHECK(remaining_seconds(0.5, 5'000'000, 10'000'000) == doctest::Approx(0.5));
}

TEST_CASE("no estimate before parsing has run a little, none needed once done") {
  CHECK_FALSE(remaining_seconds(0.1, 500, 1000).has_value());
  CHECK_FALSE(remaining_seconds(2.0, 0, 1000).has_value());
  CHECK(remaining_seconds(0.0, 1000, 1000) == 0.0);
  CHECK(remaining_seconds(0.0, 0, 0) == 0.0);
  CHECK(remaining_seconds(5.0, 1200, 1000) == 0.0);
}
