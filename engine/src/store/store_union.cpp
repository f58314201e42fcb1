#include "trellis/store/store_union.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <vector>

#include "trellis/search/search_index.hpp"
#include "trellis/search/word_split.hpp"
#include "trellis/store/for_each_edge.hpp"

namespace trellis {
namespace {

// The columns that hold a path relative to the project's root.
bool is_path_column(Label label, std::string_view property) {
  return property == "file_path" || ((label == Label::Module || label == Label::Package) && property == "path");
}

class ProjectCopy {
 public:
  ProjectCopy(GraphBuilder& builder, const ProjectStore& project) : builder_(builder), project_(project),
                                                                   store_(*project.store) {}

  Status copy() {
    auto project_node = builder_.add_node(Label::Project, project_.name, project_.name);
    if (!project_node.ok()) return project_node.error();
    builder_.set_string(*project_node, *property_index(Label::Project, "path"), project_.path);
    ids_.assign(store_.node_count(), kNoNode);
    for (NodeId node = 0; node < store_.node_count(); ++node) {
      if (auto status = copy_node(node, *project_node); !status.ok()) return status;
    }
    copy_edges();
    copy_search_terms();
    return {};
  }

 private:
  static constexpr BuildId kNoNode = ~BuildId{0};

  Status copy_node(NodeId node, BuildId project_node) {
    const Label label = store_.label(node);
    if (label == Label::Project) {
      ids_[node] = project_node;
      return {};
    }
    const std::string qualified_name = store_.qualified_name(node);
    if (label == Label::ExternalPackage) {
      auto shared = builder_.find_or_add_node(label, qualified_name, store_.name(node));
      if (!shared.ok()) return shared.error();
      ids_[node] = shared->first;
      return {};
    }
    auto added = builder_.add_node(label, project_.name + "." + qualified_name, store_.name(node));
    if (!added.ok()) return added.error();
    const BuildId id = *added;
    ids_[node] = id;
    const std::span<const PropertyDef> properties = label_def(label).properties;
    for (std::size_t column = 0; column < properties.size(); ++column) {
      const PropertyValue value = store_.property(node, column);
      if (const auto* number = std::get_if<std::int64_t>(&value)) {
        builder_.set_int(id, column, static_cast<std::int32_t>(*number));
      } else if (const auto* flag = std::get_if<bool>(&value)) {
        builder_.set_bool(id, column, *flag);
      } else if (const auto* text = std::get_if<std::string_view>(&value)) {
        if (is_path_column(label, properties[column].name) && !text->empty()) {
          builder_.set_string(id, column, project_.name + "/" + std::string(*text));
        } else {
          builder_.set_string(id, column, *text);
        }
      } else if (const auto* items = std::get_if<std::vector<std::string_view>>(&value)) {
        for (const std::string_view item : *items) builder_.add_list_item(id, column, item);
      }
    }
    const auto hashes = store_.parts().body_hashes.span();
    if (node < hashes.size() && hashes[node] != 0) builder_.set_body_hash(id, hashes[node]);
    for (const GraphStore::UnresolvedCall& call : store_.unresolved_calls(node)) {
      builder_.add_unresolved_call(id, call.text, call.line, call.reason);
    }
    return {};
  }

  void copy_edges() {
    for_each_edge(store_, [&](RelType type, NodeId source, NodeId target, EdgePos edge) {
      const std::uint32_t copied = builder_.add_edge(type, ids_[source], ids_[target]);
      const std::span<const PropertyDef> properties = rel_type_def(type).properties;
      for (std::size_t column = 0; column < properties.size(); ++column) {
        const PropertyValue value = store_.edge_property(type, edge, column);
        if (const auto* number = std::get_if<std::int64_t>(&value)) {
          builder_.set_edge_int(type, copied, column, static_cast<std::int32_t>(*number));
        } else if (const auto* text = std::get_if<std::string_view>(&value)) {
          builder_.set_edge_string(type, copied, column, *text);
        }
      }
    });
  }

  // Postings term by term, each node's counts field by field; the project's
  // own words join the path field of every node that has words.
  void copy_search_terms() {
    const search::SearchIndex index(store_.parts());
    std::vector<std::uint8_t> has_words(store_.node_count(), 0);
    for (std::uint32_t t = 0; t < index.term_count(); ++t) {
      const std::uint32_t word = builder_.intern_search_word(index.term(t));
      const auto nodes = index.nodes(t);
      const auto counts = index.counts(t);
      for (std::size_t i = 0; i < nodes.size(); ++i) {
        const NodeId node = nodes[i];
        if (node >= ids_.size() || store_.label(node) == Label::Project) continue;
        has_words[node] = 1;
        for (std::size_t f = 0; f < search::kSearchFieldCount; ++f) {
          const auto field = static_cast<search::SearchField>(f);
          if (const std::uint32_t count = search::field_count(counts[i], field); count > 0) {
            builder_.add_search_term(ids_[node], word, field, count);
          }
        }
      }
    }
    std::vector<std::uint32_t> project_words;
    search::for_each_word(project_.name, [&](std::string_view word) {
      project_words.push_back(builder_.intern_search_word(word));
    });
    for (NodeId node = 0; node < store_.node_count(); ++node) {
      if (has_words[node] == 0 || store_.label(node) == Label::ExternalPackage) continue;
      for (const std::uint32_t word : project_words) builder_.add_search_term(ids_[node], word, search::SearchField::Path);
    }
  }

  GraphBuilder& builder_;
  const ProjectStore& project_;
  const GraphStore& store_;
  std::vector<BuildId> ids_;  // ids_[old node] = its node in the union
};

}  // namespace

bool is_project_name(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](unsigned char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
         });
}

Result<BuiltGraph> union_stores(std::span<const ProjectStore> projects) {
  std::set<std::string_view> names;
  for (const ProjectStore& project : projects) {
    if (!is_project_name(project.name)) {
      return make_error(ErrorCode::InvalidArgument,
                        fmt::format("'{}' is not a project name (1 to 64 letters, digits, '_' or '-')", project.name));
    }
    if (!names.insert(project.name).second) {
      return make_error(ErrorCode::InvalidArgument, fmt::format("two projects are named '{}'", project.name));
    }
  }
  GraphBuilder builder;
  for (const ProjectStore& project : projects) {
    if (auto status = ProjectCopy(builder, project).copy(); !status.ok()) return status.error();
  }
  return std::move(builder).build();
}

}  // namespace trellis
