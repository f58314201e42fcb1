#include "trellis/ingest/graph_writer.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "trellis/search/previous_search_index.hpp"
#include "trellis/search/word_split.hpp"
#include "trellis/store/node_id.hpp"

namespace trellis::ingest {
namespace {

struct Columns {
  std::size_t file_path, line_start, line_end, byte_start, byte_end, language;
};

Columns code_columns(Label label) {
  return {*property_index(label, "file_path"), *property_index(label, "line_start"),
          *property_index(label, "line_end"),  *property_index(label, "byte_start"),
          *property_index(label, "byte_end"),  *property_index(label, "language")};
}

// The columns a definition of one label fills, looked up once per graph.
struct DefinitionColumns {
  Columns code;
  std::size_t decorators, docstring;
  std::optional<std::size_t> base_classes, is_abstract, is_async, class_name, complexity;
};

DefinitionColumns definition_columns(Label label) {
  return {code_columns(label), *property_index(label, "decorators"), *property_index(label, "docstring"),
          property_index(label, "base_classes"), property_index(label, "is_abstract"),
          property_index(label, "is_async"), property_index(label, "class_name"),
          property_index(label, "complexity")};
}

// A string set on many nodes or edges, interned at its first use (where a
// plain set_string would intern it) and by id after.
class InternedOnce {
 public:
  StringId get(GraphBuilder& builder, std::string_view text) {
    if (!id_) id_ = builder.intern(text);
    return *id_;
  }

 private:
  std::optional<StringId> id_;
};

std::int32_t to_int(std::uint32_t value) { return static_cast<std::int32_t>(value); }

class Writer {
 public:
  Writer(const ProgramGraph& program, const GraphWriteOptions& options)
      : program_(program), full_text_(options.full_text), options_(options) {
    for (const Label label : {Label::Class, Label::Interface, Label::Function, Label::Method}) {
      definition_columns_[index_of(label)] = definition_columns(label);
    }
  }

  Result<WrittenGraph> write() {
    for (const DetachedMember& detached : program_.detached_members) detached_.insert(detached.member);
    auto project = builder_.add_node(Label::Project, program_.project_name, program_.project_name);
    if (!project.ok()) return project.error();
    project_ = *project;
    builder_.set_string(project_, *property_index(Label::Project, "path"), program_.project_path);

    if (auto status = write_packages(); !status.ok()) return status.error();
    if (auto status = write_modules(); !status.ok()) return status.error();
    if (full_text_) write_search();
    write_edges();
    auto built = std::move(builder_).build();
    if (!built.ok()) return built.error();
    return WrittenGraph{std::move(built).value(), merged_, reused_};
  }

 private:
  Status contain(Result<BuildId> node, BuildId& out) {
    if (!node.ok()) return node.error();
    out = *node;
    builder_.add_edge(RelType::Contains, project_, out);
    return {};
  }

  Status write_packages() {
    packages_.resize(program_.packages.size());
    for (std::size_t p = 0; p < program_.packages.size(); ++p) {
      const PackageEntry& entry = program_.packages[p];
      if (auto s = contain(builder_.add_node(Label::Package, entry.qualified_name, entry.name), packages_[p]); !s.ok()) {
        return s;
      }
      builder_.set_string(packages_[p], *property_index(Label::Package, "path"), entry.relative_path);
    }
    for (std::size_t p = 0; p < program_.packages.size(); ++p) {
      const std::uint32_t parent = program_.packages[p].parent;
      if (parent != kNone) builder_.add_edge(RelType::Contains, packages_[parent], packages_[p]);
    }
    return {};
  }

