#include "edge/edge_link.hpp"

#include <spdlog/spdlog.h>

#include <variant>

#include "edge/edge_log.hpp"
#include "edge/edge_mapping.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_mapping.hpp"

namespace meadow::edge {

namespace {

using Clock = std::chrono::steady_clock;

// The uplink's longest sleep when nothing is pushed: key-frame asks and changes in the viewers
// are noticed within it.
constexpr std::chrono::milliseconds kUplinkTick{50};
// While waiting for a sim, say so this often.
constexpr std::chrono::seconds kWaitingLogEvery{5};

constexpr const char* kReturningCode = "meadow_returning";
constexpr const char* kReturningText = "The meadow is coming back: its simulation restarts. Stay; it resumes by itself.";

std::int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

template <typename Message>
bool parse(Message& out, const NatsMessage& message) {
  return out.ParseFromArray(message.data.data(), static_cast<int>(message.data.size()));
}

}  // namespace

EdgeLink::EdgeLink(EdgeLinkConfig config, NatsLink& nats)
    : config_(std::move(config)), instance_(random_instance()), nats_(nats) {}

EdgeLink::~EdgeLink() { stop(); }

std::optional<v1::EdgeWelcome> EdgeLink::wait_for_welcome(const std::stop_token& stop) {
  v1::EdgeHello hello;
  hello.set_edge(config_.name);
  hello.set_instance(instance_);
  const std::string request = hello.SerializeAsString();
  auto next_log = Clock::now() + kWaitingLogEvery;
  while (!stop.stop_requested()) {
    if (auto reply = nats_.request(config_.subjects.hello(config_.name), request, kHelloWait)) {
      v1::EdgeWelcome welcome;
      if (welcome.ParseFromString(*reply)) return welcome;
      edge_log()->warn("the sim's welcome could not be read (another version?)");
    } else if (!nats_.connected()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    if (Clock::now() >= next_log) {
      edge_log()->info("waiting for the sim on NATS ('{}'; {})", config_.subjects.hello(config_.name),
                       nats_.connected() ? "connected, no answer" : "NATS not reachable");
      next_log = Clock::now() + kWaitingLogEvery;
    }
  }
  return std::nullopt;
}

void EdgeLink::start(net::Hub& hub, stream::ActionQueue& actions, const v1::EdgeWelcome& welcome) {
  hub_ = &hub;
  actions_ = &actions;
  actions_->set_on_push([this] {
    {
      const std::lock_guard lock(uplink_mutex_);
      pushed_ = true;
    }
    uplink_wake_.notify_one();
  });
  take_welcome(welcome);
  // Frames: a few seconds of them may wait; beyond that NATS drops the oldest (slow consumer).
  constexpr int kFramesWaiting = 256;
  subscriptions_.push_back(
      nats_.subscribe(config_.subjects.all_frames(), [this](const NatsMessage& m) { on_frame(m); }, kFramesWaiting));
  subscriptions_.push_back(nats_.subscribe(config_.subjects.broadcast(), [this](const NatsMessage& m) { on_broadcast(m); }));
  subscriptions_.push_back(nats_.subscribe(config_.subjects.beat(), [this](const NatsMessage& m) { on_beat(m); }));
  subscriptions_.push_back(
      nats_.subscribe(config_.subjects.to_viewer(config_.name), [this](const NatsMessage& m) { on_viewer(m); }));
  subscriptions_.push_back(
      nats_.subscribe(config_.subjects.close(config_.name), [this](const NatsMessage& m) { on_close(m); }));
  uplink_ = std::jthread([this](const std::stop_token& stop) { run_uplink(stop); });
  edge_log()->info("edge '{}' serves the sim {:016x} ({} worlds) from NATS under '{}'", config_.name, welcome.sim(),
                   welcome.worlds_size(), config_.subjects.prefix);
}

void EdgeLink::stop() {
  if (!uplink_.joinable()) return;
  uplink_.request_stop();
  uplink_wake_.notify_all();
  uplink_.join();
  // The viewers' last actions (their leaving, as the server closed them) and then goodbye.
  std::vector<stream::QueuedAction> drained;
  actions_->drain(drained);
  forward_actions(drained, sim_live());
  send_report(true);
  subscriptions_.clear();
}

// ------------------------------------------------------------------------------ from the sim

void EdgeLink::switch_sim_locked(std::uint64_t sim) {
  if (sim != sim_) {
    if (sim_ != 0) {
      sim_restarts_.fetch_add(1, std::memory_order_relaxed);
      edge_log()->info("a new sim ({:016x}, was {:016x}): its frames start a new stream here", sim, sim_);
    }
    sim_ = sim;
    assembling_.reset();
    offset_known_ = false;
    restart_next_ = last_number_ > 0;
  }
  heard_sim_locked();
}

bool EdgeLink::from_our_sim_locked(std::uint64_t sim) {
  if (sim == sim_) {
    heard_sim_locked();
    return true;
  }
  // Another sim's (or a forged) frame or beat is not served: any NATS client could publish one.
  // One that beats while ours has been silent may be its restart: say hello, and its welcome
  // makes it ours.
  foreign_.fetch_add(1, std::memory_order_relaxed);
  if (!sim_live()) need_hello_.store(true);
  return false;
}

void EdgeLink::heard_sim_locked() {
  heard_at_ms_.store(steady_ms(), std::memory_order_relaxed);
  if (told_gone_.exchange(false)) {
    edge_log()->info("the sim is back");
    hub_->broadcast(net::shared(stream::notice_message(v1::Notice::LEVEL_INFO, "meadow_back", "The meadow is back.")));
  }
}

void EdgeLink::take_welcome(const v1::EdgeWelcome& welcome) {
  hub_->start_session_ids_at(welcome.first_session_id());
  const std::lock_guard lock(frame_mutex_);
  switch_sim_locked(welcome.sim());
  need_hello_.store(false);
  // Viewers already here (a sim that restarted) are told of the land as it is now.
  set_land(welcome.land(), nullptr, hub_->local_session_count() > 0);
  if (welcome.frames_size() == 0) return;
  auto bundle = std::make_shared<stream::FrameBundle>();
  for (const v1::EdgeFrame& f : welcome.frames()) add_to_bundle(f, *bundle);
  assembling_ = bundle;
  assembled_ = expected_ = static_cast<std::uint32_t>(welcome.frames_size());
  publish_locked(welcome.frames(0).published_at_us());
}

void EdgeLink::publish_locked(std::int64_t published_at_us) {
  std::shared_ptr<stream::FrameBundle> bundle = std::move(assembling_);
  assembling_.reset();
  if (!offset_known_) {
    // Numbers go on from the last one handed out, whatever the new sim counts from.
    number_offset_ = static_cast<std::int64_t>(last_number_ + 1) - static_cast<std::int64_t>(bundle->number);
    offset_known_ = true;
  }
  const auto local = [this](std::uint64_t number) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(number) + number_offset_);
  };
  if (local(bundle->number) <= last_number_) return;  // older than what was served (a welcome's)
  bundle->number = local(bundle->number);
  for (stream::WorldFrame& w : bundle->worlds) {
    if (!w.delta_message.empty()) w.delta_base = local(w.delta_base);
  }
  bundle->stream_restart = std::exchange(restart_next_, false);
  last_number_ = bundle->number;
  last_served_ms_ = steady_ms();
  bundles_.fetch_add(1, std::memory_order_relaxed);
  if (published_at_us > 0) {
    frame_hop_seconds_.observe(static_cast<double>(std::max<std::int64_t>(0, now_us() - published_at_us)) * 1e-6);
  }
  hub_->publish(std::move(bundle));
}

