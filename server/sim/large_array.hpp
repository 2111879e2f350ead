#pragma once
// Memory for the arrays that grow with a world (its entities, their sort's order, a grid of
// cells): std::vector with an allocator that
//  - places an array of 1 MiB or more in whole 2 MiB pages, from a 2 MiB boundary, and tells
//    whoever asked (set_large_array_advice) about those pages;
//  - staggers every array of 64 KiB or more: it begins a different number of cache lines after
//    its page's boundary (next_stagger()).
//
// Huge pages: a world of 500,000 movers keeps some 60 MB of such arrays and walks them every step; in
// 4 KiB pages that is 15,000 pages, far beyond what the TLB holds, and on a virtual machine every
// miss walks two page tables. The server asks the kernel for huge pages on these ranges
// (app/huge_pages.hpp: madvise, where the kernel leaves transparent huge pages to the program),
// which made a step of 500,000 fireflies a third faster on the two-core machine the benchmarks run
// on. From 1 MiB rather than 2: the float arrays of 500,000 movers are 2,000,000 bytes, just
// under 2 MiB, and rounding them up to one huge page costs 5 %.
//
// Staggering: a step's stages walk six to twelve of these arrays side by side at the same index
// (the reorder after the sort reads five and writes five). Arrays that all begin on a page boundary
// put element i of every one of them in the same set of the first-level cache, which holds eight
// lines a set (Zen 4, and most x86 cores), so the walks evict each other's lines; begun a different
// number of lines in, they spread over 64 sets. By perf at 200,000 fireflies the reorder fell from
// 8.3 % to 6.8 % of a step staggered (README, December); the clock could not see more.
//
// sim/ itself knows nothing of the kernel: without an advice the arrays are merely aligned.
// Nothing here changes a result, only where the bytes lie.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <vector>

namespace meadow::sim {

// What is told about each array in huge pages when it is allocated: the first byte of its pages
// and their length, both multiples of kLargeArrayPage.
using LargeArrayAdvice = void (*)(void* data, std::size_t bytes);
// Installs the advice for arrays allocated from now on (nullptr: none). Set once at start.
void set_large_array_advice(LargeArrayAdvice advice);
[[nodiscard]] LargeArrayAdvice large_array_advice();

// The size of a huge page on x86-64 and most ARM64 kernels (bytes).
inline constexpr std::size_t kLargeArrayPage = std::size_t{2} << 20U;
// Arrays from this size on are in huge pages (bytes).
inline constexpr std::size_t kHugePagesFrom = kLargeArrayPage / 2;
// Arrays from this size on are staggered (bytes), in ordinary pages below kHugePagesFrom.
inline constexpr std::size_t kStaggeredFrom = std::size_t{64} << 10U;
inline constexpr std::size_t kSmallPage = 4096;
// How far past its page boundary the next staggered array begins (bytes): a multiple of 64 (a
// cache line; so every alignment a vector needs is kept) below kSmallPage, different for each of
// 64 arrays allocated in a row. Thread-safe.
[[nodiscard]] std::size_t next_stagger();

template <typename T>
struct LargeArrayAllocator {
  using value_type = T;
  static_assert(alignof(T) <= 64, "a staggered array keeps alignment to a cache line only");

  LargeArrayAllocator() = default;
  template <typename U>
  explicit(false) LargeArrayAllocator(const LargeArrayAllocator<U>& /*other*/) {}

  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > max_size()) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kStaggeredFrom) return static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}));
    const std::size_t offset = next_stagger();
    const std::size_t page = page_for(bytes);
    const std::size_t whole = round_up(bytes + offset, page);
    void* p = std::aligned_alloc(page, whole);
    if (p == nullptr) throw std::bad_alloc();
    if (page == kLargeArrayPage) {
      if (const LargeArrayAdvice advice = large_array_advice(); advice != nullptr) advice(p, whole);
    }
    return reinterpret_cast<T*>(static_cast<std::byte*>(p) + offset);
  }
  // The same n as allocate() was given, so the same choice of where it came from.
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes < kStaggeredFrom) {
      ::operator delete(p, std::align_val_t{alignof(T)});
      return;
    }
    // The allocation began at the page boundary below the array (the stagger is under a page).
    const auto address = reinterpret_cast<std::uintptr_t>(p);
    std::free(reinterpret_cast<void*>(address - address % page_for(bytes)));
  }

  [[nodiscard]] static constexpr std::size_t max_size() { return (~std::size_t{0} - 2 * kLargeArrayPage) / sizeof(T); }
  // The page an array of `bytes` (at least kStaggeredFrom) is allocated in.
  [[nodiscard]] static constexpr std::size_t page_for(std::size_t bytes) {
    return bytes >= kHugePagesFrom ? kLargeArrayPage : kSmallPage;
  }
  [[nodiscard]] static constexpr std::size_t round_up(std::size_t bytes, std::size_t page) {
    return (bytes + page - 1) / page * page;
  }

  // Stateless: any two are interchangeable, so vectors swap and move their buffers freely.
  template <typename U>
  friend bool operator==(const LargeArrayAllocator& /*a*/, const LargeArrayAllocator<U>& /*b*/) {
    return true;
  }
};

template <typename T>
using LargeVector = std::vector<T, LargeArrayAllocator<T>>;

}  // namespace meadow::sim
