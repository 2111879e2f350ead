#pragma once
// One viewer's WebSocket connection on /ws: reads ClientMessages, validates them at the edge and
// queues the resulting actions for the sim thread; writes from its Outbox one message at a time.
// All handlers run on the connection's strand.
//
// Deliveries from the hub (the sim thread) land in a small inbox under a mutex and wake the
// strand with at most one posted task at a time: a newer frame replaces an undelivered one there
// too, and reliable messages are bounded as they arrive, so a starved network thread never
// piles up tasks (or the frames they hold).
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "net/admission.hpp"
#include "net/beast.hpp"
#include "net/hub.hpp"
#include "net/outbox.hpp"
#include "net/session_context.hpp"
#include "net/session_counters.hpp"
#include "net/viewer_input.hpp"

namespace meadow::net {

class WsSession final : public HubSession, private ViewerPort, public std::enable_shared_from_this<WsSession> {
 public:
  // Holds the connection's and the viewer's admission slots until it ends.
  WsSession(tcp::socket&& socket, SessionContext& context, AdmissionTicket connection, AdmissionTicket viewer,
            std::string address);
  ~WsSession() override;

  // Accepts the WebSocket upgrade carried by `request`, then runs until the connection ends.
  void run(http::request<http::string_body> request);

  [[nodiscard]] std::uint64_t id() const override { return id_; }
  void deliver_frame(stream::FrameBundlePtr bundle) override;
  void deliver_reliable(SharedBytes message) override;
  void deliver_land(SharedBytes message) override;
  void close_soon(const char* reason) override;
  [[nodiscard]] SessionInfo info() const override;

 private:
  void on_accept(beast::error_code ec);
  void do_read();
  void on_read(beast::error_code ec, std::size_t bytes);
  // ViewerPort: what handling a message needs of this session (on the strand).
  [[nodiscard]] sim::WorldKind watched_world() const override { return outbox_.world(); }
  void take_video(bool offered) override;
  void watch_world(sim::WorldKind world) override;
  void send_to_viewer(SharedBytes message) override { deliver_reliable(std::move(message)); }
  void take_trails(bool on) override { outbox_.set_trails(on); }
  [[nodiscard]] std::function<void(SharedBytes)> later_sender() override {
    return [weak = weak_from_this()](SharedBytes message) {
      if (auto self = weak.lock()) self->deliver_reliable(std::move(message));
    };
  }
  // The night replayed (docs/gallery.md "Tonight so far"): while a replay plays, the session's
  // frames, rocks and words of the replay are its own (generation `frames_from_`), the hub's live
  // frames and rocks are passed over; each switch drops what waits and starts from a key frame.
  void replay(const stream::ReplayCommand& command) override;
  [[nodiscard]] bool replaying() const override { return replay_ != nullptr; }
  [[nodiscard]] ReplayViewer replay_viewer(std::uint64_t generation);
  // On the strand: frames come from `generation` from now on (0: live).
  void switch_frames(std::uint64_t generation);
  // On the strand: the replay ends; the live frames and rocks again, and the viewer told why.
  void back_to_live(const std::string& reason, bool tell);
  void push_frame_locked(stream::FrameBundlePtr bundle);
  void push_reliable_locked(SharedBytes message);
  // Asks the strand to take the inbox (one posted task at most).
  void wake();
  // On the strand: moves the inbox into the outbox.
  void take_inbox();
  void maybe_write();
  void on_write(beast::error_code ec, std::size_t bytes);
  void close(websocket::close_code code, const char* reason);
  void send_close();

  websocket::stream<beast::tcp_stream> ws_;
  SessionContext& context_;
  AdmissionTicket connection_slot_;
  AdmissionTicket viewer_slot_;
  const std::uint64_t id_;
  std::string remote_;
  SessionCounters counters_;
  beast::flat_buffer read_buffer_;
  Outbox outbox_;
  std::optional<OutMessage> writing_;
  asio::steady_timer write_deadline_;
  ViewerInput input_;
  bool joined_ = false;
  bool closing_ = false;
  websocket::close_reason pending_close_;

  std::mutex inbox_mutex_;
  // Frames not yet taken onto the strand, oldest first: all of them, because a video session's
  // outbox must see every frame in order (outbox.hpp); at most kVideoQueueMost.
  std::deque<stream::FrameBundlePtr> inbox_frames_;
  bool inbox_lost_frames_ = false;
  std::atomic<bool> inbox_keeps_every_frame_{false};  // the outbox takes video
  std::deque<SharedBytes> inbox_reliable_;
  bool inbox_overflowed_ = false;
  bool wake_posted_ = false;
  // 0 live, else the replay's generation. Written under inbox_mutex_; the sim thread's deliveries
  // read it first without the lock, so that a replaying session's lock (which its replay's thread,
  // at the lowest priority, takes too) never holds the sim thread up.
  std::atomic<std::uint64_t> frames_from_{0};

  std::shared_ptr<ReplayHandle> replay_;  // the strand's
  std::uint64_t replays_begun_ = 0;
};

}  // namespace meadow::net
