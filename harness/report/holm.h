// Holm's step-down correction for a family of tests (Holm 1979, "A simple sequentially rejective multiple test
// procedure"): with the m p-values sorted ascending, the k-th smallest (k = 1..m) is rejected while every one up to it
// is at most alpha / (m - k + 1); the family-wise error rate stays at most alpha, whatever the tests' dependence.
#pragma once

#include <vector>

namespace harness {

// Which of `p` Holm's procedure rejects at family-wise level `alpha`, in the order given.
std::vector<bool> holm_rejects(const std::vector<double>& p, double alpha);

}  // namespace harness
