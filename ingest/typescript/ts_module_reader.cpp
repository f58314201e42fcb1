#include "ts_fact_reader.hpp"

namespace trellis::ingest::typescript {

std::string_view exported_name(std::string_view target) {
  for (const std::string_view prefix : {std::string_view("exports."), std::string_view("module.exports.")}) {
    if (target.starts_with(prefix) && target.find('.', prefix.size()) == std::string_view::npos) {
      return target.substr(prefix.size());
    }
  }
  return {};
}

void FactReader::read_import(TSNode node, ScopeIndex scope, std::vector<Import>& out) const {
  Import base;
  base.scope = scope;
  base.line = line_of(ts_node_start_point(node));
  base.module = string_value(child(node, Field::Source));
  const std::uint32_t count = ts_node_named_child_count(node);
  bool binds = false;
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(node, i);
    if (is(part, NodeType::ImportRequireClause)) {
      // `import x = require("m")`
      Import import = base;
      import.alias = std::string(text(ts_node_named_child(part, 0)));
      import.module = string_value(child(part, Field::Source));
      out.push_back(std::move(import));
      return;
    }
    if (!is(part, NodeType::ImportClause)) continue;
    const std::uint32_t clauses = ts_node_named_child_count(part);
    for (std::uint32_t c = 0; c < clauses; ++c) {
      const TSNode clause = ts_node_named_child(part, c);
      const NodeType t = type(clause);
      if (t == NodeType::Identifier) {
        out.push_back(named(base, "default", text(clause)));
        binds = true;
      } else if (t == NodeType::NamespaceImport) {
        Import import = base;
        import.alias = std::string(text(ts_node_named_child(clause, 0)));
        out.push_back(std::move(import));
        binds = true;
      } else if (t == NodeType::NamedImports) {
        read_specifiers(clause, base, out);
        binds = true;
      }
    }
  }
  if (!binds && !base.module.empty()) out.push_back(std::move(base));
}

void FactReader::read_export(TSNode node, std::vector<Import>& out) const {
  Import base;
  base.scope = kModuleScope;
  base.line = line_of(ts_node_start_point(node));
  base.reexport = true;
  const TSNode source = child(node, Field::Source);
  if (!ts_node_is_null(source)) base.module = string_value(source);
  bool is_default = false;
  const std::uint32_t count = ts_node_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_child(node, i);
    const NodeType t = type(part);
    if (t == NodeType::Default) is_default = true;
    if (!ts_node_is_named(part) && text(part) == "=" && i + 1 < count && is(ts_node_child(node, i + 1), NodeType::Identifier)) {
      out.push_back(named(base, text(ts_node_child(node, i + 1)), "module.exports"));  // export = name
      return;
    }
    if (t == NodeType::ExportClause) {
      read_specifiers(part, base, out);
      return;
    }
    if (t == NodeType::NamespaceExport) {
      Import import = base;
      import.alias = std::string(text(ts_node_named_child(part, 0)));
      out.push_back(std::move(import));
      return;
    }
  }
  if (!base.module.empty()) {
    out.push_back(named(base, "*", "*"));  // export * from "m"
    return;
  }
  if (!is_default) return;
  const TSNode value = child(node, Field::Value);
  if (is(value, NodeType::Identifier)) {
    out.push_back(named(base, text(value), "default"));
    return;
  }
  const TSNode declaration = child(node, Field::Declaration);
  const TSNode name = child(declaration, Field::Name);
  if (!ts_node_is_null(name)) out.push_back(named(base, text(name), "default"));
}

