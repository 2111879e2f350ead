#pragma once
// What a viewer's replay of the night asks of the server (docs/gallery.md "Tonight so far"),
// without net/ knowing the store or the sim: the wiring (app/replay/) runs each replay on a worker
// thread of its own, off the sim thread, and hands its frames and words to the viewer's session.
#include <cstdint>
#include <functional>
#include <memory>

#include "net/outbox.hpp"
#include "sim/world_kind.hpp"
#include "stream/frame_bundle.hpp"

namespace meadow::net {

// The most replays the operator may let run at once (each is a thread of its own).
inline constexpr unsigned kMostReplaysCeiling = 64;

// The session's side, called from the replay's thread; each does nothing once the session ended.
struct ReplayViewer {
  sim::WorldKind world = sim::kAllWorldKinds.front();  // the world it shows
  std::function<void(stream::FrameBundlePtr)> frame;  // a frame of the replay
  std::function<void(SharedBytes)> message;           // ReplayState, Rocks of the replay, notices
  std::function<void()> ended;                        // the replay ended by itself: back to live
};

// One viewer's replay under way; dropping it stops the replay.
class ReplayHandle {
 public:
  virtual ~ReplayHandle() = default;
  virtual void seek(std::int64_t at_ms) = 0;
  virtual void speed(unsigned times) = 0;
};

class ReplayControl {
 public:
  virtual ~ReplayControl() = default;
  // A replay from `at_ms` (0: the start of what is kept) at `speed` times real time. Null when it
  // cannot start now: the viewer was sent a ReplayState saying why.
  virtual std::shared_ptr<ReplayHandle> start(std::uint64_t session, ReplayViewer viewer, std::int64_t at_ms,
                                              unsigned speed) = 0;

  // The operator's view and hold: how many run, how many may (0: none), starts refused so far.
  struct Counts {
    unsigned running = 0;
    unsigned most = 0;
    std::uint64_t refused = 0;
  };
  [[nodiscard]] virtual Counts counts() = 0;
  virtual void set_most(unsigned most) = 0;
};

}  // namespace meadow::net
