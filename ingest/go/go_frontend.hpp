#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::go {

std::unique_ptr<LanguageFrontend> make_go_frontend();

}  // namespace trellis::ingest::go
