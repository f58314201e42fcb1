// The Python frontend: .py and .pyi files, the extractor and the resolver.
#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::python {

std::unique_ptr<LanguageFrontend> make_python_frontend();

}  // namespace trellis::ingest::python
