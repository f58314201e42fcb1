// `trellis --version` names the grammar packages as package-lock.json pins them.
#include "trellis/ingest/grammar_versions.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

TEST_CASE("grammar versions are package-lock.json's, one entry per grammar package") {
  std::ifstream in(std::filesystem::path(TRELLIS_SOURCE_DIR) / "package-lock.json");
  REQUIRE(in.good());
  const nlohmann::json lock = nlohmann::json::parse(in);
  const nlohmann::json& packages = lock.at("packages");
  CHECK(trellis::ingest::tree_sitter_version() ==
        packages.at("node_modules/tree-sitter").at("version").get<std::string>());

  std::set<std::string> listed;
  for (const trellis::ingest::GrammarVersion& grammar : trellis::ingest::grammar_versions()) {
    const std::string package(grammar.package);
    CHECK(listed.insert(package).second);
    CHECK(grammar.version ==
          packages.at("node_modules/" + package).at("version").get<std::string>());
  }
  // Every grammar the root package depends on, and nothing else.
  std::set<std::string> dependencies;
  for (const auto& [name, version] : packages.at("").at("dependencies").items()) {
    if (name.starts_with("tree-sitter-")) dependencies.insert(name);
  }
  CHECK(listed == dependencies);
  CHECK(listed == std::set<std::string>{"tree-sitter-c", "tree-sitter-c-sharp", "tree-sitter-cpp", "tree-sitter-go", "tree-sitter-java",
                                        "tree-sitter-javascript", "tree-sitter-python", "tree-sitter-rust",
                                        "tree-sitter-typescript"});
}
