#pragma once
// The hub fans one encoded frame out to every session (docs/architecture.md "Threads"). The sim
// thread hands it each FrameBundle (a pointer swap per session, never waiting on a socket); it also
// broadcasts reliable messages and keeps the latest snapshot of the land for welcoming new
// sessions. Sessions are held as weak_ptrs and copied out under the lock, then served outside it
// (the pattern of Beast's chat-multi example).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "net/event_feed.hpp"
#include "net/meadow_status.hpp"
#include "net/outbox.hpp"
#include "sim/land.hpp"
#include "stream/frame_bundle.hpp"
#include "stream/trail_demand.hpp"
#include "stream/video_demand.hpp"

namespace meadow::net {

// The hub's view of a session. Deliveries must be cheap and never block: a session posts them
// onto its own strand.
class HubSession {
 public:
  virtual ~HubSession() = default;
  [[nodiscard]] virtual std::uint64_t id() const = 0;
  virtual void deliver_frame(stream::FrameBundlePtr bundle) = 0;
  virtual void deliver_reliable(SharedBytes message) = 0;
  // The land's change announced to all (rocks): a session that shows a replay of the past keeps
  // the replay's rocks instead (it is sent the live ones when it comes back).
  virtual void deliver_land(SharedBytes message) { deliver_reliable(std::move(message)); }
  // Asks the session to close (operator, shutdown); reason for the log.
  virtual void close_soon(const char* reason) = 0;
  // What the operator sees of it; callable from any thread.
  [[nodiscard]] virtual SessionInfo info() const = 0;
};

using LandSnapshot = std::shared_ptr<const sim::Land>;

// Where a sim's hub sends on what it fans out, for sessions it does not hold itself: the edge
// servers' viewers (docs/edges.md, server/edge/sim_relay.*). Called on the threads that call the
// hub (frames: the sim thread), so each must only hand over, never wait on a network.
class HubRelay {
 public:
  virtual ~HubRelay() = default;
  virtual void relay_frame(const stream::FrameBundlePtr& bundle) = 0;
  // `land` is set when the message announces the land's change.
  virtual void relay_broadcast(const SharedBytes& message, const LandSnapshot& land) = 0;
  // To one viewer it does not hold; false when no edge holds it either.
  virtual bool relay_send_to(std::uint64_t session_id, const SharedBytes& message) = 0;
  virtual bool relay_close(std::uint64_t session_id, const char* reason) = 0;
  [[nodiscard]] virtual std::size_t relay_session_count() const = 0;
  virtual void relay_sessions(std::vector<SessionInfo>& out) const = 0;
  [[nodiscard]] virtual std::vector<EdgeSummary> relay_edges() const = 0;
};

class Hub {
 public:
  // `video`: whether sessions may take the light as video, and the encoders' settings.
  explicit Hub(bool video = true, stream::VideoLightSettings video_settings = {});

  // Registers a session and returns the land it should be welcomed with. Every reliable
  // message broadcast after this call reaches the session.
  LandSnapshot join(const std::shared_ptr<HubSession>& session);
  void leave(std::uint64_t session_id);
  [[nodiscard]] std::uint64_t next_session_id();
  // Session ids from `first` on. A meadow restored from its saved state still knows the viewers
  // of its last run (their rocks, cooldowns, counts) by their ids: a new run must not hand those
  // ids to new viewers (main starts them from its boot time).
  void start_session_ids_at(std::uint64_t first);
  // The first id of this run (ids below it were handed out by an earlier run).
  [[nodiscard]] std::uint64_t first_session_id() const;
  // A block of `count` ids no session of this hub will be given (an edge server's).
  [[nodiscard]] std::uint64_t reserve_session_ids(std::uint64_t count);
  // The sessions of other servers this hub's messages reach too (the sim's edges); set before
  // any session joins, and outlives the hub's use.
  void set_relay(HubRelay* relay) { relay_ = relay; }

  // Sim thread: the newest frame for every session.
  void publish(stream::FrameBundlePtr bundle);
  // A reliable message to every session.
  void broadcast(SharedBytes message);
  // A word that stands while it holds (the caretaker's "the meadow rests until 18:00"): every
  // session that joins hears it after its welcome; null: none now.
  void set_standing_notice(SharedBytes message);
  [[nodiscard]] SharedBytes standing_notice() const;
  // A reliable message to one session; false when it is no longer connected.
  bool send_to(std::uint64_t session_id, SharedBytes message);
  // Sim thread: the land changed (rocks, world size); `announcement` (may be null) is broadcast
  // atomically with the change, so a joining session sees either the new land or the message.
  void update_land(LandSnapshot land, SharedBytes announcement);
  [[nodiscard]] LandSnapshot land() const;
  // The tick of the newest published frame.
  [[nodiscard]] std::uint64_t latest_tick() const { return latest_tick_.load(std::memory_order_relaxed); }
  // This server's sessions when the newest frame was published, without the lock: for threads
  // that must never hold a lock the sim thread waits on (the replays, at the lowest priority).
  [[nodiscard]] std::size_t sessions_at_latest_frame() const { return latest_sessions_.load(std::memory_order_relaxed); }

  void close_all(const char* reason);
  // Closes one session; false when it is not connected.
  bool close(std::uint64_t session_id, const char* reason);
  // This server's sessions and, on a sim, its edges' viewers.
  [[nodiscard]] std::size_t session_count() const;
  [[nodiscard]] std::vector<SessionInfo> sessions() const;
  // This server's own sessions only.
  [[nodiscard]] std::size_t local_session_count() const;
  // The edge servers the relay serves, by name (none without a relay).
  [[nodiscard]] std::vector<EdgeSummary> edges() const;

  // Sim thread: the meadow's figures for the operator; any thread: the newest.
  void publish_status(std::shared_ptr<const MeadowStatus> status);
  [[nodiscard]] std::shared_ptr<const MeadowStatus> status() const;
  // The meadow's recent events for the operator (sim thread appends, any thread reads).
  [[nodiscard]] EventFeed& events() { return events_; }
  // Who takes which world's light as video (sessions write, the sim thread's frames read).
  [[nodiscard]] stream::VideoDemand& video() { return video_; }
  // Who watches a world's live trails (sessions write, the sim thread's frames read).
  [[nodiscard]] stream::TrailDemand& trails() { return trails_; }
  [[nodiscard]] const EventFeed& events() const { return events_; }

 private:
  std::vector<std::shared_ptr<HubSession>> sessions_locked() const;

  mutable std::mutex mutex_;
  SharedBytes standing_notice_;  // guarded by mutex_
  std::unordered_map<std::uint64_t, std::weak_ptr<HubSession>> sessions_;
  LandSnapshot land_;
  std::shared_ptr<const MeadowStatus> status_;
  std::uint64_t next_id_ = 1;
  std::uint64_t first_id_ = 1;
  std::atomic<std::uint64_t> latest_tick_{0};
  std::atomic<std::size_t> latest_sessions_{0};
  EventFeed events_;
  stream::VideoDemand video_;
  stream::TrailDemand trails_;
  HubRelay* relay_ = nullptr;
};

}  // namespace meadow::net
