#include "trellis/cypher/worker_start.hpp"

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

namespace trellis::cypher {

struct WorkerStart::Impl {
  tbb::task_group group;
};

WorkerStart::WorkerStart() : impl_(std::make_unique<Impl>()) {
  // A task no thread of ours waits on yet: TBB creates workers to run it,
  // and its loop asks for every one of them.
  impl_->group.run([] {
    const int workers = tbb::this_task_arena::max_concurrency();
    tbb::parallel_for(0, workers, [](int) {}, tbb::simple_partitioner());
  });
}

WorkerStart::~WorkerStart() { impl_->group.wait(); }

}  // namespace trellis::cypher
