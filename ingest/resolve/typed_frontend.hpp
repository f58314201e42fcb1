// The LanguageFrontend half every statically typed language shares: its
// resolution (full or incremental) is the core's. A language derives from
// it and gives its name, files, extractor, naming and import rules.
#pragma once

#include <vector>

#include "resolve/typed_language.hpp"

namespace trellis::ingest::resolve {

class TypedFrontend : public LanguageFrontend, public TypedLanguage {
 public:
  ProgramGraph resolve(std::span<const FileFacts> files, const ProjectInfo& project) const override {
    return resolve_typed(*this, files, project, {});
  }
  std::optional<std::uint64_t> interface_digest(const FileFacts& facts) const override {
    return typed_interface_digest(facts);
  }
  ProgramGraph resolve_some(std::span<const FileFacts> files, const ProjectInfo& project,
                            std::span<const std::uint8_t> wanted) const override {
    return resolve_typed(*this, files, project, wanted);
  }
};

}  // namespace trellis::ingest::resolve
