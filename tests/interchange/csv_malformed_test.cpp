#include <doctest/doctest.h>

#include <string>

#include "trellis/interchange/csv_import.hpp"

using namespace trellis;

namespace {

constexpr std::string_view kHeader = "id,label,qualified_name,name,file_path,line_start,line_end\n";
constexpr std::string_view kProject = "0,Project,shop,shop,,,\n";
constexpr std::string_view kModule = "1,Module,shop.app,app,shop/app.py,1,20\n";
constexpr std::string_view kTwoEdges = "src,dst,type\n0,1,CONTAINS\n";

// Three nodes: the header, a Project (line 2), a Module (line 3) and `row` (line 4).
std::string nodes_with(std::string_view row) {
  return std::string(kHeader) + std::string(kProject) + std::string(kModule) + std::string(row);
}

// The import is refused with INVALID_ARGUMENT; the message starts with
// `where` ("nodes.csv:4: ") and contains `what`.
void check_refused(std::string_view nodes, std::string_view edges, std::string_view where,
                   std::string_view what) {
  const auto result = import_csv_text(nodes, edges);
  REQUIRE_FALSE(result.ok());
  INFO(result.error().message);
  CHECK(result.error().code == ErrorCode::InvalidArgument);
  CHECK(result.error().message.starts_with(where));
  CHECK(result.error().message.find(what) != std::string::npos);
}

}  // namespace

