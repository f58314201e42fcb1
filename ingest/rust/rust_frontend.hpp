#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::rust {

std::unique_ptr<LanguageFrontend> make_rust_frontend();

}  // namespace trellis::ingest::rust
