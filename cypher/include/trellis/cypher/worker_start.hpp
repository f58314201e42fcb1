// The threads parallel queries run on (batched scans and aggregations),
// started in the background: a command line that loads a snapshot and then
// runs one query creates them while it loads instead of inside its first
// parallel query (thread creation, and a second core woken, were most of
// that query's extra time in a fresh process).
#pragma once

#include <memory>

namespace trellis::cypher {

class WorkerStart {
 public:
  WorkerStart();
  ~WorkerStart();  // waits for the start-up task
  WorkerStart(const WorkerStart&) = delete;
  WorkerStart& operator=(const WorkerStart&) = delete;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace trellis::cypher
