#include "trellis/store/schema.hpp"

namespace trellis {
namespace {

using enum ValueType;

constexpr PropertyDef kProjectProps[] = {{"path", String}};
constexpr PropertyDef kPackageProps[] = {{"path", String}};
constexpr std::span<const PropertyDef> kNoProps{};

// Code nodes share these; they carry a file and a line and byte range so a
// node's source can be found again (ROADMAP: blocks and source text).
#define TRELLIS_CODE_PROPS                                                   \
  {"file_path", String}, {"line_start", Int}, {"line_end", Int},             \
      {"byte_start", Int}, {"byte_end", Int}, {"language", String}

// has_all: the module declares `__all__` (Python); all_names: the names it
// lists (null when it lists none: an empty list reads as null).
// reexported_names: the names the module re-exports (bound by an import,
// made public); reexported_from, parallel: the qualified name of the
// definition or module each stands for.
constexpr PropertyDef kModuleProps[] = {TRELLIS_CODE_PROPS,     {"path", String},
                                        {"extension", String},  {"all_names", StringList},
                                        {"has_all", Bool},      {"reexported_names", StringList},
                                        {"reexported_from", StringList}};
constexpr PropertyDef kInterfaceProps[] = {TRELLIS_CODE_PROPS, {"decorators", StringList},
                                           {"docstring", String}};
constexpr PropertyDef kClassProps[] = {TRELLIS_CODE_PROPS, {"base_classes", StringList},
                                       {"decorators", StringList}, {"docstring", String},
                                       {"is_abstract", Bool}};
// complexity: cyclomatic complexity, 1 + the decision points of the body
// (counted at ingest from the syntax tree).
constexpr PropertyDef kFunctionProps[] = {TRELLIS_CODE_PROPS, {"decorators", StringList},
                                          {"docstring", String}, {"is_async", Bool},
                                          {"complexity", Int}};
constexpr PropertyDef kMethodProps[] = {TRELLIS_CODE_PROPS, {"class_name", String},
                                        {"decorators", StringList}, {"docstring", String},
                                        {"is_async", Bool}, {"complexity", Int}};
#undef TRELLIS_CODE_PROPS

constexpr LabelDef kLabels[kLabelCount] = {
    {Label::Project, "Project", kProjectProps},
    {Label::Package, "Package", kPackageProps},
    {Label::ExternalPackage, "ExternalPackage", kNoProps},
    {Label::Module, "Module", kModuleProps},
    {Label::Interface, "Interface", kInterfaceProps},
    {Label::Class, "Class", kClassProps},
    {Label::Function, "Function", kFunctionProps},
    {Label::Method, "Method", kMethodProps},
};

constexpr PropertyDef kCallsProps[] = {{"call_type", String}, {"line", Int}};

constexpr Label kAllLabels[] = {Label::Project,   Label::Package, Label::ExternalPackage,
                                Label::Module,    Label::Interface, Label::Class,
                                Label::Function,  Label::Method};
constexpr Label kContainers[] = {Label::Project, Label::Package};
// An Interface defines its method signatures; a Method its nested functions.
constexpr Label kDefiners[] = {Label::Module, Label::Interface, Label::Class, Label::Function, Label::Method};
constexpr Label kDefinitions[] = {Label::Class, Label::Interface, Label::Function, Label::Method};
constexpr Label kCallers[] = {Label::Module, Label::Function, Label::Method};
constexpr Label kCallees[] = {Label::Function, Label::Method, Label::Class};
constexpr Label kTypes[] = {Label::Class, Label::Interface};
constexpr Label kClasses[] = {Label::Class};
constexpr Label kInterfaces[] = {Label::Interface};
constexpr Label kModules[] = {Label::Module};
constexpr Label kImportTargets[] = {Label::Module, Label::ExternalPackage};

constexpr RelTypeDef kRelTypes[kRelTypeCount] = {
    {RelType::Contains, "CONTAINS", kNoProps, kContainers, kAllLabels},
    {RelType::Defines, "DEFINES", kNoProps, kDefiners, kDefinitions},
    {RelType::Calls, "CALLS", kCallsProps, kCallers, kCallees},
    {RelType::Inherits, "INHERITS", kNoProps, kTypes, kTypes},
    {RelType::Implements, "IMPLEMENTS", kNoProps, kClasses, kInterfaces},
    {RelType::Imports, "IMPORTS", kNoProps, kModules, kImportTargets},
};

std::optional<std::size_t> find_property(std::span<const PropertyDef> props,
                                         std::string_view name) {
  for (std::size_t i = 0; i < props.size(); ++i) {
    if (props[i].name == name) return i;
  }
  return std::nullopt;
}

}  // namespace

const LabelDef& label_def(Label label) { return kLabels[index_of(label)]; }
const RelTypeDef& rel_type_def(RelType type) { return kRelTypes[index_of(type)]; }
std::span<const LabelDef> all_labels() { return kLabels; }
std::span<const RelTypeDef> all_rel_types() { return kRelTypes; }

std::string_view to_string(Label label) { return label_def(label).name; }
std::string_view to_string(RelType type) { return rel_type_def(type).name; }

std::string_view to_string(ValueType type) {
  switch (type) {
    case Int: return "INTEGER";
    case Bool: return "BOOLEAN";
    case String: return "STRING";
    case StringList: return "LIST<STRING>";
  }
  return "UNKNOWN";
}

std::string_view to_string(CallType type) {
  switch (type) {
    case CallType::Direct: return "direct";
    case CallType::Method: return "method";
    case CallType::Constructor: return "constructor";
  }
  return "direct";
}

std::optional<CallType> call_type_from_string(std::string_view text) {
  if (text == "direct") return CallType::Direct;
  if (text == "method") return CallType::Method;
  if (text == "constructor") return CallType::Constructor;
  return std::nullopt;
}

std::optional<Label> label_from_string(std::string_view name) {
  for (const auto& def : kLabels) {
    if (def.name == name) return def.label;
  }
  return std::nullopt;
}

std::optional<RelType> rel_type_from_string(std::string_view name) {
  for (const auto& def : kRelTypes) {
    if (def.name == name) return def.type;
  }
  return std::nullopt;
}

std::optional<std::size_t> property_index(Label label, std::string_view property) {
  return find_property(label_def(label).properties, property);
}

std::optional<std::size_t> property_index(RelType type, std::string_view property) {
  return find_property(rel_type_def(type).properties, property);
}

}  // namespace trellis
