// An allocator for large tables whose empty state is all zero bytes (the transposition table): memory comes from
// calloc or mmap, which map fresh pages the kernel zeroes on first touch, and default-inserting an element
// writes nothing. A 2048K-entry table then costs nothing until the search touches it, where value-initialising a
// std::vector writes all of it at once (64 MB for depth_always: tens of milliseconds of page faults per Engine,
// most of the time of the tests that build hundreds of engines).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sys/mman.h>
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
  // the 32-byte two-slot groups would. A block of kHugePage bytes or more is mapped instead (mmap's pages are
  // zero too), starting on a 2 MB boundary and advised to use transparent huge pages: a table of 64-136 MB
  // probed at random otherwise pays a 4 KB page fault per page first touched and a TLB miss per probe, and pays
  // more the larger its entries (bucket4 measured 6 % of its search time in page faults). Either way a Header
  // just before the start says how to give the block back.
  static constexpr std::size_t kAlignment = 64;
  static constexpr std::size_t kHugePage = std::size_t(2) << 20;
  T* allocate(std::size_t n) {
    if (n == 0) return nullptr;
    if (n > (std::size_t(-1) - kHugePage - kAlignment) / sizeof(T)) throw std::bad_alloc();
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugePage) {
      const std::size_t length = bytes + kHugePage + kAlignment;
      void* base = ::mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (base == MAP_FAILED) throw std::bad_alloc();
      const std::uintptr_t start = round_up(reinterpret_cast<std::uintptr_t>(base) + kAlignment, kHugePage);
      ::madvise(reinterpret_cast<void*>(start), bytes, MADV_HUGEPAGE);  // advice only: failure changes nothing
      return place(start, Header{base, length});
    }
    void* raw = std::calloc(bytes + 2 * kAlignment, 1);
    if (!raw) throw std::bad_alloc();
    return place(round_up(reinterpret_cast<std::uintptr_t>(raw) + kAlignment, kAlignment), Header{raw, 0});
  }
  void deallocate(T* p, std::size_t) {
    if (!p) return;
    Header h;
    std::memcpy(&h, reinterpret_cast<const char*>(p) - sizeof(Header), sizeof(Header));
    if (h.mapped_length) ::munmap(h.base, h.mapped_length);
    else std::free(h.base);
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

 private:
  struct Header {
    void* base;                 // what calloc or mmap returned
    std::size_t mapped_length;  // mmap's length, 0 for a calloc block
  };
  static_assert(sizeof(Header) <= kAlignment);
  static std::uintptr_t round_up(std::uintptr_t x, std::size_t to) { return (x + to - 1) & ~std::uintptr_t(to - 1); }
  static T* place(std::uintptr_t start, const Header& h) {
    std::memcpy(reinterpret_cast<void*>(start - sizeof(Header)), &h, sizeof(Header));
    return reinterpret_cast<T*>(start);
  }
};

// A fixed-size array in a ZeroedAllocator block: its elements are the block's zero bytes, never written when made or
// destroyed. Rather than std::vector<T, ZeroedAllocator<T>>: the vector default-inserts and destroys element by
// element through the allocator, loops an optimised build deletes but an -O1 sanitizer build runs, over every byte
// of every table (two thirds of the time of a test that builds two hundred engines, under ASan).
template <typename T>
class ZeroedArray {
 public:
  ZeroedArray() = default;
  explicit ZeroedArray(std::size_t n) : data_(ZeroedAllocator<T>().allocate(n)), size_(n) {}
  ZeroedArray(ZeroedArray&& o) noexcept : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  ZeroedArray& operator=(ZeroedArray&& o) noexcept {
    if (this != &o) {
      ZeroedAllocator<T>().deallocate(data_, size_);
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
    }
    return *this;
  }
  ZeroedArray(const ZeroedArray&) = delete;
  ZeroedArray& operator=(const ZeroedArray&) = delete;
  ~ZeroedArray() { ZeroedAllocator<T>().deallocate(data_, size_); }

  T* data() { return data_; }
  const T* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }

 private:
  T* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace buho
