#pragma once
// Memory for the arrays that grow with a world (the swarm's fireflies, its sort's order, the grid
// of cells): std::vector with an allocator that places an array of 2 MiB or more on a 2 MiB
// boundary, in whole 2 MiB pages, and tells whoever asked (set_large_array_advice) about it.
//
// Why: a swarm of 500,000 keeps some 60 MB of such arrays and walks them every step; in 4 KiB pages
// that is 15,000 pages, far beyond what the TLB holds, and on a virtual machine every miss walks
// two page tables. The server asks the kernel for huge pages on these ranges (app/huge_pages.hpp:
// madvise, where the kernel leaves transparent huge pages to the program), which made a step of
// 500,000 fireflies a third faster on the two-core machine the benchmarks run on. sim/ itself knows
// nothing of the kernel: without an advice the arrays are merely aligned. Nothing here changes a
// result, only where the bytes lie.
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

namespace meadow::sim {

// What is told about each large array when it is allocated: its first byte and its length, both
// multiples of kLargeArrayPage.
using LargeArrayAdvice = void (*)(void* data, std::size_t bytes);
// Installs the advice for arrays allocated from now on (nullptr: none). Set once at start.
void set_large_array_advice(LargeArrayAdvice advice);
[[nodiscard]] LargeArrayAdvice large_array_advice();

// The size of a huge page on x86-64 and most ARM64 kernels (bytes); arrays below it are allocated
// as std::allocator would.
inline constexpr std::size_t kLargeArrayPage = std::size_t{2} << 20U;

template <typename T>
struct LargeArrayAllocator {
  using value_type = T;

  LargeArrayAllocator() = default;
  template <typename U>
  explicit(false) LargeArrayAllocator(const LargeArrayAllocator<U>& /*other*/) {}

  [[nodiscard]] T* allocate(std::size_t n) {
    if (n > max_size()) throw std::bad_array_new_length();
    const std::size_t bytes = n * sizeof(T);
    if (!is_large(bytes)) return static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}));
    const std::size_t whole = round_up(bytes);
    void* p = std::aligned_alloc(kLargeArrayPage, whole);
    if (p == nullptr) throw std::bad_alloc();
    if (const LargeArrayAdvice advice = large_array_advice(); advice != nullptr) advice(p, whole);
    return static_cast<T*>(p);
  }
  // The same n as allocate() was given, so the same choice of where it came from.
  void deallocate(T* p, std::size_t n) noexcept {
    if (is_large(n * sizeof(T))) {
      std::free(p);
    } else {
      ::operator delete(p, std::align_val_t{alignof(T)});
    }
  }

  [[nodiscard]] static constexpr std::size_t max_size() { return (~std::size_t{0} - kLargeArrayPage) / sizeof(T); }
  [[nodiscard]] static constexpr bool is_large(std::size_t bytes) { return bytes >= kLargeArrayPage; }
  [[nodiscard]] static constexpr std::size_t round_up(std::size_t bytes) {
    return (bytes + kLargeArrayPage - 1) / kLargeArrayPage * kLargeArrayPage;
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
