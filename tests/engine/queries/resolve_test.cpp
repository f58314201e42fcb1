// trellis resolve / resolve_nodes: node ids, FILE:LINE references and names
// resolved one by one on tests/fixtures/search, unknown ones reported beside
// the others.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "trellis/queries/resolve_queries.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& resolve_fixture() {
  static const test::IndexedFixture fixture("search");
  return fixture;
}

// "qualified name" of each resolved reference, "! CODE" of each other one.
std::vector<std::string> resolved_rows(const ResolveResult& r) {
  std::vector<std::string> rows;
  for (const ResolvedReference& reference : r.references) {
    rows.push_back(reference.node != kNoNode ? resolve_fixture().store().qualified_name(reference.node)
                                             : "! " + std::string(to_string(reference.error->code)));
  }
  return rows;
}

ResolveResult resolve_ids(std::vector<std::string> ids) {
  TraversalScratch scratch;
  auto r = query_resolve(resolve_fixture().store(), ResolveRequest{std::move(ids)}, scratch);
  REQUIRE(r.ok());
  return std::move(r).value();
}

}  // namespace

TEST_CASE("resolve answers node ids, FILE:LINE and names in order, each unknown one on its own") {
  const GraphStore& store = resolve_fixture().store();
  const std::string gateway = store.node_id(resolve_fixture().node(Label::Class, "py.billing.refunds.PaymentGateway"));
  const ResolveResult r = resolve_ids({gateway, "py/billing/refunds.py:19", "py/billing/refunds.py:2",
                                       "go/ledger/ledger.go:10", "0123456789abcdef", "py/billing/nothing.py:3",
                                       "py/billing/refunds.py:999", "ParseAmount"});
  CHECK(resolved_rows(r) == std::vector<std::string>{"py.billing.refunds.PaymentGateway",
                                                     "py.billing.refunds.PaymentGateway.charge_card",
                                                     "py.billing.refunds",
                                                     "example.com/shop/ledger.Ledger.RecordRefund",
                                                     "! NODE_NOT_FOUND",
                                                     "! NODE_NOT_FOUND",
                                                     "! INVALID_ARGUMENT",
                                                     "example.com/shop/ledger.ParseAmount"});
  CHECK(r.found == 5);
  CHECK(r.references[4].id == "0123456789abcdef");
}

TEST_CASE("resolve refuses an empty batch and one over 100 references") {
  TraversalScratch scratch;
  CHECK(query_resolve(resolve_fixture().store(), ResolveRequest{}, scratch).error().code == ErrorCode::InvalidArgument);
  CHECK(query_resolve(resolve_fixture().store(), ResolveRequest{std::vector<std::string>(101, "ParseAmount")}, scratch)
            .error()
            .code == ErrorCode::InvalidArgument);
}
