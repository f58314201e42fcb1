// What every operator of one running query shares: the store, the options,
// the parameters' deadline and cancel flag, and the count of rows held in
// memory. tick() and charge() are the query's bounds: they throw
// RuntimeError (TIMEOUT, INVALID_ARGUMENT) when a bound is crossed or the
// query is cancelled.
#pragma once

#include <algorithm>

#include <chrono>
#include <cstdint>

#include <fmt/format.h>

#include "executor/runtime_error.hpp"
#include "trellis/cypher/cypher_engine.hpp"
#include "trellis/store/graph_store.hpp"

namespace trellis::cypher {

struct Row {
  std::vector<Value> slots;
  // How many identical rows this one stands for (a counted expansion
  // multiplies it instead of repeating the row); only aggregation reads it.
  std::int64_t weight = 1;
};

class ExecContext {
 public:
  ExecContext(const GraphStore& store, const CypherOptions& options, bool profile)
      : store_(store), options_(options), profile_(profile),
        deadline_(std::chrono::steady_clock::now() + options.timeout) {}

  const GraphStore& store() const { return store_; }
  const CypherOptions& options() const { return options_; }
  bool profile() const { return profile_; }

  // Called once per row or candidate; looks at the clock and the cancel
  // flag every 1024 calls.
  void tick() {
    if ((++ticks_ & 0x3FFu) == 0) check_deadline();
  }
  void check_deadline() const {
    if (must_stop()) fail_stopped();
  }
  // Whether the query is cancelled or past its deadline. Thread-safe: loops
  // on TBB's workers poll it per block and leave the throwing to
  // fail_stopped() on the query's own thread.
  bool must_stop() const { return cancelled() || std::chrono::steady_clock::now() > deadline_; }
  // Throws the TIMEOUT error of a query that must_stop().
  [[noreturn]] void fail_stopped() const {
    if (cancelled()) fail(ErrorCode::Timeout, "The query was cancelled");
    fail(ErrorCode::Timeout, fmt::format("The query ran longer than its timeout of {} ms", options_.timeout.count()));
  }
  // The rows held now, and back to a count held before (an attempt whose
  // rows were all dropped).
  std::size_t held() const { return held_; }
  void release_to(std::size_t held) { held_ = std::min(held_, held); }
  // `rows` more rows (or list items) held in memory by an operator.
  void charge(std::size_t rows) {
    held_ += rows;
    if (held_ > options_.max_intermediate_rows) {
      fail(ErrorCode::InvalidArgument,
           fmt::format("The query holds more than {} intermediate rows; narrow the pattern or add a LIMIT",
                       options_.max_intermediate_rows));
    }
  }

 private:
  bool cancelled() const { return options_.cancel != nullptr && options_.cancel->load(std::memory_order_relaxed); }

  const GraphStore& store_;
  const CypherOptions& options_;
  bool profile_;
  std::chrono::steady_clock::time_point deadline_;
  std::uint32_t ticks_ = 0;
  std::size_t held_ = 0;
};

}  // namespace trellis::cypher
