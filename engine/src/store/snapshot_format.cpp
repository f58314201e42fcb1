#include "snapshot_format.hpp"

#include <xxhash.h>

namespace trellis::snapshot_format {

std::uint64_t checksum(std::span<const std::byte> bytes) {
  return XXH3_64bits(bytes.data(), bytes.size());
}

}  // namespace trellis::snapshot_format
