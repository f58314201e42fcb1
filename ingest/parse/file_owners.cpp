#include "trellis/ingest/file_owners.hpp"

namespace trellis::ingest {
namespace {

std::string_view parent_folder(std::string_view path) {
  const auto slash = path.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : path.substr(0, slash);
}

}  // namespace

FileOwners::FileOwners(const std::vector<std::unique_ptr<LanguageFrontend>>& languages,
                       std::span<const std::string_view> paths)
    : languages_(languages) {
  for (const std::string_view path : paths) {
    for (std::size_t l = 0; l < languages.size(); ++l) {
      if (!languages[l]->is_source(path)) continue;
      for (std::string_view folder = parent_folder(path);; folder = parent_folder(folder)) {
        auto& counts = sources_[std::string(folder)];
        counts.resize(languages.size(), 0);
        ++counts[l];
        if (folder.empty()) break;
      }
    }
  }
}

const LanguageFrontend* FileOwners::owner(std::string_view relative_path) const {
  std::vector<std::size_t> candidates;
  for (std::size_t l = 0; l < languages_.size(); ++l) {
    if (languages_[l]->handles(relative_path)) candidates.push_back(l);
  }
  if (candidates.empty()) return nullptr;
  if (candidates.size() == 1) return languages_[candidates.front()].get();
  for (std::string_view folder = parent_folder(relative_path);; folder = parent_folder(folder)) {
    if (const auto it = sources_.find(std::string(folder)); it != sources_.end()) {
      std::size_t best = candidates.front();
      for (const std::size_t l : candidates) {
        if (it->second[l] > it->second[best]) best = l;
      }
      if (it->second[best] > 0) return languages_[best].get();
    }
    if (folder.empty()) break;
  }
  return languages_[candidates.front()].get();
}

}  // namespace trellis::ingest
