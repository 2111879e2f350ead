#pragma once
// The sim's side of its edge servers (docs/edges.md, `--role sim`). The hub hands it what it fans
// out (HubRelay); its own thread publishes each frame bundle once on NATS, per world, however many
// edges and viewers there are (NATS fans out), and the reliable messages in order before it. It
// answers an edge's hello with a welcome, takes the edges' viewers' actions into the sim's action
// queue (validated again: an edge is trusted no more than a viewer's bytes), and keeps the list of
// every edge's viewers for the frames' viewer count and the operator. An edge silent for
// kEdgeSilence is gone: its viewers leave the meadow.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "edge/edge_subjects.hpp"
#include "edge/nats_link.hpp"
#include "net/hub.hpp"
#include "net/metrics.hpp"
#include "net/session_context.hpp"
#include "stream/action_queue.hpp"
#include "stream/video_light.hpp"

namespace meadow::edge {

// An edge that has sent nothing (reports come every second) for this long has gone.
inline constexpr std::chrono::milliseconds kEdgeSilence{3000};
// The sim's heartbeat, with its land.
inline constexpr std::chrono::milliseconds kBeatEvery{1000};
// Session ids an edge gets in one block: far more than one edge serves in a sim's lifetime.
inline constexpr std::uint64_t kEdgeSessionIds = std::uint64_t{1} << 24U;
// An edge's newest id blocks kept (one a hello; a hello comes once per sim it meets).
inline constexpr std::size_t kIdBlocksKept = 8;
// Impostors' messages logged one by one before only the counter tells (a flood stays out of the log).
inline constexpr std::uint64_t kImpostorsLogged = 20;
// Edges forgotten for silence whose id blocks are kept, so that one that speaks again is known.
inline constexpr std::size_t kRetiredEdgesKept = 64;
// The most viewers one edge's report may name (an edge admits at most --max-viewers, whose
// largest is this); more are not believed.
inline constexpr std::size_t kMostViewersPerEdge = 100'000;
// Reliable messages waiting for the relay's thread before it logs that they are being lost (the
// queue drains each frame; only a stalled NATS fills it).
inline constexpr std::size_t kRelayQueueMost = 8192;

struct SimRelayConfig {
  EdgeSubjects subjects;
  net::ServerFacts facts;
  bool video = false;
  stream::VideoLightSettings video_settings;
};

class SimRelay final : public net::HubRelay {
 public:
  SimRelay(SimRelayConfig config, NatsLink& nats, net::Hub& hub, stream::ActionQueue& actions, net::Metrics& metrics);
  ~SimRelay() override;
  SimRelay(const SimRelay&) = delete;
  SimRelay& operator=(const SimRelay&) = delete;

  // Subscribes and starts the publishing thread.
  void start();
  void stop();

  // net::HubRelay
  void relay_frame(const stream::FrameBundlePtr& bundle) override;
  void relay_broadcast(const net::SharedBytes& message, const net::LandSnapshot& land) override;
  bool relay_send_to(std::uint64_t session_id, const net::SharedBytes& message) override;
  bool relay_close(std::uint64_t session_id, const char* reason) override;
  [[nodiscard]] std::size_t relay_session_count() const override;
  void relay_sessions(std::vector<net::SessionInfo>& out) const override;
  [[nodiscard]] std::vector<net::EdgeSummary> relay_edges() const override;

  [[nodiscard]] std::size_t edge_count() const;
  // The relay's series for /metrics.
  void render_metrics(std::string& out) const;

 private:
  struct Edge {
    std::string name;
    std::vector<net::SessionInfo> viewers;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> id_blocks;  // [first, first + count)
    std::array<int, sim::kWorldKinds> video_viewers{};
    int trail_watchers = 0;
    std::chrono::steady_clock::time_point heard;
    std::uint64_t instance = 0;  // the process that said hello last under this name
  };
  struct Outgoing {
    std::string subject;
    std::string bytes;
  };

