// Streams facts into XXH3 for the interface digests of incremental
// resolution (LanguageFrontend::interface_digest), each field
// length-prefixed so that no two different sequences of fields hash the same
// bytes. Shared by every language that gives digests.
#pragma once

#include <xxhash.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::resolve {

class FactsDigest {
 public:
  FactsDigest() : state_(XXH3_createState(), &XXH3_freeState) { XXH3_64bits_reset(state_.get()); }
  void u32(std::uint32_t value) { XXH3_64bits_update(state_.get(), &value, sizeof value); }
  void text(std::string_view value) {
    u32(static_cast<std::uint32_t>(value.size()));
    XXH3_64bits_update(state_.get(), value.data(), value.size());
  }
  void texts(const std::vector<std::string>& values) {
    u32(static_cast<std::uint32_t>(values.size()));
    for (const std::string& value : values) text(value);
  }
  void chain(const LinkChain& links) {
    u32(static_cast<std::uint32_t>(links.size()));
    for (const Link& link : links) {
      u32(static_cast<std::uint32_t>(link.kind));
      text(link.text);
    }
  }
  void chains(const std::vector<LinkChain>& values) {
    u32(static_cast<std::uint32_t>(values.size()));
    for (const LinkChain& value : values) chain(value);
  }
  // Parameters with their declared types (Definition::annotated_parameters).
  void annotated(const std::vector<std::pair<std::string, LinkChain>>& parameters) {
    u32(static_cast<std::uint32_t>(parameters.size()));
    for (const auto& [name, annotation] : parameters) {
      text(name);
      chain(annotation);
    }
  }
  std::uint64_t value() const { return XXH3_64bits_digest(state_.get()); }

 private:
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state_;
};

}  // namespace trellis::ingest::resolve