bool EdgeLink::implausible_locked(std::uint64_t number) const {
  if (!offset_known_) return false;
  // The sim's own number of the newest bundle served, and as many more as the time since allows
  // at the fastest frame rate (and a couple of seconds' room): a frame far past it would hold
  // every real one after it back as "late".
  const auto newest = static_cast<std::uint64_t>(static_cast<std::int64_t>(last_number_) - number_offset_);
  const auto seconds = static_cast<std::uint64_t>(std::max<std::int64_t>(0, steady_ms() - last_served_ms_)) / 1000U;
  return number > newest + kMostFramesPerSecond * (seconds + kFrameJumpSlackSeconds);
}

void EdgeLink::on_frame(const NatsMessage& message) {
  v1::EdgeFrame frame;
  if (!parse(frame, message) || frame.worlds_in_bundle() == 0) {
    frames_malformed_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  const std::lock_guard lock(frame_mutex_);
  if (!from_our_sim_locked(frame.sim())) return;
  if (implausible_locked(frame.number())) {
    frames_implausible_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (assembling_ && assembling_->number != frame.number()) {
    if (frame.number() < assembling_->number) return;  // late: its bundle was given up
    bundles_incomplete_.fetch_add(1, std::memory_order_relaxed);
    assembling_.reset();
  }
  if (!assembling_) {
    assembling_ = std::make_shared<stream::FrameBundle>();
    assembled_ = 0;
  }
  try {
    add_to_bundle(frame, *assembling_);
  } catch (const std::exception&) {
    frames_malformed_.fetch_add(1, std::memory_order_relaxed);
    assembling_.reset();
    return;
  }
  expected_ = frame.worlds_in_bundle();
  if (++assembled_ >= expected_) publish_locked(frame.published_at_us());
}

void EdgeLink::set_land(const v1::SavedLand& land, net::SharedBytes announcement, bool announce_rocks) {
  std::string bytes = land.SerializeAsString();
  if (bytes == land_bytes_) {
    if (announcement) hub_->broadcast(std::move(announcement));
    return;
  }
  std::shared_ptr<const sim::Land> parsed;
  try {
    parsed = land_from_proto(land);
  } catch (const std::exception& e) {
    edge_log()->warn("the sim sent a land that does not hold together: {}", e.what());
    return;
  }
  land_bytes_ = std::move(bytes);
  if (!announcement && announce_rocks) announcement = net::shared(stream::rocks_message(*parsed));
  hub_->update_land(parsed, std::move(announcement));
}

void EdgeLink::on_broadcast(const NatsMessage& message) {
  v1::EdgeReliable reliable;
  if (!parse(reliable, message)) return;
  if (reliable.has_land()) {
    const std::lock_guard lock(frame_mutex_);
    set_land(reliable.land(), reliable.message().empty() ? nullptr : net::shared(reliable.message()), false);
    return;
  }
  if (!reliable.message().empty()) hub_->broadcast(net::shared(reliable.message()));
}

void EdgeLink::on_beat(const NatsMessage& message) {
  v1::SimBeat beat;
  if (!parse(beat, message)) return;
  const std::lock_guard lock(frame_mutex_);
  if (!from_our_sim_locked(beat.sim())) return;
  // A land change this edge missed (it joined between, or NATS lost it) heals here.
  set_land(beat.land(), nullptr, true);
}

void EdgeLink::on_viewer(const NatsMessage& message) {
  v1::EdgeReliable reliable;
  if (!parse(reliable, message) || reliable.message().empty()) return;
  hub_->send_to(reliable.session_id(), net::shared(reliable.message()));
}

void EdgeLink::on_close(const NatsMessage& message) {
  v1::EdgeClose close;
  if (!parse(close, message)) return;
  hub_->close(close.session_id(), "closed by the operator");
}

// ------------------------------------------------------------------------------ to the sim

bool EdgeLink::sim_live() const {
  return steady_ms() - heard_at_ms_.load(std::memory_order_relaxed) <= kSimSilence.count();
}

std::string EdgeLink::not_ready() const {
  return sim_live() ? std::string() : "no sim: the meadow is coming back";
}

void EdgeLink::run_uplink(const std::stop_token& stop) {
  std::vector<stream::QueuedAction> drained;
  auto last_report = Clock::time_point{};
  std::size_t reported_viewers = 0;
  std::array<int, sim::kWorldKinds> reported_video{};
  int reported_trails = 0;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(uplink_mutex_);
      uplink_wake_.wait_for(lock, kUplinkTick, [&] { return pushed_ || stop.stop_requested(); });
      pushed_ = false;
    }
    const bool live = sim_live();
    if (!live && !told_gone_.exchange(true)) {
      edge_log()->warn("no word from the sim for {} ms: telling {} viewers the meadow is coming back", kSimSilence.count(),
                       hub_->local_session_count());
      hub_->broadcast(net::shared(stream::notice_message(v1::Notice::LEVEL_WARNING, kReturningCode, kReturningText)));
    }
    if (need_hello_.load() && nats_.connected()) {
      v1::EdgeHello hello;
      hello.set_edge(config_.name);
      hello.set_instance(instance_);
      if (auto reply = nats_.request(config_.subjects.hello(config_.name), hello.SerializeAsString(), kHelloWait)) {
        v1::EdgeWelcome welcome;
        if (welcome.ParseFromString(*reply)) {
          take_welcome(welcome);
          last_report = {};  // the new sim learns this edge's viewers at once
        }
      }
    }
    actions_->drain(drained);
    if (!drained.empty()) forward_actions(drained, live);
    // What the viewers watch; a key frame asked for goes at once.
    bool changed = hub_->local_session_count() != reported_viewers || hub_->trails().watchers() != reported_trails;
    for (const sim::WorldKind world : sim::kAllWorldKinds) {
      changed = changed || hub_->video().viewers(world) != reported_video[sim::index_of(world)] ||
                hub_->video().key_asked(world);
    }
    if (changed || Clock::now() - last_report >= kReportEvery) {
      reported_viewers = hub_->local_session_count();
      reported_trails = hub_->trails().watchers();
      for (const sim::WorldKind world : sim::kAllWorldKinds) reported_video[sim::index_of(world)] = hub_->video().viewers(world);
      send_report(false);
      last_report = Clock::now();
    }
  }
}

