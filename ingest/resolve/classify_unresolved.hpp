#pragma once
// Why a call site resolved to nothing, the same way for every language: from
// the shape of the callee as written and from whether the resolver can
// evaluate its parts. Only unresolved sites are classified, so the extra
// evaluations cost nothing on the sites that resolve.

#include <span>

#include "trellis/ingest/file_facts.hpp"
#include "trellis/store/unresolved_reason.hpp"

namespace trellis::ingest::resolve {

// `evaluates(prefix)`: whether the resolver gives the chain's first
// prefix.size() links a value (anything: a module, a class, an instance, an
// external). Called at most twice.
template <class Evaluates>
UnresolvedReason classify_unresolved(std::span<const Link> callee, Evaluates&& evaluates) {
  if (callee.empty()) return UnresolvedReason::DynamicCallee;
  for (const Link& link : callee) {
    if (link.kind == Link::Kind::Opaque) return UnresolvedReason::DynamicCallee;
  }
  const Link& last = callee.back();
  if (last.kind != Link::Kind::Name && last.kind != Link::Kind::Attribute) return UnresolvedReason::DynamicCallee;
  if (callee.size() == 1) {
    return evaluates(callee) ? UnresolvedReason::NotCallable : UnresolvedReason::UnknownName;
  }
  if (!evaluates(callee.first(callee.size() - 1))) return UnresolvedReason::UnknownReceiver;
  return evaluates(callee) ? UnresolvedReason::NotCallable : UnresolvedReason::NoSuchMember;
}

}  // namespace trellis::ingest::resolve
