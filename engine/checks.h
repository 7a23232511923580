// Invariant checks: BUHO_ASSERT(condition) in the engine's hot paths. On in Debug builds (NDEBUG not
// defined) and in any build configured with BUHO_CHECKS (CMake sets it with BUHO_SANITIZE); compiled out
// in Release, where the condition is not evaluated, so the benchmarks pay nothing. A failing check
// prints file, line and the condition, then aborts: a broken invariant means every count after it is
// worthless, so there is nothing to recover.
#pragma once

#include <cstdio>
#include <cstdlib>

#if !defined(NDEBUG) || defined(BUHO_CHECKS)
#define BUHO_CHECKS_ENABLED 1
#else
#define BUHO_CHECKS_ENABLED 0
#endif

namespace buho {

[[noreturn]] inline void invariant_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: engine invariant violated: %s\n", file, line, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace buho

#if BUHO_CHECKS_ENABLED
#define BUHO_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::buho::invariant_failed(#condition, __FILE__, __LINE__))
#else
// Not evaluated; sizeof keeps the names it mentions "used", so Release builds warn about nothing.
#define BUHO_ASSERT(condition) static_cast<void>(sizeof(!(condition)))
#endif
