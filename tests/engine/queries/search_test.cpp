// trellis search / search_code: BM25F over names, docs, decorators and
// bodies, on tests/fixtures/search (Python, TypeScript and Go), with exact
// rankings; and the index kept current by an incremental re-index.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "support/temp_dir.hpp"
#include "trellis/database.hpp"
#include "trellis/ingest/index_database.hpp"
#include "trellis/queries/name_lookup.hpp"
#include "trellis/queries/search_queries.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& search_fixture() {
  static const test::IndexedFixture fixture("search");
  return fixture;
}

SearchResult search_for(const GraphStore& store, SearchRequest request) {
  TraversalScratch scratch;
  auto r = query_search(store, request, scratch);
  REQUIRE(r.ok());
  return std::move(r).value();
}

SearchResult search_fixture_for(std::string text) {
  SearchRequest request;
  request.text = std::move(text);
  return search_for(search_fixture().store(), std::move(request));
}

// The qualified names of the hits, best first.
std::vector<std::string> hit_names(const GraphStore& store, const SearchResult& r) {
  std::vector<std::string> names;
  for (const SearchHit& hit : r.hits) names.push_back(store.qualified_name(hit.node));
  return names;
}

std::vector<std::string> fixture_hits(SearchRequest request) {
  return hit_names(search_fixture().store(), search_for(search_fixture().store(), std::move(request)));
}

const std::filesystem::path kSearchFixture = std::filesystem::path(TRELLIS_SOURCE_DIR) / "tests/fixtures/search";

void edit_file(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  std::string content = text.str();
  const auto at = content.find(from);
  REQUIRE(at != std::string::npos);
  content.replace(at, from.size(), to);
  std::ofstream(file, std::ios::trunc) << content;
}

Database index_and_open(const std::filesystem::path& root, const std::filesystem::path& database) {
  ingest::IndexOptions options;
  options.root = root;
  REQUIRE(ingest::index_into_database(options, database).ok());
  auto opened = Database::open(database);
  REQUIRE(opened.ok());
  return std::move(opened).value();
}

}  // namespace

TEST_CASE("search finds a definition by a word only its docstring has, with the docstring line as snippet") {
  const SearchResult r = search_fixture_for("customer");
  CHECK(hit_names(search_fixture().store(), r) == std::vector<std::string>{"py.billing.refunds.issue_refund"});
  REQUIRE(r.hits.size() == 1);
  CHECK(r.hits[0].matched == std::vector<std::string>{"customer"});
  CHECK(r.hits[0].snippet == "Give a customer's money back for an order.");
  CHECK_FALSE(r.hits[0].exact_name);
  CHECK(r.count.total_count == 1);
}

TEST_CASE("search splits identifiers: camelCase and snake_case names match their words") {
  const SearchResult r = search_fixture_for("HTTP response");
  // parseHTTPResponse has both words in its name; parseResponse one in its
  // name, one in its class's (the path field); the rest only the module path.
  CHECK(hit_names(search_fixture().store(), r) ==
        std::vector<std::string>{"py.billing.refunds.PaymentGateway.parseHTTPResponse",
                                 "ts.src.http.client.HttpClient.parseResponse", "ts.src.http.client.HttpClient",
                                 "ts.src.http.client.HttpClient.send", "ts.src.http.client",
                                 "ts.src.http.client.formatInvoice"});
  CHECK(r.hits[0].matched == std::vector<std::string>{"http", "response"});

  // The whole identifier, as written, puts the definition of that name first.
  const SearchResult exact = search_fixture_for("parseHTTPResponse");
  REQUIRE_FALSE(exact.hits.empty());
  CHECK(search_fixture().store().qualified_name(exact.hits[0].node) ==
        "py.billing.refunds.PaymentGateway.parseHTTPResponse");
  CHECK(exact.hits[0].exact_name);
  CHECK(exact.words == std::vector<std::string>{"parse", "http", "response", "parsehttpresponse"});

  const SearchResult snake = search_fixture_for("retry backoff");
  REQUIRE_FALSE(snake.hits.empty());
  CHECK(search_fixture().store().qualified_name(snake.hits[0].node) == "py.billing.refunds.retry_with_backoff");
}