void FactReader::read_require(const CallPath& path, ScopeIndex scope, std::vector<Import>& out) const {
  const TSNode call = path.node();
  Import base;
  base.scope = scope;
  base.line = line_of(ts_node_start_point(call));
  base.module = string_value(ts_node_named_child(child(call, Field::Arguments), 0));
  TSNode parent = path.up(1);
  std::string member;
  if (is(parent, NodeType::MemberExpression) && ts_node_eq(child(parent, Field::Object), call)) {
    member = std::string(text(child(parent, Field::Property)));  // require("m").name
    parent = path.up(2);
  }
  if (is(parent, NodeType::VariableDeclarator)) {
    const TSNode name = child(parent, Field::Name);
    if (is(name, NodeType::Identifier)) {
      out.push_back(member.empty() ? aliased(base, text(name)) : named(base, member, text(name)));
      return;
    }
    if (is(name, NodeType::ObjectPattern) && member.empty()) {
      read_specifiers(name, base, out);
      return;
    }
  }
  if (is(parent, NodeType::AssignmentExpression) && member.empty()) {
    const std::string_view left = text(child(parent, Field::Left));
    base.reexport = true;
    if (left == "module.exports") {
      out.push_back(named(base, "*", "*"));
      return;
    }
    if (const std::string_view exported = exported_name(left); !exported.empty()) {
      out.push_back(aliased(base, exported));
      return;
    }
    base.reexport = false;
  }
  out.push_back(std::move(base));
}

void FactReader::read_dynamic_import(TSNode call, ScopeIndex scope, std::vector<Import>& out) const {
  Import import;
  import.scope = scope;
  import.line = line_of(ts_node_start_point(call));
  import.module = string_value(ts_node_named_child(child(call, Field::Arguments), 0));
  out.push_back(std::move(import));
}

void FactReader::read_commonjs_export(TSNode assignment, std::vector<Import>& out) const {
  const std::string_view left = text(child(assignment, Field::Left));
  const TSNode right = child(assignment, Field::Right);
  Import base;
  base.line = line_of(ts_node_start_point(assignment));
  base.reexport = true;
  if (left == "module.exports") {
    if (is(right, NodeType::Identifier)) {
      out.push_back(named(base, text(right), "module.exports"));
    } else if (is(right, NodeType::Object)) {
      const std::uint32_t count = ts_node_named_child_count(right);
      for (std::uint32_t i = 0; i < count; ++i) {
        const TSNode item = ts_node_named_child(right, i);
        if (is(item, NodeType::ShorthandPropertyIdentifier)) {
          out.push_back(named(base, text(item), text(item)));
        } else if (is(item, NodeType::Pair) && is(child(item, Field::Value), NodeType::Identifier)) {
          out.push_back(named(base, text(child(item, Field::Value)), text(child(item, Field::Key))));
        }
      }
    }
    return;
  }
  if (const std::string_view exported = exported_name(left); !exported.empty() && is(right, NodeType::Identifier)) {
    out.push_back(named(base, text(right), exported));
  }
}

std::string FactReader::string_value(TSNode node) const {
  if (!is(node, NodeType::String)) return {};
  std::string value;
  const std::uint32_t count = ts_node_named_child_count(node);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode part = ts_node_named_child(node, i);
    if (is(part, NodeType::StringFragment)) value += text(part);
  }
  return value;
}

Import FactReader::named(const Import& base, std::string_view name, std::string_view alias) {
  Import import = base;
  import.name = std::string(name);
  import.alias = std::string(alias);
  import.is_from = true;
  return import;
}

Import FactReader::aliased(const Import& base, std::string_view alias) {
  Import import = base;
  import.alias = std::string(alias);
  return import;
}

void FactReader::read_specifiers(TSNode list, const Import& base, std::vector<Import>& out) const {
  const std::uint32_t count = ts_node_named_child_count(list);
  for (std::uint32_t i = 0; i < count; ++i) {
    const TSNode item = ts_node_named_child(list, i);
    const NodeType t = type(item);
    if (t == NodeType::ImportSpecifier || t == NodeType::ExportSpecifier) {
      const std::string_view name = text(child(item, Field::Name));
      const TSNode alias = child(item, Field::Alias);
      out.push_back(named(base, name, ts_node_is_null(alias) ? name : text(alias)));
    } else if (t == NodeType::ShorthandPropertyIdentifierPattern) {
      out.push_back(named(base, text(item), text(item)));
    } else if (t == NodeType::PairPattern && is(child(item, Field::Value), NodeType::Identifier)) {
      out.push_back(named(base, text(child(item, Field::Key)), text(child(item, Field::Value))));
    }
  }
}

}  // namespace trellis::ingest::typescript
