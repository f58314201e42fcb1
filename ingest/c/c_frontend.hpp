#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::c {

std::unique_ptr<LanguageFrontend> make_c_frontend();

}  // namespace trellis::ingest::c
