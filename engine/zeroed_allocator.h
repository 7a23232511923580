// An allocator for large tables whose empty state is all zero bytes (the transposition table): memory comes from
// calloc, which for large blocks maps fresh pages the kernel zeroes on first touch, and default-inserting an element
// writes nothing. A 2048K-entry table then costs nothing until the search touches it, where value-initialising a
// std::vector writes all of it at once (64 MB for depth_always: tens of milliseconds of page faults per Engine,
// most of the time of the tests that build hundreds of engines).
#pragma once

#include <cstddef>
#include <cstdlib>
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

  T* allocate(std::size_t n) {
    if (n == 0) return nullptr;
    void* p = std::calloc(n, sizeof(T));
    if (!p) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t) { std::free(p); }

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
