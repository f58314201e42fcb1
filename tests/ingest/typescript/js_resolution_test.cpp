// End-to-end resolution on tests/fixtures/javascript/cjs: CommonJS
// require/module.exports/exports.x, ES modules importing CommonJS, JSX.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"

using namespace trellis;
using Names = std::vector<std::string>;

namespace {

const test::IndexedFixture& cjs() {
  static const test::IndexedFixture fixture("javascript/cjs");
  return fixture;
}

}  // namespace

TEST_CASE("javascript: modules, classes, functions and methods") {
  CHECK(cjs().names(Label::Module) ==
        Names{"cjs", "components.Button", "lib.config", "lib.logger", "lib.store", "lib.util", "src.esm", "src.lazy"});
  CHECK(cjs().property("cjs", "file_path") == "index.js");
  CHECK(cjs().property("lib.store", "language") == "javascript");
  CHECK(cjs().names(Label::Class) == Names{"lib.logger.Logger", "lib.store.CachedStore", "lib.store.Store"});
  // exports.slugify = function () {} is a Function; so is a default-exported function.
  CHECK(cjs().names(Label::Function) == Names{"cjs.main", "components.Button.Button", "lib.config.load", "lib.store.createStore",
                                               "lib.util.helper", "lib.util.slugify", "src.esm.run", "src.lazy.lazy"});
  CHECK(cjs().targets(RelType::Defines, "lib.store.Store") ==
        Names{"lib.store.Store.add", "lib.store.Store.constructor", "lib.store.Store.size"});
  CHECK(cjs().property("lib.store.Store", "docstring") == "Keeps items in memory.");
  CHECK(cjs().targets(RelType::Inherits, "lib.store.CachedStore") == Names{"lib.store.Store"});
}

TEST_CASE("javascript: require, module.exports, exports.x and ES imports of CommonJS") {
  CHECK(cjs().targets(RelType::Imports, "cjs") == Names{"lib.config", "lib.logger", "lib.store", "lib.util", "path"});
  CHECK(cjs().targets(RelType::Imports, "src.esm") == Names{"cjs", "lib.store", "src.lazy"});
  CHECK(cjs().targets(RelType::Imports, "components.Button") == Names{"react", "src.esm"});
  // module.exports = {...}, exports.x = ..., module.exports = name.
  CHECK(cjs().list_property("lib.store", "all_names") == Names{"CachedStore", "Store", "createStore"});
  CHECK(cjs().list_property("lib.util", "all_names") == Names{"helper", "slugify"});
  CHECK(cjs().list_property("cjs", "all_names") == Names{"main"});
  CHECK(cjs().calls("cjs.main") ==
        Names{"lib.config.load direct 20",          // module.exports.load = function, from a .cjs file
              "lib.logger.Logger constructor 11",   // module.exports = Logger
              "lib.logger.Logger.log method 12",
              "lib.store.Store constructor 9",       // const { Store } = require(...)
              "lib.store.Store.add method 10",
              "lib.store.createStore direct 16",
              "lib.util.helper direct 15",           // exports.helper = helper
              "lib.util.slugify direct 13",          // util.slugify, exports.slugify = function
              "lib.util.slugify direct 14"});        // destructured from './lib/util.js'
  // store.missing(): Store has no such member; mystery is unbound. Never matched by name.
  CHECK(cjs().unresolved("cjs.main") == Names{"mystery.add", "store.missing"});
  CHECK(cjs().calls("cjs") == Names{"cjs.main direct 23"});
  // import main from '../index.js' is its module.exports.
  CHECK(cjs().calls("src.esm.run") == Names{"cjs.main direct 6", "lib.store.createStore direct 5"});
  CHECK(cjs().calls("components.Button.Button") == Names{"src.esm.run direct 5"});
}

TEST_CASE("javascript: super and this in classes") {
  CHECK(cjs().calls("lib.store.CachedStore.add") ==
        Names{"lib.store.CachedStore.flush method 20", "lib.store.Store.add method 19"});
  CHECK(cjs().calls("lib.store.createStore") == Names{"lib.store.Store constructor 27"});
}
