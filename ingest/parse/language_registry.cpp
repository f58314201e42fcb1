#include "python/python_frontend.hpp"
#include "typescript/ts_frontend.hpp"
#include "trellis/ingest/language.hpp"

namespace trellis::ingest {

Result<std::vector<std::unique_ptr<LanguageFrontend>>> make_language_frontends() {
  using Factory = Result<std::unique_ptr<LanguageFrontend>> (*)();
  // One line per language.
  static constexpr Factory kFactories[] = {
      &python::make_python_frontend,
      &typescript::make_typescript_frontend,
  };
  std::vector<std::unique_ptr<LanguageFrontend>> frontends;
  for (const Factory factory : kFactories) {
    auto frontend = factory();
    if (!frontend.ok()) return frontend.error();
    frontends.push_back(std::move(frontend).value());
  }
  return frontends;
}

}  // namespace trellis::ingest
