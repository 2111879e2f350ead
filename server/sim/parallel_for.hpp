#pragma once
// The one way sim/ runs work on several threads: it is handed a ParallelFor. Work is split into
// fixed chunks whose boundaries depend only on n and grain (never on the thread count), so a
// rule that writes only its own chunk gives the same result with any number of threads.
#include <cstddef>
#include <functional>

namespace meadow::sim {

class ParallelFor {
 public:
  using Body = std::function<void(std::size_t begin, std::size_t end)>;
  virtual ~ParallelFor() = default;
  // Calls body on consecutive ranges covering [0, n), each at most `grain` long, and returns
  // when all have run. Ranges may run concurrently and in any order.
  virtual void run(std::size_t n, std::size_t grain, const Body& body) = 0;
  [[nodiscard]] virtual std::size_t threads() const = 0;
};

// A chunk length for n items: about n / pieces, so that there are `pieces` chunks or more for the
// threads to share out evenly, but never below `smallest` (each chunk has its upkeep) nor above
// `largest` (what stays in cache). It depends on n alone, never on the thread count.
[[nodiscard]] constexpr std::size_t even_grain(std::size_t n, std::size_t pieces, std::size_t smallest,
                                               std::size_t largest) {
  const std::size_t share = (n + pieces - 1) / pieces;
  return share < smallest ? smallest : (share > largest ? largest : share);
}
// The chunks of a pass over arrays of n items at a few ns an item (a world's sort passes, its
// reorder, its move): eight or more, of 2,048 items at least (each chunk has its upkeep) and
// 16,384 at most (what stays in cache). A fixed 16,384 cut 20,000 items into 16,384 and
// 3,616, which two threads shared 82 : 18.
[[nodiscard]] constexpr std::size_t streaming_grain(std::size_t n) { return even_grain(n, 8, 2048, 16384); }

// Runs every range on the calling thread, in order.
class SerialFor final : public ParallelFor {
 public:
  void run(std::size_t n, std::size_t grain, const Body& body) override {
    if (grain == 0) grain = n == 0 ? 1 : n;
    for (std::size_t begin = 0; begin < n; begin += grain) {
      body(begin, begin + grain < n ? begin + grain : n);
    }
  }
  [[nodiscard]] std::size_t threads() const override { return 1; }
};

}  // namespace meadow::sim
