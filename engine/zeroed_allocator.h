// An allocator for large tables whose empty state is all zero bytes (the transposition table): memory comes from
// calloc, which for large blocks maps fresh pages the kernel zeroes on first touch, and default-inserting an element
// writes nothing. A 2048K-entry table then costs nothing until the search touches it, where value-initialising a
// std::vector writes all of it at once (64 MB for depth_always: tens of milliseconds of page faults per Engine,
// most of the time of the tests that build hundreds of engines).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace buho {

template <typename T>
struct ZeroedAllocator {
  // Leaving default-inserted elements unwritten is right only for a type whose every field is zero when
  // value-initialised; transposition_table_test checks TTEntry{} is all zero bytes.
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  using value_type = T;

  ZeroedAllocator() = default;
  template <typename U>
  ZeroedAllocator(const ZeroedAllocator<U>&) {}

  // The block starts on a cache line (kAlignment). calloc's large blocks start 16 bytes into a page, so a
  // 64-byte group of slots (bucket4's four 16-byte entries) would always straddle two cache lines and half of
  // the 32-byte two-slot groups would. Over-allocate by a line and a pointer; the pointer calloc returned is
  // kept just before the aligned start, for free().
  static constexpr std::size_t kAlignment = 64;
  T* allocate(std::size_t n) {
    if (n == 0) return nullptr;
    if (n > (std::size_t(-1) - kAlignment - sizeof(void*)) / sizeof(T)) throw std::bad_alloc();
    void* raw = std::calloc(n * sizeof(T) + kAlignment + sizeof(void*), 1);
    if (!raw) throw std::bad_alloc();
    const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(raw) + sizeof(void*);
    const std::uintptr_t aligned = (first + kAlignment - 1) & ~std::uintptr_t(kAlignment - 1);
    std::memcpy(reinterpret_cast<void*>(aligned - sizeof(void*)), &raw, sizeof(void*));
    return reinterpret_cast<T*>(aligned);
  }
  void deallocate(T* p, std::size_t) {
    if (!p) return;
    void* raw;
    std::memcpy(&raw, reinterpret_cast<const char*>(p) - sizeof(void*), sizeof(void*));
    std::free(raw);
  }

  // Default insertion: the calloc'd bytes already are the value-initialised element.
  template <typename U>
  void construct(U*) {}
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }

  template <typename U>
  bool operator==(const ZeroedAllocator<U>&) const { return true; }
};

}  // namespace buho