void EdgeLink::forward_actions(std::vector<stream::QueuedAction>& drained, bool sim_live) {
  if (!sim_live) {
    // Nobody to apply them: each viewer hears so (its leaving is told by the next report's absence).
    for (const stream::QueuedAction& queued : drained) {
      if (std::holds_alternative<sim::ViewerLeft>(queued.action.body)) continue;
      actions_unsent_.fetch_add(1, std::memory_order_relaxed);
      hub_->send_to(queued.action.origin,
                    net::shared(stream::notice_message(v1::Notice::LEVEL_WARNING, kReturningCode, kReturningText)));
    }
    drained.clear();
    return;
  }
  v1::EdgeActions batch;
  batch.set_edge(config_.name);
  for (const stream::QueuedAction& queued : drained) {
    stream::to_proto(stream::JournalEntry{0, queued.action}, *batch.add_actions());
  }
  batch.set_sent_at_us(now_us());
  if (nats_.publish(config_.subjects.actions(config_.name), batch.SerializeAsString())) {
    actions_sent_.fetch_add(drained.size(), std::memory_order_relaxed);
  } else {
    actions_unsent_.fetch_add(drained.size(), std::memory_order_relaxed);
  }
  drained.clear();
}

void EdgeLink::send_report(bool leaving) {
  v1::EdgeReport report;
  report.set_edge(config_.name);
  report.set_instance(instance_);
  report.set_leaving(leaving);
  if (!leaving) {
    for (const net::SessionInfo& s : hub_->sessions()) to_proto(s, *report.add_viewers());
    for (const sim::WorldKind world : sim::kAllWorldKinds) {
      report.add_video_viewers(static_cast<std::uint32_t>(std::max(0, hub_->video().viewers(world))));
      report.add_video_key_asked(hub_->video().take_key_ask(world));
    }
    report.set_trail_watchers(static_cast<std::uint32_t>(std::max(0, hub_->trails().watchers())));
  }
  nats_.publish(config_.subjects.report(config_.name), report.SerializeAsString());
}

