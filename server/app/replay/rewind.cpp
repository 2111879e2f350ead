#include "app/replay/rewind.hpp"

#include <chrono>
#include <stdexcept>

#include "app/replay/night_store.hpp"
#include "app/replay/past_meadow.hpp"

namespace meadow::app {

Rewound meadow_at(const std::filesystem::path& state_dir, std::int64_t to_ms, TickTime live) {
  const auto started = std::chrono::steady_clock::now();
  store::StateStore store(state_dir, store::StateStore::Reader{});
  const NightRecord night = read_night(store);
  const NightClock clock = night_clock(night, live);
  if (to_ms < clock.start_ms()) {
    throw std::runtime_error("the journal keeps the meadow from " + clock_text(clock.start_ms()) + " on, not " +
                             clock_text(to_ms));
  }
  if (to_ms > live.ms) throw std::runtime_error("that moment has not come yet");
  const std::uint64_t tick = clock.tick_at(to_ms);
  Rewound out;
  out.from = snapshot_before(night, tick);
  PastStart start = read_past_start(store, out.from);
  PastMeadow past(night.seed, start.snapshot, std::move(start.journal.entries), std::nullopt);
  // The journal reaches as far as its last commit: a moment after that is the last one kept.
  out.tick = past.run_to(std::min(tick, start.journal.until));
  out.at_ms = clock.ms_at(out.tick);
  out.state = past.meadow().save();
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return out;
}

}  // namespace meadow::app
