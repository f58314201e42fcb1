// Module names from file paths, for every language whose modules are named
// by their path (CONTRACT.md "Schema": `src/services/auth.ts` ->
// `src.services.auth`).
//
// Any name the file system allows must give a usable qualified name, so
// '/' and '.' both separate segments and empty segments are dropped: a
// leading dot (`.eslintrc.js` -> `eslintrc`, `config/.mocharc.js` ->
// `config.mocharc`), doubled dots (`a..b.js` -> `a.b`) and trailing dots
// leave no empty part that a qualified-name walk would stumble on. Other
// bytes (spaces, non-ASCII, keywords) are kept as they are.
#pragma once

#include <string>
#include <string_view>

namespace trellis::ingest {

// `path` is a relative path with the file's extension already removed. When
// no segment is left (a file named `.js` or `..py`), the name is `file_name`
// with each '.' written '_' (`.js` -> `_js`), so it is never empty.
std::string dotted_module_path(std::string_view path, std::string_view file_name);

}  // namespace trellis::ingest
