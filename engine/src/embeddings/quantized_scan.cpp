#include "quantized_scan.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>

namespace trellis::embeddings {
namespace {

// Enough candidates that 8-bit rounding (about 1/254 of a row's largest
// number) never pushes a true neighbour out before the exact comparison.
constexpr std::size_t kMinCandidates = 64;
constexpr std::size_t kCandidatesPerHit = 8;
// Rows per task of a parallel scan, and the fewest rows worth splitting.
constexpr std::size_t kRowsPerTask = 4096;

// `unit` as codes and the number one code stands for.
float quantize_row(std::span<const float> unit, std::int8_t* codes) {
  float largest = 0;
  for (const float x : unit) largest = std::max(largest, std::fabs(x));
  if (largest == 0) {
    std::fill(codes, codes + unit.size(), std::int8_t{0});
    return 0;
  }
  const float scale = 127.0f / largest;
  for (std::size_t i = 0; i < unit.size(); ++i) codes[i] = static_cast<std::int8_t>(std::lround(unit[i] * scale));
  return largest / 127.0f;
}

// Integer dot products of `count` rows of codes with the query's (widened
// to 16 bits): the loop the scan spends its time in.
void code_dots_portable(const std::int8_t* rows, std::size_t count, std::size_t dimension,
                        const std::int16_t* query, std::int32_t* out) {
  for (std::size_t r = 0; r < count; ++r) {
    const std::int8_t* row = rows + r * dimension;
    std::int32_t sum = 0;
    for (std::size_t i = 0; i < dimension; ++i) sum += static_cast<std::int32_t>(row[i]) * query[i];
    out[r] = sum;
  }
}

#if defined(__x86_64__)
// AVX2: 16 codes widened to 16 bits, multiplied and summed in pairs
// (vpmaddwd): about three times the compiler's own vectorisation.
[[gnu::target("avx2")]] void code_dots_avx2(const std::int8_t* rows, std::size_t count, std::size_t dimension,
                                            const std::int16_t* query, std::int32_t* out) {
  const std::size_t whole = dimension - dimension % 32;
  for (std::size_t r = 0; r < count; ++r) {
    const std::int8_t* row = rows + r * dimension;
    __m256i low = _mm256_setzero_si256();
    __m256i high = _mm256_setzero_si256();
    for (std::size_t i = 0; i < whole; i += 32) {
      const __m256i a = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + i)));
      const __m256i b = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(row + i + 16)));
      low = _mm256_add_epi32(low, _mm256_madd_epi16(a, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(query + i))));
      high = _mm256_add_epi32(
          high, _mm256_madd_epi16(b, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(query + i + 16))));
    }
    const __m256i both = _mm256_add_epi32(low, high);
    __m128i sum = _mm_add_epi32(_mm256_castsi256_si128(both), _mm256_extracti128_si256(both, 1));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4e));
    sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xb1));
    std::int32_t total = _mm_cvtsi128_si32(sum);
    for (std::size_t i = whole; i < dimension; ++i) total += static_cast<std::int32_t>(row[i]) * query[i];
    out[r] = total;
  }
}
#endif

using CodeDots = void (*)(const std::int8_t*, std::size_t, std::size_t, const std::int16_t*, std::int32_t*);

// The kernel this CPU runs best, chosen once.
CodeDots code_dots() {
#if defined(__x86_64__)
  static const CodeDots chosen = __builtin_cpu_supports("avx2") ? code_dots_avx2 : code_dots_portable;
  return chosen;
#else
  return code_dots_portable;
#endif
}

float dot_row(std::span<const float> a, const float* b) {
  float sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

}  // namespace

QuantizedScan QuantizedScan::build(const VectorStore& store) {
  QuantizedScan scan;
  scan.rows_ = store.size();
  scan.dimension_ = store.dimension();
  scan.units_.resize(scan.rows_ * scan.dimension_);
  scan.codes_.resize(scan.rows_ * scan.dimension_);
  scan.code_scales_.resize(scan.rows_);
  for (std::size_t row = 0; row < scan.rows_; ++row) {
    const std::vector<float> unit = unit_vector(store.vector(row));
    std::copy(unit.begin(), unit.end(), scan.units_.begin() + static_cast<std::ptrdiff_t>(row * scan.dimension_));
    scan.code_scales_[row] = quantize_row(unit, scan.codes_.data() + row * scan.dimension_);
  }
  return scan;
}

std::vector<VectorHit> QuantizedScan::search(std::span<const float> unit_query, std::size_t k) const {
  k = std::min(k, rows_);
  if (k == 0) return {};
  std::vector<std::int8_t> codes(dimension_);
  quantize_row(unit_query, codes.data());
  const std::vector<std::int16_t> query(codes.begin(), codes.end());
  const CodeDots dots_of = code_dots();
  std::vector<std::int32_t> dots(rows_);
  const auto scan_rows = [&](std::size_t first, std::size_t last) {
    dots_of(codes_.data() + first * dimension_, last - first, dimension_, query.data(), dots.data() + first);
  };
  if (rows_ < 2 * kRowsPerTask) {
    scan_rows(0, rows_);
  } else {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, rows_, kRowsPerTask),
                      [&](const tbb::blocked_range<std::size_t>& range) { scan_rows(range.begin(), range.end()); });
  }
  // The best candidates by the codes (the query's own scale is the same
  // for every row, so it is left out), kept in a min-heap.
  const std::size_t wanted = std::min(rows_, std::max(kMinCandidates, k * kCandidatesPerHit));
  std::vector<std::pair<float, std::size_t>> candidates;
  candidates.reserve(wanted + 1);
  const auto worse = std::greater<>();
  for (std::size_t row = 0; row < rows_; ++row) {
    const float estimate = static_cast<float>(dots[row]) * code_scales_[row];
    if (candidates.size() == wanted && estimate <= candidates.front().first) continue;
    candidates.emplace_back(estimate, row);
    std::push_heap(candidates.begin(), candidates.end(), worse);
    if (candidates.size() > wanted) {
      std::pop_heap(candidates.begin(), candidates.end(), worse);
      candidates.pop_back();
    }
  }
  std::vector<VectorHit> hits;
  hits.reserve(candidates.size());
  for (const auto& [estimate, row] : candidates) {
    hits.push_back({row, dot_row(unit_query, units_.data() + row * dimension_)});
  }
  const auto better = [](const VectorHit& a, const VectorHit& b) {
    return a.score != b.score ? a.score > b.score : a.row < b.row;
  };
  std::partial_sort(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(k), hits.end(), better);
  hits.resize(k);
  return hits;
}

}  // namespace trellis::embeddings
