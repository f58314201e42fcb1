#include "engine/store/snapshot_fixtures.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <vector>

#include "trellis/store/graph_builder.hpp"

namespace trellis::testing {
namespace {

class SampleBuilder {
 public:
  BuildId node(Label label, std::string_view qualified_name, std::string_view name) {
    auto id = builder_.add_node(label, qualified_name, name);
    REQUIRE(id.ok());
    return *id;
  }
  void text(BuildId node, std::string_view property, std::string_view value) {
    builder_.set_string(node, column(node, property), value);
  }
  void number(BuildId node, std::string_view property, std::int32_t value) {
    builder_.set_int(node, column(node, property), value);
  }
  void flag(BuildId node, std::string_view property, bool value) {
    builder_.set_bool(node, column(node, property), value);
  }
  void list(BuildId node, std::string_view property,
            std::initializer_list<std::string_view> items) {
    for (const auto item : items) builder_.add_list_item(node, column(node, property), item);
  }
  void code(BuildId node, std::int32_t line) {
    text(node, "file_path", "shop/services/billing.py");
    number(node, "line_start", line);
    number(node, "line_end", line + 5);
    number(node, "byte_start", line * 40);
    number(node, "byte_end", line * 40 + 200);
    text(node, "language", "python");
  }
  void edge(RelType type, BuildId source, BuildId target) {
    builder_.add_edge(type, source, target);
  }
  void call(BuildId source, BuildId target, std::string_view call_type, std::int32_t line) {
    const auto edge = builder_.add_edge(RelType::Calls, source, target);
    builder_.set_edge_string(RelType::Calls, edge, *property_index(RelType::Calls, "call_type"),
                             call_type);
    builder_.set_edge_int(RelType::Calls, edge, *property_index(RelType::Calls, "line"), line);
  }
  void unresolved(BuildId caller, std::string_view text, std::int32_t line) {
    builder_.add_unresolved_call(caller, text, line);
  }
  GraphStore build() && {
    auto built = std::move(builder_).build();
    REQUIRE(built.ok());
    return std::move(built->store);
  }

