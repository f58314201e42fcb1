#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::java {

std::unique_ptr<LanguageFrontend> make_java_frontend();

}  // namespace trellis::ingest::java
