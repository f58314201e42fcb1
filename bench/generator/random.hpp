// A small pseudo-random generator whose output is fixed by its seed on every
// machine and standard library: xoshiro256** seeded through splitmix64, with
// integer-only mappings (no std distributions, no floating point).
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

namespace trellis::bench {

class Random {
 public:
  // Streams of one seed are independent sequences (one per generation stage).
  explicit Random(std::uint64_t seed, std::uint64_t stream = 0) {
    std::uint64_t x = seed ^ (stream * 0xd1b54a32d192ed03ULL);
    for (std::uint64_t& word : state_) word = splitmix64(x);
  }

  std::uint64_t next() {
    const std::uint64_t result = std::rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = std::rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n) for n > 0 (Lemire's multiply-shift; the bias is below n / 2^64).
  std::uint64_t below(std::uint64_t n) {
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::uint64_t>((static_cast<Wide>(next()) * n) >> 64);
  }
  std::uint32_t below32(std::uint32_t n) { return static_cast<std::uint32_t>(below(n)); }

  // Uniform in [lo, hi], lo <= hi.
  std::int32_t between(std::int32_t lo, std::int32_t hi) {
    return lo + static_cast<std::int32_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  // True with probability percent / 100.
  bool percent(std::uint32_t percent) { return below(100) < percent; }

  // Geometric count with the given mean: successes before the first failure
  // of a coin that succeeds with probability mean / (mean + 1).
  std::uint32_t geometric(std::uint32_t mean) {
    std::uint32_t count = 0;
    while (below(mean + 1) != 0) ++count;
    return count;
  }

  // A heavy-tailed rank in [0, n): a band is chosen uniformly among
  // [0, 8), [8, 16), [16, 32), ... (doubling), then a rank uniformly within
  // it. Rank r is drawn with probability about proportional to 1 / r, so the
  // first ranks are hubs (Zipf with exponent 1, flattened over the first 8).
  std::uint32_t zipf(std::uint32_t n) {
    constexpr std::uint32_t kFirstBand = 8;
    if (n <= kFirstBand) return below32(n);
    const auto bands = static_cast<std::uint32_t>(std::bit_width((n - 1) / kFirstBand)) + 1;
    const std::uint32_t band = below32(bands);
    const std::uint32_t lo = band == 0 ? 0 : kFirstBand << (band - 1);
    const std::uint32_t hi = band == 0 ? kFirstBand : std::min(n, kFirstBand << band);
    return lo + below32(hi - lo);
  }

  // 0 .. n-1 in a uniformly random order (Fisher-Yates).
  std::vector<std::uint32_t> permutation(std::uint32_t n) {
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0U);
    for (std::uint32_t i = n; i > 1; --i) std::swap(order[i - 1], order[below32(i)]);
    return order;
  }

 private:
  static std::uint64_t splitmix64(std::uint64_t& x) {
    std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  std::uint64_t state_[4];
};

}  // namespace trellis::bench