  Status write_modules() {
    const Columns module_columns = code_columns(Label::Module);
    const std::size_t path_column = *property_index(Label::Module, "path");
    const std::size_t extension_column = *property_index(Label::Module, "extension");
    const std::size_t has_all_column = *property_index(Label::Module, "has_all");
    const std::size_t all_names_column = *property_index(Label::Module, "all_names");
    definitions_.resize(program_.files.size());
    modules_.resize(program_.files.size());
    module_names_.resize(program_.files.size());
    for (std::uint32_t f = 0; f < program_.files.size(); ++f) {
      const FileFacts& facts = program_.files[f];
      FileStrings file{facts, {}, {}};
      const ModuleEntry& entry = program_.modules[f];
      module_names_[f] = entry.qualified_name;
      auto node = builder_.add_node(Label::Module, entry.qualified_name, entry.name);
      if (!node.ok()) {
        // Two files with one module name (a.js beside a/index.js, a.py beside
        // a/__init__.py): the first keeps it, a later one is named by its
        // whole path (a.index.js) so that no file is lost. Should even that
        // name be taken, its definitions join the first module's.
        std::string by_path = facts.relative_path;
        std::replace(by_path.begin(), by_path.end(), '/', '.');
        node = builder_.add_node(Label::Module, by_path, entry.name);
        if (node.ok()) module_names_[f] = std::move(by_path);
      }
      if (!node.ok()) {
        modules_[f] = *builder_.find(Label::Module, entry.qualified_name);
        merged_modules_.push_back(modules_[f]);
        ++merged_;
      } else if (auto s = contain(std::move(node), modules_[f]); !s.ok()) {
        return s;
      } else {
        set_code(modules_[f], module_columns, file, {1, facts.line_count, 0, facts.byte_count});
        builder_.set_string_id(modules_[f], path_column, file.path.get(builder_, facts.relative_path));
        const auto dot = facts.relative_path.rfind('.');
        if (dot != std::string::npos) builder_.set_string(modules_[f], extension_column, facts.relative_path.substr(dot));
        builder_.set_bool(modules_[f], has_all_column, facts.has_all);
        for (const std::string& name : facts.all_names) builder_.add_list_item(modules_[f], all_names_column, name);
        if (entry.package != kNone) builder_.add_edge(RelType::Contains, packages_[entry.package], modules_[f]);
        if (full_text_) named_.push_back({modules_[f], f, Label::Module, entry.name});
      }
      if (auto s = write_definitions(f, file); !s.ok()) return s;
    }
    return {};
  }

  // One file's path and language, each interned once.
  struct FileStrings {
    const FileFacts& facts;
    InternedOnce path;
    InternedOnce language;
  };

  void set_code(BuildId node, const Columns& c, FileStrings& file, SourceSpan span) {
    builder_.set_string_id(node, c.file_path, file.path.get(builder_, file.facts.relative_path));
    builder_.set_int(node, c.line_start, to_int(span.line_start));
    builder_.set_int(node, c.line_end, to_int(span.line_end));
    builder_.set_int(node, c.byte_start, to_int(span.byte_start));
    builder_.set_int(node, c.byte_end, to_int(span.byte_end));
    builder_.set_string_id(node, c.language, file.language.get(builder_, file.facts.language));
  }

