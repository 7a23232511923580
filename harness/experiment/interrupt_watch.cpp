#include "harness/experiment/interrupt_watch.h"

#include <pthread.h>
#include <signal.h>

#include <ctime>

namespace harness {

namespace {

sigset_t interrupt_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

InterruptWatch::InterruptWatch() {
  const sigset_t set = interrupt_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);  // this thread and every thread it starts from now on
  watcher_ = std::thread([this, set] {
    const timespec tick{0, 200'000'000};  // checks done_ five times a second
    while (!done_.load()) {
      const int sig = sigtimedwait(&set, nullptr, &tick);
      if (done_.load()) return;  // the destructor's wake-up (or a signal as the run ends: the run is over anyway)
      if (sig > 0) {
        interrupted_ = true;
        return;
      }
    }
  });
}

InterruptWatch::~InterruptWatch() {
  done_ = true;
  // Woken now rather than at its next tick: waiting for the tick cost every run up to 0.2 s at its end (0.1 s on
  // average, 4 % of the engine time of a 10^5-cell depth-1 run). The SIGINT goes to the watcher thread alone, which
  // takes it for the end of its watch (done_ is set); a watcher that already ended on a signal discards it.
  pthread_kill(watcher_.native_handle(), SIGINT);
  watcher_.join();
  // A signal that came after the watcher ended is taken now, by its default action: the run is over anyway.
  const sigset_t set = interrupt_signals();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

}  // namespace harness
