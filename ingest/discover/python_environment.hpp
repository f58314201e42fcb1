// Recognising Python environments (venv, virtualenv, uv, conda) by their
// contents, as skipped_directories.hpp describes.
#pragma once

#include <string_view>

#include "discover/directory_listing.hpp"

namespace trellis::ingest {

// Whether the directory named `name`, whose entries are `listing`, is a
// Python environment.
bool is_python_environment(std::string_view name, const DirectoryListing& listing);

}  // namespace trellis::ingest
