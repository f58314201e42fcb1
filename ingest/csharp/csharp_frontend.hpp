#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::csharp {

std::unique_ptr<LanguageFrontend> make_csharp_frontend();

}  // namespace trellis::ingest::csharp
