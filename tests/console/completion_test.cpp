// Tab completion in the Cypher console: keywords in the case typed, labels
// after ':' in a node, relationship types after ':' in a relationship,
// property names after '.', console commands at the start of a line.
#include "trellis/console/completion.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using trellis::console::common_prefix;
using trellis::console::complete;
using Words = std::vector<std::string>;

TEST_CASE("console completion: keywords and functions follow the case typed") {
  CHECK(complete("MAT").candidates == Words{"MATCH"});
  CHECK(complete("mat").candidates == Words{"match"});
  CHECK(complete("MATCH (n) RETURN co").candidates ==
        Words{"coalesce", "collect", "contains", "count"});
  CHECK(complete("RETURN toL").candidates == Words{"toLower"});
  CHECK(complete("ma").candidates == Words{"match", "max"});
  CHECK(complete("MATCH (n) WHERE n.x IS NO").candidates == Words{"NOT", "nodes"});
  CHECK(complete("MATCH (n) WHERE n.x IS NOT NU").candidates == Words{"NULL"});
  CHECK(complete("MAT").word_start == 0);
  CHECK(complete("MAT").space_after_single);
  CHECK_FALSE(complete("RETURN toL").space_after_single);
  CHECK(complete("MATCH (n) RETURN zz").candidates.empty());
}

TEST_CASE("console completion: labels in nodes, relationship types in relationships") {
  CHECK(complete("MATCH (f:Fu").candidates == Words{"Function"});
  CHECK(complete("MATCH (f:fu").candidates == Words{"Function"});
  CHECK(complete("MATCH (c:").candidates == Words{"Class", "ExternalPackage", "Function",
                                                  "Interface", "Method", "Module", "Package",
                                                  "Project"});
  CHECK(complete("MATCH (a)-[:C").candidates == Words{"CALLS", "CONTAINS"});
  CHECK(complete("MATCH (a)-[r:IM").candidates == Words{"IMPLEMENTS", "IMPORTS"});
  CHECK(complete("MATCH (a)-[:CALLS]->(b:Me").candidates == Words{"Method"});
  CHECK(complete("MATCH (a)-[:CALLS]->(b:Me").word_start == 23);
  CHECK(complete("MATCH (n)\nWHERE n:Cl").candidates == Words{"Class"});
}

TEST_CASE("console completion: property names after '.'") {
  CHECK(complete("RETURN f.qual").candidates == Words{"qualified_name"});
  CHECK(complete("RETURN f.line_").candidates == Words{"line_end", "line_start"});
  CHECK(complete("RETURN r.li").candidates == Words{"line", "line_end", "line_start"});
  CHECK(complete("RETURN r.call").candidates == Words{"call_type"});
  CHECK_FALSE(complete("RETURN f.qual").space_after_single);
}

TEST_CASE("console completion: after 'f.', the properties of the labels the pattern gives f") {
  // A Module has no decorators or docstring; a Function has no extension.
  CHECK(complete("MATCH (m:Module) RETURN m.").candidates ==
        Words{"all_names", "byte_end", "byte_start", "extension", "file_path", "has_all", "language", "line_end",
              "line_start", "name", "path", "qualified_name", "reexported_from", "reexported_names"});
  CHECK(complete("MATCH (f:Function) WHERE f.d").candidates == Words{"decorators", "docstring"});
  CHECK(complete("MATCH (f:Function) WHERE f.e").candidates.empty());
  // Several labels: the union; across lines and patterns.
  CHECK(complete("MATCH (x:Module|Function)\nRETURN x.e").candidates == Words{"extension"});
  CHECK(complete("MATCH (c:Class)-[:DEFINES]->(m:Method)\nRETURN m.cl").candidates == Words{"class_name"});
  CHECK(complete("MATCH (c:Class)-[:DEFINES]->(m:Method)\nRETURN c.cl").candidates.empty());
  // A relationship variable: its type's properties.
  CHECK(complete("MATCH (a)-[r:CALLS]->(b) RETURN r.").candidates == Words{"call_type", "line"});
  CHECK(complete("MATCH (a)-[r:IMPORTS]->(b) RETURN r.").candidates.empty());
  // A variable no pattern labels, or a name that only contains it: every property.
  CHECK(complete("MATCH (n) RETURN n.docs").candidates == Words{"docstring"});
  CHECK(complete("MATCH (fn:Module) RETURN f.docs").candidates == Words{"docstring"});
}

TEST_CASE("console completion: commands at the start of a line") {
  CHECK(complete(":sch").candidates == Words{"schema"});
  CHECK(complete(":par").candidates == Words{"param", "params"});
  CHECK(common_prefix(complete(":par").candidates) == "param");
  CHECK(common_prefix({"CALLS", "CONTAINS"}) == "C");
  CHECK(common_prefix({}).empty());
}
