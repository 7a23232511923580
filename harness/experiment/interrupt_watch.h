// ^C (SIGINT) or SIGTERM during a run: rather than dying mid-line, the run stops its searches, keeps every cell it
// finished, says how many, and says that the same command resumes. While an InterruptWatch lives, the two signals
// are blocked in every thread started after it and a thread of its own waits for them (sigtimedwait), setting
// interrupted(). A second signal after the first ends the process at once (the default action, restored).
#pragma once

#include <atomic>
#include <thread>

namespace harness {

class InterruptWatch {
 public:
  InterruptWatch();
  ~InterruptWatch();
  InterruptWatch(const InterruptWatch&) = delete;
  InterruptWatch& operator=(const InterruptWatch&) = delete;
  const std::atomic<bool>& interrupted() const { return interrupted_; }

 private:
  std::atomic<bool> interrupted_{false};
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

}  // namespace harness