TEST_CASE("a quoted phrase matches consecutive words only") {
  const SearchResult r = search_fixture_for("\"retry the request\"");
  CHECK(hit_names(search_fixture().store(), r) == std::vector<std::string>{"py.billing.refunds.retry_with_backoff"});
  CHECK(r.phrases == std::vector<std::string>{"retry the request"});
  CHECK(r.hits[0].snippet == "Retry the request with exponential backoff.");

  // The same words in another order are no phrase of any definition.
  CHECK(search_fixture_for("\"request the retry\"").hits.empty());
}

TEST_CASE("a misspelt word finds nothing and suggests the index's near words") {
  const SearchResult r = search_fixture_for("refnud");
  CHECK(r.hits.empty());
  CHECK(r.count.total_count == 0);
  REQUIRE_FALSE(r.suggestions.empty());
  CHECK(r.suggestions.front() == "refund");
}

TEST_CASE("label, language and path filters keep the hits of their kind, ranks unchanged") {
  SearchRequest all;
  all.text = "refund";
  // RecordRefund has it in its name and doc comment, issue_refund in its
  // name only, Ledger in its doc comment only.
  CHECK(fixture_hits(all) == std::vector<std::string>{"example.com/shop/ledger.Ledger.RecordRefund",
                                                      "py.billing.refunds.issue_refund",
                                                      "example.com/shop/ledger.Ledger"});
  SearchRequest go = all;
  go.language = "go";
  CHECK(fixture_hits(go) ==
        std::vector<std::string>{"example.com/shop/ledger.Ledger.RecordRefund", "example.com/shop/ledger.Ledger"});
  SearchRequest functions = all;
  functions.label = "Function";
  CHECK(fixture_hits(functions) == std::vector<std::string>{"py.billing.refunds.issue_refund"});
  SearchRequest in_py = all;
  in_py.path_glob = "py/*";
  CHECK(fixture_hits(in_py) == std::vector<std::string>{"py.billing.refunds.issue_refund"});
}

TEST_CASE("search pages with limit and offset") {
  SearchRequest first;
  first.text = "refund";
  first.limit = 2;
  const SearchResult page1 = search_for(search_fixture().store(), first);
  CHECK(page1.hits.size() == 2);
  CHECK(page1.count.total_count == 3);
  CHECK(page1.count.truncated);
  SearchRequest second = first;
  second.offset = 2;
  const SearchResult page2 = search_for(search_fixture().store(), second);
  CHECK(hit_names(search_fixture().store(), page2) == std::vector<std::string>{"example.com/shop/ledger.Ledger"});
  CHECK_FALSE(page2.count.truncated);
}

TEST_CASE("a search text without a word is INVALID_ARGUMENT") {
  TraversalScratch scratch;
  SearchRequest request;
  request.text = "\"\" ?";
  const auto r = query_search(search_fixture().store(), request, scratch);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error().code == ErrorCode::InvalidArgument);
}

TEST_CASE("an incremental re-index that changes a docstring changes what search finds") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "search";
  std::filesystem::copy(kSearchFixture, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  {
    const Database before = index_and_open(root, database);
    SearchRequest customer;
    customer.text = "customer";
    CHECK(hit_names(before.store(), search_for(before.store(), customer)) ==
          std::vector<std::string>{"py.billing.refunds.issue_refund"});
  }
  edit_file(root / "py/billing/refunds.py", "Give a customer's money back", "Give a shopper's money back");
  const Database after = index_and_open(root, database);
  SearchRequest customer;
  customer.text = "customer";
  CHECK(search_for(after.store(), customer).hits.empty());
  SearchRequest shopper;
  shopper.text = "shopper";
  CHECK(hit_names(after.store(), search_for(after.store(), shopper)) ==
        std::vector<std::string>{"py.billing.refunds.issue_refund"});
}