  void run(const std::stop_token& stop);
  void publish_frame(const stream::FrameBundlePtr& bundle);
  void on_hello(const NatsMessage& message);
  void on_actions(const NatsMessage& message);
  void on_report(const NatsMessage& message);
  // Under edges_mutex_: forgets an edge, its viewers leaving the meadow and its demand withdrawn
  // (`why` "stopped": it said goodbye; otherwise its id blocks are kept in retired_).
  void forget_edge_locked(const std::string& name, const char* why);
  // Under edges_mutex_: two processes speak as one edge (copied configuration): counted, and said
  // at most every 10 s.
  void name_clash_locked(const std::string& name);
  // Under edges_mutex_: the edge of that name, brought back from retired_ if it went silent; null
  // when this sim never welcomed it.
  [[nodiscard]] Edge* known_edge_locked(const std::string& name);
  void expire_silent_edges();
  void enqueue(std::string subject, std::string bytes);
  [[nodiscard]] std::string beat_bytes() const;
  // Under edges_mutex_: whether `edge` may act for viewer `origin`: an id of the blocks this sim
  // gave it, or a viewer it reported (edge_may_hold).
  [[nodiscard]] bool edge_may_act_for(const Edge& edge, std::uint64_t origin) const;
  // Whether the message's subject names the edge it claims to come from (counts it if not).
  bool sent_by(const NatsMessage& message, std::string_view claimed);
  // Under edges_mutex_: whether `edge` may report viewer `id` as its own: an id of its blocks, or
  // one an earlier run of the sim handed out (a viewer the edge kept across a sim restart) that no
  // other edge holds (`first_of_run`: Hub::first_session_id()). Never the operator's, this sim's
  // own viewers' or another edge's.
  [[nodiscard]] bool edge_may_hold(const Edge& edge, std::uint64_t id, std::uint64_t first_of_run) const;
  // The edge that holds a viewer, as its reports and actions say.
  [[nodiscard]] std::optional<std::string> edge_of(std::uint64_t session_id) const;

  const SimRelayConfig config_;
  NatsLink& nats_;
  net::Hub& hub_;
  stream::ActionQueue& actions_;
  net::Metrics& metrics_;
  const std::uint64_t instance_;

  mutable std::mutex edges_mutex_;
  std::map<std::string, Edge> edges_;
  std::unordered_map<std::uint64_t, std::string> viewer_edge_;  // session id → edge name
  // Edges' viewers that acted since they last left (session id → edge name): only these have
  // anything in the meadow to forget, so only these are sent ViewerLeft. Bounded by the actions
  // the bounded queue took, where a viewer list or ViewerLefts an edge sends are not.
  std::unordered_map<std::uint64_t, std::string> acted_;
  std::map<std::string, std::vector<std::pair<std::uint64_t, std::uint64_t>>> retired_;  // name → id blocks
  std::size_t remote_viewers_ = 0;

  std::mutex out_mutex_;
  std::condition_variable out_ready_;
  std::deque<Outgoing> out_;
  stream::FrameBundlePtr frame_;  // the newest bundle not yet published (one slot)

  mutable std::mutex latest_mutex_;
  stream::FrameBundlePtr latest_;  // the newest bundle published: a joining edge starts from it

  std::vector<std::unique_ptr<NatsLink::Subscription>> subscriptions_;
  std::jthread thread_;

  // Figures (relaxed; read by /metrics).
  std::atomic<std::uint64_t> frames_published_{0};
  std::atomic<std::uint64_t> frame_bytes_published_{0};
  std::atomic<std::uint64_t> actions_received_{0};
  std::atomic<std::uint64_t> actions_refused_{0};
  std::atomic<std::uint64_t> impostors_{0};
  std::atomic<std::uint64_t> edges_expired_{0};
  std::atomic<std::uint64_t> frames_replaced_{0};  // a newer frame came before NATS took the last
  std::atomic<std::uint64_t> reliable_lost_{0};
  std::atomic<std::uint64_t> name_clashes_{0};  // two live edges under one name
  std::chrono::steady_clock::time_point clash_logged_;  // under edges_mutex_
  net::Histogram action_hop_seconds_;  // an edge's send to the sim's queue (same-host clocks)
};

}  // namespace meadow::edge