  Status write_definitions(std::uint32_t f, FileStrings& file) {
    const FileFacts& facts = program_.files[f];
    auto& ids = definitions_[f];
    ids.resize(facts.definitions.size());
    const std::string& module_name = module_names_[f];
    const bool named = f < program_.qualified_names.size() && !program_.qualified_names[f].empty();
    // The resolver's names, else each definition's parent's name and its own.
    std::vector<std::string> built(named ? 0 : facts.definitions.size());
    const auto qualified = [&](ScopeIndex d) -> const std::string& {
      return named ? program_.qualified_names[f][d] : built[d];
    };
    for (ScopeIndex d = 0; d < facts.definitions.size(); ++d) {
      const Definition& definition = facts.definitions[d];
      if (!named) {
        const std::string& parent_name = definition.parent == kModuleScope ? module_name : built[definition.parent];
        built[d] = parent_name + "." + definition.name;
      }
      const Label label = definition.label;
      auto node = builder_.find_or_add_node(label, qualified(d), definition.name);
      if (!node.ok()) return node.error();
      ids[d] = node->first;
      const DefinitionColumns& columns = *definition_columns_[index_of(label)];
      if (!node->second) {
        ++merged_;  // a redefinition (or a property setter) joins the first
        merged_definitions_.push_back({ids[d], definition.name});
        // A declaration's node moves to the first definition that joins it.
        if (const auto declared = declared_only_.find(ids[d]); declared != declared_only_.end() && !definition.is_declaration) {
          if (full_text_) named_[declared->second].file = f;
          declared_only_.erase(declared);
          locate(ids[d], columns, file, f, d);
        }
        continue;
      }
      builder_.add_edge(RelType::Contains, project_, ids[d]);
      if (definition.is_declaration) declared_only_.emplace(ids[d], named_.size());
      if (full_text_) named_.push_back({ids[d], f, label, definition.name});
      locate(ids[d], columns, file, f, d);
      for (const std::string& decorator : definition.decorators) builder_.add_list_item(ids[d], columns.decorators, decorator);
      if (!definition.docstring.empty()) builder_.set_string(ids[d], columns.docstring, definition.docstring);
      if (label == Label::Class) {
        for (const std::string& base : definition.base_texts) builder_.add_list_item(ids[d], *columns.base_classes, base);
        if (definition.is_abstract) builder_.set_bool(ids[d], *columns.is_abstract, true);
      } else if (label == Label::Function || label == Label::Method) {
        builder_.set_bool(ids[d], *columns.is_async, definition.is_async);
      }
      if (label == Label::Method && definition.parent != kModuleScope) {
        builder_.set_string(ids[d], *columns.class_name, facts.definitions[definition.parent].name);
      } else if (label == Label::Method && !definition.qualifier.empty()) {
        builder_.set_string(ids[d], *columns.class_name, definition.qualifier);  // a Go method: its receiver's type
      }
      if (detached_.contains(ScopeRef{f, d})) continue;  // DEFINES from its type, in write_edges
      const BuildId owner = definition.parent == kModuleScope ? modules_[f] : ids[definition.parent];
      builder_.add_edge(RelType::Defines, owner, ids[d]);
      defined_.insert(ids[d]);
    }
    return {};
  }

  // Where definition d of file f is: its file, lines, bytes, body and complexity.
  void locate(BuildId node, const DefinitionColumns& columns, FileStrings& file, std::uint32_t f, ScopeIndex d) {
    const FileFacts& facts = program_.files[f];
    const Definition& definition = facts.definitions[d];
    if (d < facts.search_terms.body_hashes.size()) builder_.set_body_hash(node, facts.search_terms.body_hashes[d]);
    set_code(node, columns.code, file, definition.span);
    if (definition.label == Label::Function || definition.label == Label::Method) {
      builder_.set_int(node, *columns.complexity, to_int(definition.complexity));
    }
  }

  // The full-text words of every definition and module: from the previous
  // index for a node whose words all come from unchanged files and that the
  // previous index knows by its stable id, else from the names and the
  // files' words.
  void write_search() {
    std::vector<std::uint8_t> fresh(builder_.node_count(), options_.previous_search == nullptr ? 1 : 0);
    for (std::uint32_t f = 0; f < program_.files.size(); ++f) {
      const bool changed = f >= options_.changed.size() || options_.changed[f] != 0;
      if (!changed) continue;
      fresh[modules_[f]] = 1;
      for (const BuildId node : definitions_[f]) fresh[node] = 1;
    }
    // A node that a file changed or gone since defined may hold that file's
    // words of then: indexed afresh. Its words may come from several files
    // (a redefinition, a partial class), so a node of unchanged files is
    // fresh when a departed definition had its label and name (any node
    // such a definition joined has them). A module two files share is
    // always fresh.
    for (const BuildId node : merged_modules_) fresh[node] = 1;
    const auto departed = [&](Label label, std::string_view name) {
      return std::binary_search(options_.departed.begin(), options_.departed.end(), DepartedDefinition{label, name});
    };
    for (const auto& [node, name] : merged_definitions_) {
      if (departed(builder_.label(node), name)) fresh[node] = 1;
    }
    for (const NamedNode& named : named_) {
      const std::string_view qualified_name = builder_.qualified_name(named.node);
      if (fresh[named.node] == 0 && departed(named.label, named.name)) fresh[named.node] = 1;
      if (fresh[named.node] == 0) {
        const std::string& path = program_.files[named.file].relative_path;
        const auto old = options_.previous_search->find(node_id_key(named.label, path, qualified_name));
        if (old) {
          builder_.reuse_search_terms(named.node, *options_.previous_search, *old);
          ++reused_;
          continue;
        }
        fresh[named.node] = 1;
      }
      add_name_words(named.node, named.name, qualified_name);
    }
    if (options_.previous_search == nullptr) {
      // Every file's terms are added.
      std::size_t terms = 0;
      for (const FileFacts& facts : program_.files) terms += facts.all_search_terms().terms.size();
      builder_.reserve_search_terms(terms);
    }
    for (std::uint32_t f = 0; f < program_.files.size(); ++f) write_search_terms(f, fresh);
  }

