// TypeScript module names and import specifier resolution.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "typescript/ts_project.hpp"

using namespace trellis::ingest::typescript;

TEST_CASE("ts project: module names are paths without extension, index naming its folder") {
  CHECK(module_name("src/services/auth.ts", "root") == "src.services.auth");
  CHECK(module_name("src/util/index.ts", "root") == "src.util");
  CHECK(module_name("src/types.d.ts", "root") == "src.types");
  CHECK(module_name("lib/a.cjs", "root") == "lib.a");
  CHECK(module_name("index.js", "root") == "root");
  CHECK(module_name("indexer.ts", "root") == "indexer");
  CHECK(normalize_path("a/./b/../c") == std::optional<std::string>("a/c"));
  CHECK_FALSE(normalize_path("../a").has_value());
  CHECK(package_name("react-dom/client") == "react-dom");
  CHECK(package_name("@scope/pkg/deep/x") == "@scope/pkg");
  CHECK(package_name("node:crypto") == "crypto");
  CHECK(package_name("node:fs/promises") == "fs");
}

TEST_CASE("ts project: dotfiles and odd file names give module names without empty segments") {
  CHECK(module_name(".eslintrc.js", "root") == "eslintrc");
  CHECK(module_name("sub/.eslintrc.js", "root") == "sub.eslintrc");
  CHECK(module_name(".storybook/main.ts", "root") == "storybook.main");
  CHECK(module_name(".storybook/index.ts", "root") == "storybook");
  CHECK(module_name("a..b.js", "root") == "a.b");
  CHECK(module_name("a.test.ts", "root") == "a.test");
  CHECK(module_name(".js", "root") == "_js");
  CHECK(module_name("sub/.js", "root") == "sub");
  CHECK(module_name("my file ü.js", "root") == "my file ü");
  CHECK(module_name("class.js", "root") == "class");
}

TEST_CASE("ts project: specifiers resolve by probing, tsconfig paths, baseUrl and workspace packages") {
  const std::vector<std::string> paths = {"pkgs/log/src/index.ts", "src/a.ts", "src/b/index.tsx", "src/c.js",
                                          "src/d.d.ts", "src/e.mts"};
  ProjectConfig config;
  config.base_url = "";
  config.paths.push_back({"@b/*", {"src/b/*"}});
  config.packages.push_back({"@org/log", "pkgs/log", {"pkgs/log/src/index", "pkgs/log/index"}});
  const ModuleResolver modules(paths, config);
  const auto file = [&](std::string_view specifier) { return modules.resolve(1, specifier).file; };
  CHECK(file("./b") == 2u);          // folder index
  CHECK(file("./c") == 3u);          // .js
  CHECK(file("./a.js") == 1u);       // written for a.ts
  CHECK(file("./d") == 4u);          // .d.ts
  CHECK(file("./e.mjs") == 5u);      // written for e.mts
  CHECK(file("../src/a") == 1u);
  CHECK(file("@b/index") == 2u);     // tsconfig paths
  CHECK(file("src/c") == 3u);        // baseUrl
  CHECK(file("@org/log") == 0u);     // workspace package by name
  CHECK_FALSE(modules.resolve(1, "./missing").is_file());
  CHECK(modules.resolve(1, "./missing").external.empty());  // not indexed, not a package
  CHECK(modules.resolve(1, "./style.css").external.empty());
  CHECK(modules.resolve(1, "react/jsx-runtime").external == "react");
}

TEST_CASE("ts project: tsconfig.json with comments and trailing commas is read") {
  const auto root = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/typescript/shop";
  const std::vector<std::string> paths = {"packages/logger/src/index.ts", "src/app.tsx"};
  const ProjectConfig config = read_project_config(root, paths);
  CHECK(config.base_url == std::optional<std::string>(""));
  REQUIRE(config.paths.size() == 1);
  CHECK(config.paths[0].pattern == "@util/*");
  CHECK(config.paths[0].targets == std::vector<std::string>{"src/util/*"});
  REQUIRE(config.packages.size() == 1);
  CHECK(config.packages[0].name == "@shop/logger");
  CHECK(config.packages[0].entries.front() == "packages/logger/src/index.ts");
}
