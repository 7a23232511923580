// A time limit on one search, the way UCI's `go movetime` stops one: a timer thread sets the flag the search polls
// (buho::Limits::stop) once the limit has passed. An outer stop (a run's or a match's interrupt) reaches the search
// through the same flag, polled by the timer every 10 ms. No limit: the search polls the outer stop directly and no
// thread starts. Used for a cell's time limit (runner.h) and for a clock's hard limit per move (match/game.h).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace harness {

class StopTimer {
 public:
  // The limit counts from now; `ms` 0 = none.
  StopTimer(std::uint64_t ms, const std::atomic<bool>* outer_stop);
  ~StopTimer() { finish(); }
  StopTimer(const StopTimer&) = delete;
  StopTimer& operator=(const StopTimer&) = delete;

  // The flag to hand the search (Limits::stop).
  const std::atomic<bool>* stop_flag() const { return timer_.joinable() ? &stop_ : outer_stop_; }
  // Ends the timer (the search is over); then whether the limit passed while it ran.
  bool finish();

 private:
  const std::atomic<bool>* outer_stop_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
  bool done_ = false;
  bool expired_ = false;
  std::thread timer_;
};

}  // namespace harness