  // The name and path fields of full-text search: the words of the name,
  // and those of the qualified name before it (search/word_split.hpp).
  void add_name_words(BuildId node, std::string_view name, std::string_view qualified_name) {
    search::for_each_word(name, [&](std::string_view word) {
      builder_.add_search_term(node, builder_.intern_search_word(word), search::SearchField::Name);
    });
    std::string_view path = qualified_name;
    if (qualified_name.size() > name.size() && qualified_name.ends_with(name)) {
      path = qualified_name.substr(0, qualified_name.size() - name.size());
    } else if (qualified_name == name) {
      return;
    }
    for (const std::uint32_t word : path_words(path)) builder_.add_search_term(node, word, search::SearchField::Path);
  }

  // The interned words of a qualified name's path, split once: every member
  // of a type or package repeats the same long path
  // (`github.com/caddyserver/caddy/v2/modules/caddyhttp.Server.`).
  const std::vector<std::uint32_t>& path_words(std::string_view path) {
    if (const auto known = path_words_.find(path); known != path_words_.end()) return known->second;
    std::vector<std::uint32_t>& words = path_words_[std::string(path)];
    search::for_each_word(path, [&](std::string_view word) { words.push_back(builder_.intern_search_word(word)); });
    return words;
  }

  // The file's other full-text words, per definition and for its module
  // (FileFacts::search_terms); a merged definition's join its first one's.
  void write_search_terms(std::uint32_t f, std::span<const std::uint8_t> fresh) {
    // Whether any of the file's scopes is fresh (and all), before its words are decoded.
    const std::size_t scopes = program_.files[f].definitions.size() + 1;
    std::size_t fresh_scopes = 0;
    for (std::size_t s = 0; s < scopes; ++s) fresh_scopes += fresh[s + 1 == scopes ? modules_[f] : definitions_[f][s]];
    if (fresh_scopes == 0) return;
    const SearchTerms& terms = program_.files[f].all_search_terms();
    if (terms.scope_offsets.size() != scopes + 1) return;
    // Every word when every scope is fresh; else only the fresh scopes'
    // words, on first use (kNoWord until then).
    constexpr std::uint32_t kNoWord = ~std::uint32_t{0};
    std::vector<std::uint32_t> words(terms.words.size(), kNoWord);
    if (fresh_scopes == scopes) {
      for (std::size_t w = 0; w < words.size(); ++w) words[w] = builder_.intern_search_word(terms.words[w]);
    }
    for (std::size_t s = 0; s < scopes; ++s) {
      const BuildId node = s + 1 == scopes ? modules_[f] : definitions_[f][s];
      if (fresh[node] == 0) continue;
      for (std::uint32_t t = terms.scope_offsets[s]; t < terms.scope_offsets[s + 1]; ++t) {
        const ScopeTerm& term = terms.terms[t];
        std::uint32_t& word = words[term.word];
        if (word == kNoWord) word = builder_.intern_search_word(terms.words[term.word]);
        builder_.add_search_term(node, word, term.field, term.count);
      }
    }
  }

  BuildId node_of(ScopeRef ref) const {
    return ref.def == kModuleScope ? modules_[ref.file] : definitions_[ref.file][ref.def];
  }

