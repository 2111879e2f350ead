#pragma once
// The operator's rewind (docs/gallery.md "Moderation · Rewind"): the meadow as it was at a moment
// the journal keeps, made off the sim thread (the newest snapshot before that moment, and the
// journal run on to it with every world stepped on the CPU engines: the recorded meadow, bit for
// bit), for the sim thread to restore between two ticks.
#include <cstdint>
#include <filesystem>

#include "app/replay/night_clock.hpp"
#include "sim/meadow_state.hpp"
#include "store/state_store.hpp"

namespace meadow::app {

struct Rewound {
  sim::MeadowState state;
  std::int64_t at_ms = 0;  // the moment it shows (the tick's, on the journal's clock)
  std::uint64_t tick = 0;
  store::SnapshotInfo from;  // the snapshot it was run on from
  double seconds = 0.0;      // reading and running
};

// The meadow at `to_ms`. Throws std::runtime_error with a message for people (a moment before what
// the journal keeps or after now, a store that cannot be read).
// The store in `state_dir` is read with a reader of the caller's own.
[[nodiscard]] Rewound meadow_at(const std::filesystem::path& state_dir, std::int64_t to_ms, TickTime live);

}  // namespace meadow::app
