// A scripted UCI session for the tests: the session writes into a buffer the test reads once the session has carried
// out every command sent (UciSession::wait), split into lines.
#pragma once

#include <mutex>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "harness/uci/uci_session.h"

namespace uci_session_util {

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

inline std::string lines_text(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

inline bool has_line(const std::vector<std::string>& lines, const std::string& prefix) {
  for (const auto& l : lines)
    if (l.rfind(prefix, 0) == 0) return true;
  return false;
}

// A string buffer that the session's search thread and the test may touch at once.
class LockedBuffer : public std::stringbuf {
 public:
  std::string snapshot() {
    std::lock_guard lock(mutex_);
    return str();
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    return std::stringbuf::xsputn(s, n);
  }
  int_type overflow(int_type c) override {
    std::lock_guard lock(mutex_);
    return std::stringbuf::overflow(c);
  }

 private:
  std::recursive_mutex mutex_;  // xsputn calls the overridden overflow with the lock held
};

struct Session {
  LockedBuffer buffer;
  std::ostream out{&buffer};
  harness::UciSession uci{out};
  void send(const std::string& line) { uci.handle(line); }
  std::vector<std::string> lines() {
    uci.wait();
    return lines_of(buffer.snapshot());
  }
};

}  // namespace uci_session_util
