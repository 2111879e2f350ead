#pragma once
// An edge server's link to its sim (docs/edges.md, `--role edge`). It asks the sim for a welcome
// (the facts, the land, the newest key frames, a block of session ids), then feeds the edge's own
// hub from NATS: every frame bundle (assembled from its worlds' messages, renumbered so that frame
// numbers only ever grow here, across sim restarts), the reliable messages, the land. Its uplink
// thread sends the edge's viewers' validated actions to the sim as they come, and every second (and
// at once when it changes) the list of its viewers and what they watch. Without frames or beats for
// kSimSilence the sim is gone: viewers are told the meadow is coming back, /healthz says so, and
// the link says hello again when a sim beats.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "edge/edge_subjects.hpp"
#include "edge/nats_link.hpp"
#include "meadow/v1/edge.pb.h"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "stream/action_queue.hpp"

namespace meadow::edge {

// No frame and no beat for this long: the sim is gone (it publishes 30 frames and a beat a second).
inline constexpr std::chrono::milliseconds kSimSilence{2000};
// No sim sends more frames a second than this (the viewers' rate is 30; --frame-rate's most is
// far below): a frame numbered further past the newest than the time since allows, plus
// kFrameJumpSlackSeconds of them, is refused.
inline constexpr std::uint64_t kMostFramesPerSecond = 240;
inline constexpr std::uint64_t kFrameJumpSlackSeconds = 2;
// The edge's report of its viewers, at least this often (the sim forgets it after kEdgeSilence).
inline constexpr std::chrono::milliseconds kReportEvery{1000};
// How long one hello waits for the sim's welcome.
inline constexpr std::chrono::milliseconds kHelloWait{1000};

struct EdgeLinkConfig {
  EdgeSubjects subjects;
  std::string name;  // valid_edge_name()
};

class EdgeLink {
 public:
  EdgeLink(EdgeLinkConfig config, NatsLink& nats);
  ~EdgeLink();
  EdgeLink(const EdgeLink&) = delete;
  EdgeLink& operator=(const EdgeLink&) = delete;

  // Asks for a welcome until one comes; nullopt when `stop` is requested first.
  [[nodiscard]] std::optional<v1::EdgeWelcome> wait_for_welcome(const std::stop_token& stop);
  // Starts feeding `hub` (which, like `actions`, outlives the link) from the welcome on.
  void start(net::Hub& hub, stream::ActionQueue& actions, const v1::EdgeWelcome& welcome);
  // Tells the sim the edge leaves (after its viewers' last actions) and stops.
  void stop();

  // Empty while a sim is live; else why not, for /healthz.
  [[nodiscard]] std::string not_ready() const;
  void render_metrics(std::string& out) const;

 private:
  void on_frame(const NatsMessage& message);
  void on_broadcast(const NatsMessage& message);
  void on_beat(const NatsMessage& message);
  void on_viewer(const NatsMessage& message);
  void on_close(const NatsMessage& message);
  void run_uplink(const std::stop_token& stop);
  void take_welcome(const v1::EdgeWelcome& welcome);
  // Under frame_mutex_: the land as the sim says it is, with the sim's `announcement` (a land
  // change's message; null: none, then the rocks' message if `announce_rocks` and it changed).
  void set_land(const v1::SavedLand& land, net::SharedBytes announcement, bool announce_rocks);
  // Under frame_mutex_: hands the assembled bundle to the hub, renumbered.
  void publish_locked(std::int64_t published_at_us);
  // Under frame_mutex_: the sim `sim` welcomed this edge: its frames are served from now on (a
  // new stream when it is another than before).
  void switch_sim_locked(std::uint64_t sim);
  // Under frame_mutex_: whether a frame or beat of `sim` is from the sim that welcomed this edge
  // (then it is heard); another's is refused, and asks for a hello if ours has gone silent.
  [[nodiscard]] bool from_our_sim_locked(std::uint64_t sim);
  // Under frame_mutex_: our sim is heard (it may have come back).
  void heard_sim_locked();
  // Under frame_mutex_: whether a frame numbered `number` by the sim is further past the newest
  // served than the time since allows (forged, or of no stream this edge serves).
  [[nodiscard]] bool implausible_locked(std::uint64_t number) const;
  void forward_actions(std::vector<stream::QueuedAction>& drained, bool sim_live);
  void send_report(bool leaving);
  [[nodiscard]] bool sim_live() const;

  const EdgeLinkConfig config_;
  const std::uint64_t instance_;  // this process, in hellos and reports
  NatsLink& nats_;
  net::Hub* hub_ = nullptr;
  stream::ActionQueue* actions_ = nullptr;

  // Frames and the sim's identity (NATS's delivery threads).
  mutable std::mutex frame_mutex_;
  std::uint64_t sim_ = 0;                    // the sim whose frames are served
  std::shared_ptr<stream::FrameBundle> assembling_;
  std::uint32_t assembled_ = 0;
  std::uint32_t expected_ = 0;
  bool offset_known_ = false;
  std::int64_t number_offset_ = 0;           // local number = the sim's + this
  std::uint64_t last_number_ = 0;            // the newest local number handed to the hub
  std::int64_t last_served_ms_ = 0;          // steady clock: when it was
  bool restart_next_ = false;                // the next bundle starts a new stream
  std::string land_bytes_;                   // the land last applied, serialized
  std::atomic<std::int64_t> heard_at_ms_{0};  // steady clock: the sim's last frame or beat
  std::atomic<bool> need_hello_{false};       // a new sim beats: ask its welcome
  std::atomic<bool> told_gone_{false};        // viewers were told the meadow is coming back

  std::mutex uplink_mutex_;
  std::condition_variable uplink_wake_;
  bool pushed_ = false;
  std::jthread uplink_;
  std::vector<std::unique_ptr<NatsLink::Subscription>> subscriptions_;

  std::atomic<std::uint64_t> bundles_{0};
  std::atomic<std::uint64_t> bundles_incomplete_{0};
  std::atomic<std::uint64_t> frames_malformed_{0};
  std::atomic<std::uint64_t> foreign_{0};              // frames and beats of a sim that did not welcome us
  std::atomic<std::uint64_t> frames_implausible_{0};  // numbered far past the newest served
  std::atomic<std::uint64_t> actions_sent_{0};
  std::atomic<std::uint64_t> actions_unsent_{0};  // the sim was gone
  std::atomic<std::uint64_t> sim_restarts_{0};
  net::Histogram frame_hop_seconds_;  // the sim's publish to this hub (same-host clocks)
};

}  // namespace meadow::edge
