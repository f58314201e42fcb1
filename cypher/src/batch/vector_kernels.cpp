#include "batch/vector_kernels.hpp"

// One clone per instruction set; the loader picks (GCC and Clang, ELF ifunc).
#if defined(__x86_64__) && defined(__ELF__)
#define TRELLIS_KERNEL __attribute__((target_clones("avx2", "default")))
#else
#define TRELLIS_KERNEL
#endif

namespace trellis::cypher::kernels {
namespace {

template <class Holds>
inline void compare_constant(const std::int64_t* __restrict a, const std::uint8_t* __restrict a_nulls, std::int64_t c,
                             std::int64_t* __restrict out, std::uint8_t* __restrict out_nulls, std::size_t n, Holds holds) {
  for (std::size_t i = 0; i < n; ++i) out[i] = holds(a[i], c) ? 1 : 0;
  for (std::size_t i = 0; i < n; ++i) out_nulls[i] = a_nulls[i];
}

template <class Holds>
inline void compare_both(const std::int64_t* __restrict a, const std::uint8_t* __restrict a_nulls,
                         const std::int64_t* __restrict b, const std::uint8_t* __restrict b_nulls,
                         std::int64_t* __restrict out, std::uint8_t* __restrict out_nulls, std::size_t n, Holds holds) {
  for (std::size_t i = 0; i < n; ++i) out[i] = holds(a[i], b[i]) ? 1 : 0;
  for (std::size_t i = 0; i < n; ++i) out_nulls[i] = a_nulls[i] | b_nulls[i];
}

}  // namespace

TRELLIS_KERNEL void compare_to_constant(Compare op, const std::int64_t* a, const std::uint8_t* a_nulls, std::int64_t c,
                                        std::int64_t* out, std::uint8_t* out_nulls, std::size_t n) {
  switch (op) {
    case Compare::Eq: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x == y; }); break;
    case Compare::Ne: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x != y; }); break;
    case Compare::Lt: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x < y; }); break;
    case Compare::Le: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x <= y; }); break;
    case Compare::Gt: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x > y; }); break;
    case Compare::Ge: compare_constant(a, a_nulls, c, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x >= y; }); break;
  }
}

TRELLIS_KERNEL void compare_columns(Compare op, const std::int64_t* a, const std::uint8_t* a_nulls, const std::int64_t* b,
                                    const std::uint8_t* b_nulls, std::int64_t* out, std::uint8_t* out_nulls, std::size_t n) {
  switch (op) {
    case Compare::Eq: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x == y; }); break;
    case Compare::Ne: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x != y; }); break;
    case Compare::Lt: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x < y; }); break;
    case Compare::Le: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x <= y; }); break;
    case Compare::Gt: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x > y; }); break;
    case Compare::Ge: compare_both(a, a_nulls, b, b_nulls, out, out_nulls, n, [](std::int64_t x, std::int64_t y) { return x >= y; }); break;
  }
}

TRELLIS_KERNEL bool add_columns(bool subtract, const std::int64_t* __restrict a, const std::uint8_t* __restrict a_nulls,
                                const std::int64_t* __restrict b, const std::uint8_t* __restrict b_nulls,
                                std::int64_t* __restrict out, std::uint8_t* __restrict out_nulls, std::size_t n) {
  // Overflow read off the signs: x + y overflowed when the result's sign
  // differs from both operands'; x - y when x and y differ in sign and the
  // result's sign differs from x's.
  std::uint64_t overflow = 0;
  if (subtract) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t x = static_cast<std::uint64_t>(a[i]);
      const std::uint64_t y = static_cast<std::uint64_t>(b[i]);
      const std::uint64_t r = x - y;
      out[i] = static_cast<std::int64_t>(r);
      const std::uint64_t live = (a_nulls[i] | b_nulls[i]) == 0 ? ~std::uint64_t{0} : 0;
      overflow |= ((x ^ y) & (x ^ r)) & live;
    }
  } else {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t x = static_cast<std::uint64_t>(a[i]);
      const std::uint64_t y = static_cast<std::uint64_t>(b[i]);
      const std::uint64_t r = x + y;
      out[i] = static_cast<std::int64_t>(r);
      const std::uint64_t live = (a_nulls[i] | b_nulls[i]) == 0 ? ~std::uint64_t{0} : 0;
      overflow |= ((x ^ r) & (y ^ r)) & live;
    }
  }
  for (std::size_t i = 0; i < n; ++i) out_nulls[i] = a_nulls[i] | b_nulls[i];
  return (overflow >> 63) != 0;
}

TRELLIS_KERNEL void widen(const std::int32_t* __restrict values, std::int32_t null, std::int64_t* __restrict out,
                          std::uint8_t* __restrict out_nulls, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = values[i];
  for (std::size_t i = 0; i < n; ++i) out_nulls[i] = values[i] == null ? 1 : 0;
}

}  // namespace trellis::cypher::kernels
