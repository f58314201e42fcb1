// Errors found while a query runs (a type error in an expression, the
// timeout, the intermediate row cap) unwind the operator tree as a
// RuntimeError; run_cypher catches it and returns its Error as a value, so
// no exception crosses the module's interface.
#pragma once

#include <string>
#include <utility>

#include "trellis/common/error.hpp"

namespace trellis::cypher {

struct RuntimeError {
  Error error;
};

[[noreturn]] inline void fail(ErrorCode code, std::string message) {
  throw RuntimeError{make_error(code, std::move(message))};
}

}  // namespace trellis::cypher
