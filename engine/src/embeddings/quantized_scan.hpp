// Nearest neighbours by scanning every row: each unit-length row kept as
// 8-bit integers with its own scale (what a row costs to compare is a
// quarter of its floats), the candidates that scan ranks best then compared
// exactly. Its cost is rows x dimension bytes whatever the vectors look
// like, where an HNSW graph's recall falls on vectors without structure
// (independent normal vectors in hundreds of dimensions); AnnIndex uses it
// up to AnnOptions::scan_limit numbers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "trellis/embeddings/ann_index.hpp"
#include "trellis/embeddings/vector_store.hpp"

namespace trellis::embeddings {

class QuantizedScan {
 public:
  static QuantizedScan build(const VectorStore& store);

  std::size_t size() const { return rows_; }
  // The k rows nearest `unit_query` (unit length, dimension numbers), best
  // first, with their exact cosine similarity.
  std::vector<VectorHit> search(std::span<const float> unit_query, std::size_t k) const;

 private:
  std::size_t rows_ = 0;
  std::size_t dimension_ = 0;
  std::vector<float> units_;         // rows_ x dimension_, each of length 1
  std::vector<std::int8_t> codes_;   // the same, scaled to -127..127 per row
  std::vector<float> code_scales_;   // per row: a code's value as a number
};

}  // namespace trellis::embeddings