TEST_CASE("the valid base case imports") {
  CHECK(
      import_csv_text(nodes_with("2,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges).ok());
}

TEST_CASE("an unterminated quote is refused at the line where the field opens") {
  check_refused(nodes_with("2,Function,\"shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "not closed");
}

TEST_CASE("a quote inside an unquoted field is refused") {
  check_refused(nodes_with("2,Function,shop.app\"main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "quote inside an unquoted field");
}

TEST_CASE("text after a closing quote is refused") {
  check_refused(nodes_with("2,Function,\"shop.app.main\"x,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "after a closing quote");
}

TEST_CASE("a record with the wrong number of fields is refused") {
  check_refused(nodes_with("2,Function,shop.app.main,main,shop/app.py,3\n"), kTwoEdges,
                "nodes.csv:4: ", "6 fields where the header has 7");
  check_refused(nodes_with("2,Function,shop.app.main,main,shop/app.py,3,9,extra\n"), kTwoEdges,
                "nodes.csv:4: ", "8 fields where the header has 7");
  check_refused(nodes_with(""), "src,dst,type\n0,1\n",
                "edges.csv:2: ", "2 fields where the header has 3");
}

TEST_CASE("line numbers count the line breaks inside quoted fields") {
  const std::string nodes = std::string(kHeader) + std::string(kProject) +
                            "1,Module,\"shop.app\",\"a\nmulti\r\nline\nname\",shop/app.py,1,20\n"
                            "2,Function,shop.app.main,main,shop/app.py,x,9\n";
  check_refused(nodes, kTwoEdges, "nodes.csv:7: ", "line_start 'x' is not an integer");
}

TEST_CASE("an empty file has no header") {
  check_refused("", kTwoEdges, "nodes.csv:1: ", "missing header row");
  check_refused(nodes_with(""), "", "edges.csv:1: ", "missing header row");
}

TEST_CASE("a first line of data is not a header") {
  check_refused(std::string(kProject) + std::string(kModule), kTwoEdges,
                "nodes.csv:1: ", "missing header row");
  check_refused(nodes_with(""), "0,1,CONTAINS\n", "edges.csv:1: ", "missing header row");
}

TEST_CASE("a missing required column is refused") {
  check_refused("id,label,qualified_name,name,file_path,line_start\n0,Project,shop,shop,,\n",
                kTwoEdges, "nodes.csv:1: ", "missing required column line_end");
  check_refused(nodes_with(""), "src,type\n0,CONTAINS\n",
                "edges.csv:1: ", "missing required column dst");
}

TEST_CASE("a known column named twice is refused") {
  check_refused("id,label,qualified_name,name,file_path,line_start,line_end,label\n", kTwoEdges,
                "nodes.csv:1: ", "column 'label' appears twice");
}

TEST_CASE("an unknown label is refused") {
  check_refused(nodes_with("2,Klass,shop.app.Main,Main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "unknown label 'Klass'");
}

TEST_CASE("an unknown relationship type is refused") {
  check_refused(nodes_with(""), "src,dst,type\n0,1,CONTAINS\n1,0,CALLZ\n",
                "edges.csv:3: ", "unknown relationship type 'CALLZ'");
}

TEST_CASE("a non-integer id is refused") {
  check_refused(nodes_with("two,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "id 'two' is not an integer");
  check_refused(nodes_with(",Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "id is empty");
  check_refused(nodes_with(""), "src,dst,type\n0,1.0,CONTAINS\n",
                "edges.csv:2: ", "dst '1.0' is not an integer");
}

TEST_CASE("an out-of-range id is refused") {
  check_refused(nodes_with("99999999999,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "id 99999999999 is out of range");
  check_refused(nodes_with("-1,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "id -1 is out of range");
}

TEST_CASE("a non-integer or out-of-range line number is refused") {
  check_refused(nodes_with("2,Function,shop.app.main,main,shop/app.py,3a,9\n"), kTwoEdges,
                "nodes.csv:4: ", "line_start '3a' is not an integer");
  check_refused(nodes_with("2,Function,shop.app.main,main,shop/app.py,3,-9\n"), kTwoEdges,
                "nodes.csv:4: ", "line_end -9 is out of range");
  check_refused(nodes_with("2,Function,shop.app.main,main,shop/app.py,3,3000000000\n"), kTwoEdges,
                "nodes.csv:4: ", "line_end 3000000000 is out of range");
  check_refused(nodes_with(""), "src,dst,type,line\n0,1,CALLS,twelve\n",
                "edges.csv:2: ", "line 'twelve' is not an integer");
}

TEST_CASE("an id outside 0..N-1 is refused") {
  check_refused(nodes_with("5,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "id 5 is outside 0..2");
}

TEST_CASE("ids with a gap are refused") {
  const std::string nodes = std::string(kHeader) + "0,Project,shop,shop,,,\n" +
                            "1,Module,shop.app,app,shop/app.py,1,20\n" +
                            "3,Function,shop.app.main,main,shop/app.py,3,9\n";
  check_refused(nodes, kTwoEdges, "nodes.csv:4: ", "without gaps");
}

TEST_CASE("a duplicate id is refused") {
  check_refused(nodes_with("1,Function,shop.app.main,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "duplicate id 1 (also on line 3)");
}

TEST_CASE("a duplicate (label, qualified_name) is refused") {
  check_refused(nodes_with("2,Module,shop.app,app2,shop/app2.py,1,2\n"), kTwoEdges,
                "nodes.csv:4: ", "duplicate Module 'shop.app' (also on line 3)");
}

TEST_CASE("a dangling edge endpoint is refused") {
  const auto result =
      import_csv_text(nodes_with(""), "src,dst,type\n0,1,CONTAINS\n\n0,1,CONTAINS\n1,99,IMPORTS\n");
  REQUIRE_FALSE(result.ok());
  CHECK(result.error().code == ErrorCode::InvalidArgument);
  CHECK(result.error().message ==
        "edges.csv:5: edge refers to node id 99, which nodes.csv does not define");
  check_refused(nodes_with(""), "src,dst,type\n2,0,CONTAINS\n", "edges.csv:2: ", "node id 2");
}

TEST_CASE("an empty qualified_name is refused") {
  check_refused(nodes_with("2,Function,,main,shop/app.py,3,9\n"), kTwoEdges,
                "nodes.csv:4: ", "empty qualified_name");
}

TEST_CASE("a list cell that is not a JSON array of strings is refused") {
  const std::string header =
      "id,label,qualified_name,name,file_path,line_start,line_end,decorators\n";
  check_refused(header + "0,Function,f,f,,,,\"[\"\"a\"\",1]\"\n", "src,dst,type\n",
                "nodes.csv:2: ", "decorators '[\"a\",1]' is not a JSON list of strings");
  check_refused(header + "0,Function,f,f,,,,cached\n", "src,dst,type\n",
                "nodes.csv:2: ", "is not a JSON list of strings");
  check_refused(header + "0,Function,f,f,,,,\"{\"\"a\"\":1}\"\n", "src,dst,type\n",
                "nodes.csv:2: ", "not an array");
}

TEST_CASE("a boolean that is not true or false is refused") {
  const std::string header =
      "id,label,qualified_name,name,file_path,line_start,line_end,is_async\n";
  check_refused(header + "0,Function,f,f,,,,yes\n", "src,dst,type\n",
                "nodes.csv:2: ", "is_async 'yes' is not a boolean");
}