  void write_edges() {
    std::vector<BuildId> externals(program_.external_packages.size());
    for (std::size_t e = 0; e < externals.size(); ++e) {
      const std::string& name = program_.external_packages[e];
      if (const auto existing = builder_.find(Label::ExternalPackage, name)) {
        externals[e] = *existing;
      } else {
        externals[e] = *builder_.add_node(Label::ExternalPackage, name, name);
      }
    }
    for (const ImportEdge& edge : program_.imports) {
      const BuildId target = edge.target_file != kNone ? modules_[edge.target_file] : externals[edge.target_external];
      builder_.add_edge(RelType::Imports, modules_[edge.file], target);
    }
    for (const DetachedMember& detached : program_.detached_members) {
      // Once: a member declared in its type's body has its DEFINES already.
      if (defined_.insert(node_of(detached.member)).second) {
        builder_.add_edge(RelType::Defines, node_of(detached.owner), node_of(detached.member));
      }
    }
    for (const InheritsEdge& edge : program_.inherits) {
      builder_.add_edge(RelType::Inherits, node_of(edge.derived), node_of(edge.base));
    }
    for (const InheritsEdge& edge : program_.implements) {
      builder_.add_edge(RelType::Implements, node_of(edge.derived), node_of(edge.base));
    }
    const std::size_t call_type = *property_index(RelType::Calls, "call_type");
    const std::size_t line = *property_index(RelType::Calls, "line");
    std::array<InternedOnce, static_cast<std::size_t>(CallType::Constructor) + 1> call_types;
    for (const CallEdge& call : program_.calls) {
      const auto edge = builder_.add_edge(RelType::Calls, node_of(call.caller), node_of(call.callee));
      builder_.set_edge_string_id(RelType::Calls, edge, call_type,
                                  call_types.at(static_cast<std::size_t>(call.call_type))
                                      .get(builder_, to_string(call.call_type)));
      builder_.set_edge_int(RelType::Calls, edge, line, to_int(call.line));
    }
    for (const UnresolvedCall& call : program_.unresolved_calls) {
      builder_.add_unresolved_call(node_of(call.caller), call.text, to_int(call.line), call.reason);
    }
    const std::size_t reexported_names = *property_index(Label::Module, "reexported_names");
    const std::size_t reexported_from = *property_index(Label::Module, "reexported_from");
    for (const ReExport& reexport : program_.reexports) {
      const BuildId module = modules_[reexport.module];
      builder_.add_list_item(module, reexported_names, reexport.name);
      builder_.add_list_item(module, reexported_from, builder_.qualified_name(node_of(reexport.target)));
    }
  }

  // A definition or module as full-text search names it.
  struct NamedNode {
    BuildId node;
    std::uint32_t file;  // where it is defined
    Label label;
    std::string_view name;  // its qualified name is the builder's
  };

  const ProgramGraph& program_;
  bool full_text_;
  const GraphWriteOptions& options_;
  std::vector<NamedNode> named_;          // every node created for a definition or module
  std::vector<BuildId> merged_modules_;    // modules a same-named module joined
  // Nodes a redefinition (or a partial class, a property setter) joined,
  // with that definition's name.
  std::vector<std::pair<BuildId, std::string_view>> merged_definitions_;
  GraphBuilder builder_;
  BuildId project_ = 0;
  std::vector<BuildId> packages_;
  std::vector<BuildId> modules_;
  std::vector<std::vector<BuildId>> definitions_;
  std::array<std::optional<DefinitionColumns>, kLabelCount> definition_columns_;
  std::size_t merged_ = 0;
  std::size_t reused_ = 0;
  std::vector<std::string> module_names_;  // [file]: its Module's qualified name
  std::set<ScopeRef> detached_;             // members whose DEFINES comes from their type
  std::unordered_set<BuildId> defined_;     // nodes with a DEFINES edge
  // Nodes only declarations made so far, with their index in named_.
  std::unordered_map<BuildId, std::size_t> declared_only_;
  // See path_words(); looked up by a view of the path, without copying it.
  struct PathHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view path) const { return std::hash<std::string_view>{}(path); }
  };
  std::unordered_map<std::string, std::vector<std::uint32_t>, PathHash, std::equal_to<>> path_words_;
};

}  // namespace

Result<WrittenGraph> write_graph(const ProgramGraph& program, const GraphWriteOptions& options) {
  return Writer(program, options).write();
}

}  // namespace trellis::ingest
