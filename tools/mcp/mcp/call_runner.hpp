// Runs tool calls on a worker thread under a time limit, so a query that
// runs too long cannot stall the server: the caller gets nullopt at the
// deadline (and answers TIMEOUT) while the worker finishes the abandoned
// call on its own and is joined when the runner is destroyed; the next
// call gets a fresh worker. Jobs must own (or share) whatever they use.
// One caller thread at a time.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "trellis/queries/traversal_scratch.hpp"

namespace trellis::mcp {

class CallRunner {
 public:
  // A job gets the worker's traversal memory.
  using Job = std::function<std::string(queries::TraversalScratch&)>;

  CallRunner();
  ~CallRunner();
  CallRunner(const CallRunner&) = delete;
  CallRunner& operator=(const CallRunner&) = delete;

  // The job's result, or nullopt when it did not finish within `limit`.
  std::optional<std::string> run(Job job, std::chrono::milliseconds limit);

 private:
  class Worker;
  std::unique_ptr<Worker> worker_;
  std::vector<std::unique_ptr<Worker>> abandoned_;  // finishing a timed-out job
};

}  // namespace trellis::mcp
