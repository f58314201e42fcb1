// query unresolved: the call sites ingest could not resolve inside a
// definition, module, file or package, each with the reason ingest
// recorded, on tests/fixtures/unresolved (one site of each reason in
// Python, TypeScript and Go).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "support/indexed_fixture.hpp"
#include "trellis/queries/context_queries.hpp"

using namespace trellis;
using namespace trellis::queries;

namespace {

const test::IndexedFixture& unresolved_fixture() {
  static const test::IndexedFixture fixture("unresolved");
  return fixture;
}

// "line text reason" of each site of the answer, in its order.
std::vector<std::string> site_rows(const UnresolvedResult& r) {
  std::vector<std::string> rows;
  for (const UnresolvedSite& site : r.sites) {
    rows.push_back(std::to_string(site.line) + " " + std::string(site.text) + " " +
                   std::string(unresolved_reason_code(site.reason)));
  }
  return rows;
}

UnresolvedResult unresolved_in(std::string target, std::string reason = "all", std::size_t offset = 0) {
  TraversalScratch scratch;
  auto r = query_unresolved(unresolved_fixture().store(), {std::move(target), std::move(reason), offset}, scratch);
  REQUIRE(r.ok());
  return std::move(r).value();
}

}  // namespace

TEST_CASE("Python: each unresolved call site of a function with its reason, by line") {
  const UnresolvedResult r = unresolved_in("py.app.service.caller");
  CHECK(site_rows(r) == std::vector<std::string>{"11 undefined_function unknown_name",
                                                 "12 param.method unknown_receiver",
                                                 "13 Service().absent no_such_member",
                                                 "14 handlers[0] dynamic_callee",
                                                 "16 service not_callable"});
  CHECK(r.count.total_count == 5);
  CHECK_FALSE(r.count.truncated);
  CHECK(r.callers == 1);
}

TEST_CASE("a module's answer covers its own code and every definition nested in it; a file path names it") {
  const UnresolvedResult by_name = unresolved_in("py.app.service");
  const UnresolvedResult by_path = unresolved_in("py/app/service.py");
  CHECK(site_rows(by_name) == site_rows(by_path));
  CHECK(site_rows(by_name).size() == 6);
  CHECK(site_rows(by_name).back() == "23 self.helper no_such_member");
  // by_reason counts every site inside, in reason order.
  const std::vector<std::pair<UnresolvedReason, std::size_t>> counts{
      {UnresolvedReason::UnknownName, 1}, {UnresolvedReason::UnknownReceiver, 1},
      {UnresolvedReason::NoSuchMember, 2}, {UnresolvedReason::DynamicCallee, 1}, {UnresolvedReason::NotCallable, 1}};
  CHECK(by_name.by_reason == counts);
}

TEST_CASE("a package covers its modules; a reason filter keeps those sites and counts them") {
  CHECK(site_rows(unresolved_in("py.app")).size() == 6);
  const UnresolvedResult members = unresolved_in("py.app", "no_such_member");
  CHECK(site_rows(members) == std::vector<std::string>{"13 Service().absent no_such_member",
                                                       "23 self.helper no_such_member"});
  CHECK(members.count.total_count == 2);
  CHECK(members.by_reason.size() == 5);  // still every reason inside
}

TEST_CASE("a class covers its methods; a definition with none says so") {
  CHECK(site_rows(unresolved_in("py.app.service.Worker")) ==
        std::vector<std::string>{"23 self.helper no_such_member"});
  const UnresolvedResult none = unresolved_in("py.app.service.make");
  CHECK(none.sites.empty());
  CHECK(none.by_reason.empty());
  CHECK(none.count.total_count == 0);
}

TEST_CASE("pages: an offset continues where the page before ended") {
  const UnresolvedResult first = unresolved_in("py.app.service", "all", 0);
  const UnresolvedResult rest = unresolved_in("py.app.service", "all", 4);
  CHECK(rest.count.offset == 4);
  CHECK(rest.count.total_count == 6);
  const std::vector<std::string> all = site_rows(first);
  REQUIRE(all.size() == 6);
  CHECK(site_rows(rest) == std::vector<std::string>(all.begin() + 4, all.end()));
}

TEST_CASE("TypeScript and Go sites carry their reasons too") {
  CHECK(site_rows(unresolved_in("ts.service.caller")) ==
        std::vector<std::string>{"8 undefinedFunction unknown_name", "9 param.method unknown_receiver",
                                 "10 new Service().absent no_such_member"});
  CHECK(site_rows(unresolved_in("example.com/unresolved.Caller")) ==
        std::vector<std::string>{"9 s.Absent no_such_member", "12 x.(func()) dynamic_callee"});
}

TEST_CASE("bad input: an unknown reason and an unknown target are errors") {
  TraversalScratch scratch;
  const auto bad_reason = query_unresolved(unresolved_fixture().store(), {"py.app", "no_reason", 0}, scratch);
  REQUIRE_FALSE(bad_reason.ok());
  CHECK(bad_reason.error().code == ErrorCode::InvalidArgument);
  const auto missing = query_unresolved(unresolved_fixture().store(), {"py.app.nothing", "all", 0}, scratch);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().code == ErrorCode::NodeNotFound);
}
