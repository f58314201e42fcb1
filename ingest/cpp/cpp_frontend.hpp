#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::cpp {

std::unique_ptr<LanguageFrontend> make_cpp_frontend();

}  // namespace trellis::ingest::cpp
