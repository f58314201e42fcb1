// The innermost loops of batched expressions over whole batches (no
// selection), as plain functions compiled twice: for AVX2 and for the
// baseline x86-64, the one to run chosen when the program loads
// (target_clones). Baseline x86-64 has no 64-bit integer compare in its
// vector unit, so these loops otherwise run one row at a time.
#pragma once

#include <cstddef>
#include <cstdint>

namespace trellis::cypher::kernels {

enum class Compare : std::uint8_t { Eq, Ne, Lt, Le, Gt, Ge };

// out[i] = a[i] op c; out_nulls[i] = a_nulls[i].
void compare_to_constant(Compare op, const std::int64_t* a, const std::uint8_t* a_nulls, std::int64_t c, std::int64_t* out,
                         std::uint8_t* out_nulls, std::size_t n);
// out[i] = a[i] op b[i]; out_nulls[i] = a_nulls[i] | b_nulls[i].
void compare_columns(Compare op, const std::int64_t* a, const std::uint8_t* a_nulls, const std::int64_t* b,
                     const std::uint8_t* b_nulls, std::int64_t* out, std::uint8_t* out_nulls, std::size_t n);
// out[i] = a[i] + b[i] (or - when `subtract`), wrapping; out_nulls[i] =
// a_nulls[i] | b_nulls[i]. True when a row that is not null overflowed.
bool add_columns(bool subtract, const std::int64_t* a, const std::uint8_t* a_nulls, const std::int64_t* b,
                 const std::uint8_t* b_nulls, std::int64_t* out, std::uint8_t* out_nulls, std::size_t n);
// out[i] = values[i] widened; out_nulls[i] = values[i] == `null`.
void widen(const std::int32_t* values, std::int32_t null, std::int64_t* out, std::uint8_t* out_nulls, std::size_t n);

}  // namespace trellis::cypher::kernels
