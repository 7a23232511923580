#include "harness/experiment/stop_timer.h"

#include <algorithm>

namespace harness {

StopTimer::StopTimer(std::uint64_t ms, const std::atomic<bool>* outer_stop) : outer_stop_(outer_stop) {
  if (!ms) return;
  using Clock = std::chrono::steady_clock;
  timer_ = std::thread([this, deadline = Clock::now() + std::chrono::milliseconds(ms)] {
    std::unique_lock lock(mutex_);
    while (!done_) {
      if (outer_stop_ && outer_stop_->load()) break;
      if (Clock::now() >= deadline) {
        expired_ = true;
        break;
      }
      cv_.wait_until(lock, std::min(deadline, Clock::now() + std::chrono::milliseconds(10)));
    }
    if (!done_) stop_ = true;
  });
}

bool StopTimer::finish() {
  if (timer_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    cv_.notify_all();
    timer_.join();
  }
  return expired_;
}

}  // namespace harness
