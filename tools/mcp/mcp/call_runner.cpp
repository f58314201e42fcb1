#include "mcp/call_runner.hpp"

namespace trellis::mcp {

class CallRunner::Worker {
 public:
  Worker() : thread_([this] { loop(); }) {}
  ~Worker() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  std::future<std::string> submit(Job job) {
    std::packaged_task<std::string(queries::TraversalScratch&)> task(std::move(job));
    auto result = task.get_future();
    {
      std::lock_guard lock(mutex_);
      task_ = std::move(task);
      has_task_ = true;
    }
    wake_.notify_one();
    return result;
  }

  bool idle() {
    std::lock_guard lock(mutex_);
    return !has_task_ && !busy_;
  }

 private:
  void loop() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [this] { return has_task_ || stopping_; });
      if (!has_task_) return;
      auto task = std::move(task_);
      has_task_ = false;
      busy_ = true;
      lock.unlock();
      task(scratch_);
      lock.lock();
      busy_ = false;
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::packaged_task<std::string(queries::TraversalScratch&)> task_;
  bool has_task_ = false;
  bool busy_ = false;
  bool stopping_ = false;
  queries::TraversalScratch scratch_;  // the worker thread's alone
  std::thread thread_;                 // last: starts once the members above exist
};

CallRunner::CallRunner() = default;
CallRunner::~CallRunner() = default;  // workers finish their job, then join

std::optional<std::string> CallRunner::run(Job job, std::chrono::milliseconds limit) {
  std::erase_if(abandoned_, [](const std::unique_ptr<Worker>& w) { return w->idle(); });
  if (worker_ == nullptr) worker_ = std::make_unique<Worker>();
  auto result = worker_->submit(std::move(job));
  if (result.wait_for(limit) == std::future_status::ready) return result.get();
  abandoned_.push_back(std::move(worker_));
  return std::nullopt;
}

}  // namespace trellis::mcp