void EdgeLink::render_metrics(std::string& out) const {
  const auto load = [](const std::atomic<std::uint64_t>& a) { return a.load(std::memory_order_relaxed); };
  net::render_gauge(out, "meadow_edge_sim_up", "Whether this edge hears its sim.", sim_live() ? 1 : 0);
  net::render_counter(out, "meadow_edge_bundles_total",
                      "Frame bundles received from the sim and handed to this edge's viewers.", load(bundles_));
  net::render_counter(out, "meadow_edge_bundles_incomplete_total", "Bundles given up because a world's frame never came.",
                      load(bundles_incomplete_));
  net::render_counter(out, "meadow_edge_frames_malformed_total", "Frame messages from NATS that could not be read.",
                      load(frames_malformed_));
  net::render_counter(out, "meadow_edge_foreign_messages_total",
                      "Frames and beats from a sim other than the one that welcomed this edge: not served.",
                      load(foreign_));
  net::render_counter(out, "meadow_edge_frames_implausible_total",
                      "Frames numbered further past the newest than the time since allows: refused.",
                      load(frames_implausible_));
  net::render_counter(out, "meadow_edge_actions_sent_total", "Viewers' actions sent to the sim.", load(actions_sent_));
  net::render_counter(out, "meadow_edge_actions_unsent_total",
                      "Viewers' actions not sent: the sim was gone or NATS refused.", load(actions_unsent_));
  net::render_counter(out, "meadow_edge_sim_restarts_total", "Times a new sim took over the stream.", load(sim_restarts_));
  net::render_histogram(out, "meadow_edge_frame_hop_seconds", "A frame from the sim's publish to this edge's hub.",
                        frame_hop_seconds_);
  nats_.render_metrics(out);
}

}  // namespace meadow::edge
