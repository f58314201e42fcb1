// Reads the parts of a C# syntax tree that FileFacts hold, following the
// conventions of resolve/typed_facts.hpp: expressions and types as link
// chains, the erased parameter types of overload signatures, and what a
// declaration says about itself (modifiers, attributes, parameters, bases,
// its `///` documentation). Stateless over one file's source.
#pragma once

#include <tree_sitter/api.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "csharp_syntax.hpp"
#include "trellis/ingest/file_facts.hpp"

namespace trellis::ingest::csharp {

class CSharpReader {
 public:
  CSharpReader(const CSharpSyntax& syntax, std::string_view source)
      : syntax_(syntax), source_(source) {}

  NodeType type(TSNode node) const { return syntax_.type(node); }
  bool is(TSNode node, NodeType type) const { return syntax_.is(node, type); }
  TSNode child(TSNode node, Field field) const { return syntax_.child(node, field); }
  std::string_view text(TSNode node) const;

  // An expression read left to right: `a.b.C(x)` is [Name a, Attribute b,
  // Attribute C, Call "1"]; `new Foo()` is [Name Foo, Call "0"]; a literal
  // is [Literal <type>]; what cannot be read is [Opaque].
  LinkChain links_of(TSNode expression) const;
  // A type as written with generics erased: `A.List<Foo>` is [Name A,
  // Attribute List]; `Foo?` is [Name Foo]; `void`, `var`, arrays and tuples
  // are empty.
  LinkChain type_links(TSNode type) const;
  // A parameter type as an overload signature spells it: the simple name
  // with generics erased, array ranks and `?` kept (`List`, `Foo[]`, `int?`).
  std::string erased_type(TSNode type) const;

  // The arguments of an argument_list, one chain each, and their count.
  std::vector<LinkChain> arguments(TSNode argument_list) const;
  static std::string arity(TSNode argument_list);

  // Whether a declaration carries the modifier (`static`, `async`, ...).
  bool has_modifier(TSNode declaration, std::string_view modifier) const;
  // The attributes of a declaration as written, without the brackets.
  std::vector<std::string> attributes(TSNode declaration) const;
  // Where a declaration starts after its attributes: its first modifier or keyword.
  TSNode first_after_attributes(TSNode declaration) const;
  // The `///` comment lines right above a declaration, tags stripped, given
  // the comments among its earlier siblings (extract/sibling_comments.hpp).
  std::string documentation(TSNode declaration, std::span<const TSNode> comments_before) const;

  struct Parameter {
    std::string name;
    TSNode type{};           // null when the parameter declares none (lambdas)
    bool is_this = false;    // `this T self`: an extension method's receiver
    bool is_params = false;  // `params T[] rest`
  };
  // The parameters of a parameter_list, in order.
  std::vector<Parameter> parameters(TSNode parameter_list) const;

  // The base list's types (a base class and interfaces, mixed), in order.
  std::vector<TSNode> base_types(TSNode declaration) const;

 private:
  void append_links(TSNode node, LinkChain& chain, int depth) const;
  LinkChain type_links(TSNode type, int depth) const;
  std::string erased_type(TSNode type, int depth) const;
  std::string simple_name(TSNode name) const;

  const CSharpSyntax& syntax_;
  std::string_view source_;
};

// Whether a chain holds a link that cannot be resolved.
bool has_opaque(const LinkChain& chain);

}  // namespace trellis::ingest::csharp
