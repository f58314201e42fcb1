// Errors cross module boundaries as values: a Result<T> holds either a T or
// an Error whose code is one of CONTRACT.md's error codes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace trellis {

enum class ErrorCode {
  NodeNotFound,
  AmbiguousName,
  InvalidArgument,
  CypherSyntaxError,
  CypherSemanticError,
  ReadOnly,
  Timeout,
  DatabaseError,
  Internal,
};

// The contract's spelling, e.g. "NODE_NOT_FOUND".
std::string_view to_string(ErrorCode code);

// A place in a query's text, both 1-based (column counts bytes).
struct TextPosition {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};

struct Error {
  ErrorCode code = ErrorCode::Internal;
  std::string message;
  std::vector<std::string> suggestions;  // at most 5, best first
  // Where in the query the error is (CYPHER_SYNTAX_ERROR always, and
  // CYPHER_SEMANTIC_ERROR when it points at a name); printed as the error
  // object's "line" and "column".
  std::optional<TextPosition> position;
};

inline Error make_error(ErrorCode code, std::string message) {
  return Error{code, std::move(message), {}, std::nullopt};
}

// Either a value or an Error. Accessing the wrong alternative is a logic
// error (std::bad_variant_access), never undefined behaviour.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : state_(std::move(error)) {}  // NOLINT

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<0>(state_); }
  const T& value() const& { return std::get<0>(state_); }
  T&& value() && { return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<1>(state_); }
  Error&& take_error() && { return std::get<1>(std::move(state_)); }

 private:
  std::variant<T, Error> state_;
};

// Success or an Error, for operations without a value.
class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const { return *error_; }
  Error&& take_error() && { return std::move(*error_); }

 private:
  std::optional<Error> error_;
};

}  // namespace trellis
