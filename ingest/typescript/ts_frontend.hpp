// The TypeScript and JavaScript frontend: .ts .tsx .mts .cts .js .jsx .mjs
// .cjs files (declaration files .d.ts included), the extractor and the
// resolver. One frontend for both languages: they import each other.
#pragma once

#include <memory>

#include "trellis/ingest/language.hpp"

namespace trellis::ingest::typescript {

std::unique_ptr<LanguageFrontend> make_typescript_frontend();

}  // namespace trellis::ingest::typescript
