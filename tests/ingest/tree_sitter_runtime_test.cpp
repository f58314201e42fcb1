#include <doctest/doctest.h>
#include <tree_sitter/api.h>

#include <cstring>
#include <string>

#include "extract/tree_sitter_handles.hpp"

extern "C" const TSLanguage* tree_sitter_python();

TEST_CASE("the npm tree-sitter runtime loads the ABI 15 Python grammar") {
  const TSLanguage* python = tree_sitter_python();
  CHECK(ts_language_abi_version(python) == 15);
  CHECK(ts_language_abi_version(python) <= TREE_SITTER_LANGUAGE_VERSION);

  const trellis::ingest::TsParser parser(ts_parser_new());
  REQUIRE(ts_parser_set_language(parser.get(), python));
  const std::string source = "class Shop(Base):\n    def buy(self):\n        return pay()\n";
  const trellis::ingest::TsTree tree(
      ts_parser_parse_string(parser.get(), nullptr, source.data(), static_cast<uint32_t>(source.size())));
  REQUIRE(tree);
  const TSNode root = ts_tree_root_node(tree.get());
  CHECK(std::strcmp(ts_node_type(root), "module") == 0);
  CHECK_FALSE(ts_node_has_error(root));
  const TSNode klass = ts_node_named_child(root, 0);
  CHECK(std::strcmp(ts_node_type(klass), "class_definition") == 0);
  const TSNode name = ts_node_child_by_field_name(klass, "name", 4);
  CHECK(source.substr(ts_node_start_byte(name), ts_node_end_byte(name) - ts_node_start_byte(name)) == "Shop");
}
