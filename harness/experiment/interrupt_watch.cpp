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
      if (sig > 0) {
        signal_ = sig;
        interrupted_ = true;
        return;
      }
    }
  });
}

InterruptWatch::~InterruptWatch() {
  done_ = true;
  watcher_.join();
  // A signal that came after the watcher ended is taken now, by its default action: the run is over anyway.
  const sigset_t set = interrupt_signals();
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
}

}  // namespace harness
