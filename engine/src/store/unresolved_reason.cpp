#include "trellis/store/unresolved_reason.hpp"

#include <array>

namespace trellis {
namespace {

struct ReasonNames {
  std::string_view code;
  std::string_view text;
};

constexpr std::array<ReasonNames, static_cast<std::size_t>(kLastUnresolvedReason) + 1> kNames{{
    {"unknown", "why was not recorded (re-index to know)"},
    {"unknown_name", "nothing by this name is defined, imported or built in there"},
    {"unknown_receiver", "the type of the receiver is not known"},
    {"no_such_member", "the receiver is known but has no such member (set at run time?)"},
    {"dynamic_callee", "the callee is computed (a call's result, an element, an expression)"},
    {"not_callable", "the name holds no function, class or callable object that ingest can see"},
}};

}  // namespace

std::string_view unresolved_reason_code(UnresolvedReason reason) {
  return kNames[static_cast<std::size_t>(reason)].code;
}

std::string_view unresolved_reason_text(UnresolvedReason reason) {
  return kNames[static_cast<std::size_t>(reason)].text;
}

std::optional<UnresolvedReason> unresolved_reason_from_code(std::string_view code) {
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    if (kNames[i].code == code) return static_cast<UnresolvedReason>(i);
  }
  return std::nullopt;
}

}  // namespace trellis
