// The LanguageFrontend half every statically typed language shares: its
// resolution (full or incremental) is the core's. A language derives from
// it and gives its name, files, extractor, naming and import rules.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "resolve/include_dependents.hpp"
#include "resolve/name_uses.hpp"
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
                            std::span<const std::uint8_t> wanted,
                            std::span<const std::string> /*derived: none kept*/) const override {
    std::optional<TypedLayout> made = std::move(made_layout_);
    made_layout_.reset();
    if (made && made_for_ == files.data()) return resolve_typed(*this, files, project, wanted, &*made);
    return resolve_typed(*this, files, project, wanted);
  }
  bool mark_dependents(std::span<const FileFacts> files, const ProjectInfo& project,
                       std::span<const std::uint8_t> reshaped, std::span<const FileFacts* const> before,
                       std::span<const std::vector<std::uint32_t>* const> used,
                       std::span<std::uint8_t> wanted) const override {
    if (!rules().declarations_through_includes) return false;
    made_layout_ = layout(files, project);
    made_for_ = files.data();
    return mark_include_dependents(files, *made_layout_, reshaped, before, used, wanted);
  }
  std::vector<std::uint32_t> used_names(const FileFacts& facts) const override {
    if (!rules().declarations_through_includes) return {};
    return resolve::used_names(facts);
  }

 private:
  // The layout mark_dependents made, for the resolve_some of the same files
  // that follows it (a frontend serves one index at a time: language.hpp).
  mutable std::optional<TypedLayout> made_layout_;
  mutable const FileFacts* made_for_ = nullptr;
};

// What every typed language's frontend does with its extractor: `Queries`
// (compiled once by prepare(), `static Result<Queries> compile()`) shared
// by one `Extractor` per thread (`Extractor(const Queries&)`,
// `FileFacts extract(std::string_view, std::string)`).
template <class Queries, class Extractor>
class ExtractingFrontend : public TypedFrontend {
 public:
  Status prepare() override {
    if (queries_) return {};
    auto compiled = Queries::compile();
    if (!compiled.ok()) return compiled.error();
    queries_.emplace(std::move(compiled).value());
    return {};
  }
  std::unique_ptr<FileExtractor> make_extractor() const override {
    return std::make_unique<Adapter>(queries_.value());
  }

 private:
  class Adapter final : public FileExtractor {
   public:
    explicit Adapter(const Queries& queries) : extractor_(queries) {}
    FileFacts extract(std::string_view source, std::string relative_path) override {
      return extractor_.extract(source, std::move(relative_path));
    }

   private:
    Extractor extractor_;
  };
  std::optional<Queries> queries_;
};

}  // namespace trellis::ingest::resolve