 private:
  std::size_t column(BuildId node, std::string_view property) const {
    const auto index = property_index(builder_.label(node), property);
    REQUIRE(index.has_value());
    return *index;
  }
  GraphBuilder builder_;
};

}  // namespace

GraphStore build_sample_graph(std::size_t generated_functions) {
  SampleBuilder b;
  const BuildId project = b.node(Label::Project, "shop", "shop");
  b.text(project, "path", "/src/shop");
  const BuildId package = b.node(Label::Package, "shop.services", "services");
  b.text(package, "path", "shop/services");
  const BuildId init =
      b.node(Label::Module, "shop.services", "services");  // shares the Package's name
  b.code(init, 1);
  b.text(init, "path", "shop/services/__init__.py");
  b.text(init, "extension", ".py");
  const BuildId requests = b.node(Label::ExternalPackage, "requests", "requests");
  const BuildId billing = b.node(Label::Module, "shop.services.billing", "billing");
  b.code(billing, 1);
  b.list(billing, "all_names", {"Invoice", "total"});
  b.flag(billing, "has_all", true);
  const BuildId payable = b.node(Label::Interface, "shop.services.billing.Payable", "Payable");
  b.code(payable, 3);
  b.list(payable, "decorators", {"runtime_checkable"});
  b.text(payable, "docstring", "Something that can be paid.");
  const BuildId base = b.node(Label::Class, "shop.services.billing.Base", "Base");
  b.code(base, 8);
  b.flag(base, "is_abstract", true);
  const BuildId invoice = b.node(Label::Class, "shop.services.billing.Invoice", "Invoice");
  b.code(invoice, 12);
  b.list(invoice, "base_classes", {"Base", "Payable"});
  b.list(invoice, "decorators", {"dataclass", "frozen"});
  b.flag(invoice, "is_abstract", false);
  b.text(invoice, "docstring", "An invoice.\nWith \"quotes\" and caf\xc3\xa9.");
  const BuildId total = b.node(Label::Function, "shop.services.billing.total", "total");
  b.code(total, 30);
  b.flag(total, "is_async", true);
  const BuildId helper =
      b.node(Label::Function, "shop.helpers.format", "format");  // parent is no node
  const BuildId pay = b.node(Label::Method, "shop.services.billing.Invoice.pay", "pay");
  b.code(pay, 14);
  b.text(pay, "class_name", "Invoice");
  b.list(pay, "decorators", {"retry"});
  b.flag(pay, "is_async", false);
  const BuildId ctor = b.node(Label::Method, "shop.services.billing.Invoice.__init__", "__init__");
  b.text(ctor, "class_name", "Invoice");

  b.edge(RelType::Contains, project, package);
  b.edge(RelType::Contains, package, init);
  b.edge(RelType::Contains, package, billing);
  b.edge(RelType::Defines, billing, payable);
  b.edge(RelType::Defines, billing, base);
  b.edge(RelType::Defines, billing, invoice);
  b.edge(RelType::Defines, billing, total);
  b.edge(RelType::Defines, invoice, pay);
  b.edge(RelType::Defines, invoice, ctor);
  b.edge(RelType::Inherits, invoice, base);
  b.edge(RelType::Implements, invoice, payable);
  b.edge(RelType::Imports, billing, requests);
  b.edge(RelType::Imports, billing, init);
  b.call(total, pay, "method", 31);
  b.call(total, pay, "method", 33);    // parallel edge
  b.call(total, total, "direct", 35);  // self loop
  b.call(pay, invoice, "constructor", 15);
  b.call(pay, helper, "direct", 16);
  b.edge(RelType::Calls, billing, total);  // properties left null
  b.unresolved(pay, "session.get", 17);
  b.unresolved(total, "obj.run", 32);
  b.unresolved(pay, "data.items", 18);

  std::vector<BuildId> generated;
  for (std::size_t i = 0; i < generated_functions; ++i) {
    const BuildId fn =
        b.node(Label::Function, fmt::format("shop.gen.f{}", i), fmt::format("f{}", i % 97));
    b.code(fn, static_cast<std::int32_t>(i));
    if (i % 3 == 0) b.list(fn, "decorators", {"cached", fmt::format("tag{}", i % 5)});
    generated.push_back(fn);
  }
  for (std::size_t i = 0; i < generated.size(); ++i) {
    for (std::size_t k = 1; k <= 3; ++k) {
      b.call(generated[i], generated[(i * 7 + k * 13) % generated.size()], "direct",
             static_cast<std::int32_t>(i + k));
    }
  }
  return std::move(b).build();
}

void check_same_graph(const GraphStore& expected, const GraphStore& actual) {
  REQUIRE(actual.node_count() == expected.node_count());
  REQUIRE(actual.edge_count() == expected.edge_count());
  for (const LabelDef& def : all_labels()) {
    CHECK(actual.nodes(def.label).begin == expected.nodes(def.label).begin);
    CHECK(actual.nodes(def.label).end == expected.nodes(def.label).end);
  }
  for (NodeId n = 0; n < expected.node_count(); ++n) {
    const Label label = expected.label(n);
    CHECK(actual.label(n) == label);
    CHECK(actual.qualified_name(n) == expected.qualified_name(n));
    CHECK(actual.name(n) == expected.name(n));
    CHECK(actual.find(label, expected.qualified_name(n)) == n);
    for (std::size_t c = 0; c < label_def(label).properties.size(); ++c) {
      CHECK(actual.property(n, c) == expected.property(n, c));
    }
    for (const RelTypeDef& def : all_rel_types()) {
      const auto out = actual.out(def.type, n);
      const auto expected_out = expected.out(def.type, n);
      REQUIRE(std::vector<NodeId>(out.begin(), out.end()) ==
              std::vector<NodeId>(expected_out.begin(), expected_out.end()));
      const auto in = actual.in(def.type, n);
      const auto expected_in = expected.in(def.type, n);
      REQUIRE(std::vector<NodeId>(in.begin(), in.end()) ==
              std::vector<NodeId>(expected_in.begin(), expected_in.end()));
      for (std::size_t i = 0; i < out.size(); ++i) {
        const EdgePos pos = expected.out_edge_position(def.type, n, i);
        CHECK(actual.out_edge_position(def.type, n, i) == pos);
        for (std::size_t c = 0; c < def.properties.size(); ++c) {
          CHECK(actual.edge_property(def.type, pos, c) == expected.edge_property(def.type, pos, c));
        }
      }
      for (std::size_t i = 0; i < in.size(); ++i) {
        CHECK(actual.in_edge_position(def.type, n, i) == expected.in_edge_position(def.type, n, i));
      }
    }
  }
  const auto names = actual.sorted_names();
  const auto expected_names = expected.sorted_names();
  REQUIRE(actual.unresolved_call_count() == expected.unresolved_call_count());
  for (NodeId n = 0; n < expected.node_count(); ++n) {
    const auto want = expected.unresolved_calls(n);
    const auto got = actual.unresolved_calls(n);
    REQUIRE(got.size() == want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
      CHECK(got[i].text == want[i].text);
      CHECK(got[i].line == want[i].line);
    }
  }
  CHECK(std::vector<StringId>(names.begin(), names.end()) ==
        std::vector<StringId>(expected_names.begin(), expected_names.end()));
}

std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const std::filesystem::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

}  // namespace trellis::testing
