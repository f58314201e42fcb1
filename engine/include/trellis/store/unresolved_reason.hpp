#pragma once
// Why ingest could not resolve a call site, in terms of the callee as
// written (`recv.method(...)`, `name(...)`): the same few reasons for every
// language, so an answer can say what it may miss and why.

#include <cstdint>
#include <optional>
#include <string_view>

namespace trellis {

enum class UnresolvedReason : std::uint8_t {
  Unknown,          // not recorded
  UnknownName,      // `name(...)`: nothing by that name is defined, imported or built in there
  UnknownReceiver,  // `recv.m(...)`: what `recv` holds (its type) is not known
  NoSuchMember,     // `recv.m(...)`: `recv` is known, but has no member `m` ingest can see
  DynamicCallee,    // the callee is computed: a call's result, an element, an expression
  NotCallable,      // the name is known but holds no function, class or callable object
};
inline constexpr UnresolvedReason kLastUnresolvedReason = UnresolvedReason::NotCallable;

// The stable code answers carry ("unknown_receiver").
std::string_view unresolved_reason_code(UnresolvedReason reason);
// One sentence for people ("the receiver's type is not known").
std::string_view unresolved_reason_text(UnresolvedReason reason);
std::optional<UnresolvedReason> unresolved_reason_from_code(std::string_view code);

}  // namespace trellis