TEST_CASE("a node_id survives a re-index that moves its definition within its file, and names it") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "search";
  std::filesystem::copy(kSearchFixture, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  std::string id_before;
  std::int64_t line_before = 0;
  {
    const Database before = index_and_open(root, database);
    const auto node = before.resolve("py.billing.refunds.retry_with_backoff");
    REQUIRE(node.ok());
    id_before = before.store().node_id(*node);
    line_before = std::get<std::int64_t>(before.store().property(*node, "line_start"));
  }
  CHECK(id_before.size() == 16);
  const std::string moved = "def retry_with_backoff(task):\n    \"\"\"Retry the request with exponential backoff.\"\"\"\n"
                            "    return task()\n";
  edit_file(root / "py/billing/refunds.py", moved, "");
  edit_file(root / "py/billing/refunds.py", "import json\n", "import json\n\n\n" + moved);
  const Database after = index_and_open(root, database);
  const auto node = after.resolve(id_before);
  REQUIRE(node.ok());
  CHECK(after.store().qualified_name(*node) == "py.billing.refunds.retry_with_backoff");
  CHECK(after.store().node_id(*node) == id_before);
  CHECK(std::get<std::int64_t>(after.store().property(*node, "line_start")) != line_before);
  // Another definition's id is another id.
  const auto other = after.resolve("py.billing.refunds.issue_refund");
  REQUIRE(other.ok());
  CHECK(after.store().node_id(*other) != id_before);
}

TEST_CASE("an incremental re-index keeps unchanged definitions' postings and writes what a full index writes") {
  const TempDir dir;
  const std::filesystem::path root = dir.path() / "search";
  std::filesystem::copy(kSearchFixture, root, std::filesystem::copy_options::recursive);
  const std::filesystem::path database = dir.path() / "graph.trellis";
  ingest::IndexOptions options;
  options.root = root;
  auto first = ingest::index_into_database(options, database);
  REQUIRE(first.ok());
  CHECK(first->indexed.report.search_nodes_reused == 0);

  // A docstring reworded, a function added, a file removed and one added.
  edit_file(root / "py/billing/refunds.py", "Give a customer's money back", "Give a shopper's money back");
  edit_file(root / "py/billing/refunds.py", "import json\n",
            "import json\n\n\ndef void_invoice(invoice):\n    \"\"\"Cancel an unpaid invoice.\"\"\"\n    return None\n");
  std::filesystem::remove(root / "go/ledger/ledger.go");
  std::ofstream(root / "py/billing/coupons.py") << "def apply_coupon(code):\n    \"\"\"Take a discount off.\"\"\"\n"
                                                  "    return code\n";
  auto again = ingest::index_into_database(options, database);
  REQUIRE(again.ok());
  CHECK(again->indexed.report.files_reparsed == 2);
  // The TypeScript client and the billing package's __init__ were not read again.
  CHECK(again->indexed.report.search_nodes_reused > 0);

  const std::filesystem::path fresh = dir.path() / "fresh.trellis";
  auto full = ingest::index_into_database(options, fresh);
  REQUIRE(full.ok());
  CHECK(full->indexed.report.search_nodes_reused == 0);
  const StoreParts& a = again->indexed.store.parts();
  const StoreParts& b = full->indexed.store.parts();
  CHECK(std::vector<char>(a.search_term_blob.begin(), a.search_term_blob.end()) ==
        std::vector<char>(b.search_term_blob.begin(), b.search_term_blob.end()));
  CHECK(std::ranges::equal(a.search_term_offsets.span(), b.search_term_offsets.span()));
  CHECK(std::ranges::equal(a.search_posting_offsets.span(), b.search_posting_offsets.span()));
  CHECK(std::ranges::equal(a.search_posting_nodes.span(), b.search_posting_nodes.span()));
  CHECK(std::ranges::equal(a.search_posting_counts.span(), b.search_posting_counts.span()));
  CHECK(std::ranges::equal(a.search_field_lengths.span(), b.search_field_lengths.span()));
  CHECK(std::ranges::equal(a.search_totals.span(), b.search_totals.span()));
  CHECK(std::ranges::equal(a.search_node_term_offsets.span(), b.search_node_term_offsets.span()));
  CHECK(std::ranges::equal(a.search_node_terms.span(), b.search_node_terms.span()));
  CHECK(std::ranges::equal(a.body_hashes.span(), b.body_hashes.span()));

  const Database after = index_and_open(root, database);
  SearchRequest discount;
  discount.text = "discount";
  CHECK(hit_names(after.store(), search_for(after.store(), discount)) ==
        std::vector<std::string>{"py.billing.coupons.apply_coupon"});
  SearchRequest ledger;
  ledger.text = "ledger";
  CHECK(hit_names(after.store(), search_for(after.store(), ledger)) ==
        std::vector<std::string>{"py.billing.refunds.issue_refund"});
}
