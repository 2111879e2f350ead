#include "edge/sim_relay.hpp"

#include <spdlog/spdlog.h>

#include <optional>
#include <variant>

#include "edge/edge_log.hpp"
#include "edge/edge_mapping.hpp"
#include "meadow/v1/edge.pb.h"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_mapping.hpp"
#include "stream/settings_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::edge {

namespace {

void land_to_proto(const net::LandSnapshot& land, v1::SavedLand& to) {
  if (land) stream::to_proto(land->state(), to);
}

}  // namespace

SimRelay::SimRelay(SimRelayConfig config, NatsLink& nats, net::Hub& hub, stream::ActionQueue& actions,
                   net::Metrics& metrics)
    : config_(std::move(config)), nats_(nats), hub_(hub), actions_(actions), metrics_(metrics), instance_(random_instance()) {}

SimRelay::~SimRelay() { stop(); }

void SimRelay::start() {
  subscriptions_.push_back(nats_.subscribe(config_.subjects.all_hellos(), [this](const NatsMessage& m) { on_hello(m); }));
  subscriptions_.push_back(nats_.subscribe(config_.subjects.all_actions(), [this](const NatsMessage& m) { on_actions(m); }));
  subscriptions_.push_back(nats_.subscribe(config_.subjects.all_reports(), [this](const NatsMessage& m) { on_report(m); }));
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
  edge_log()->info("publishing the meadow on NATS under '{}' (sim instance {:016x})", config_.subjects.prefix, instance_);
}

void SimRelay::stop() {
  subscriptions_.clear();
  if (thread_.joinable()) {
    thread_.request_stop();
    out_ready_.notify_all();
    thread_.join();
  }
}

// ------------------------------------------------------------------------------ from the hub

void SimRelay::relay_frame(const stream::FrameBundlePtr& bundle) {
  {
    const std::lock_guard lock(out_mutex_);
    if (frame_) frames_replaced_.fetch_add(1, std::memory_order_relaxed);
    frame_ = bundle;
  }
  out_ready_.notify_one();
}

void SimRelay::enqueue(std::string subject, std::string bytes) {
  {
    const std::lock_guard lock(out_mutex_);
    if (out_.size() >= kRelayQueueMost) {
      if (reliable_lost_.fetch_add(1, std::memory_order_relaxed) % 1000 == 0) {
        edge_log()->warn("NATS does not take the messages for the edges: {} lost", reliable_lost_.load());
      }
      return;
    }
    out_.push_back({std::move(subject), std::move(bytes)});
  }
  out_ready_.notify_one();
}

void SimRelay::relay_broadcast(const net::SharedBytes& message, const net::LandSnapshot& land) {
  v1::EdgeReliable reliable;
  reliable.set_sim(instance_);
  if (message) reliable.set_message(*message);
  if (land) land_to_proto(land, *reliable.mutable_land());
  enqueue(config_.subjects.broadcast(), reliable.SerializeAsString());
}

std::optional<std::string> SimRelay::edge_of(std::uint64_t session_id) const {
  const std::lock_guard lock(edges_mutex_);
  const auto it = viewer_edge_.find(session_id);
  if (it == viewer_edge_.end()) return std::nullopt;
  return it->second;
}

bool SimRelay::relay_send_to(std::uint64_t session_id, const net::SharedBytes& message) {
  const std::optional<std::string> edge = edge_of(session_id);
  if (!edge) return false;
  v1::EdgeReliable reliable;
  reliable.set_sim(instance_);
  reliable.set_session_id(session_id);
  reliable.set_message(*message);
  enqueue(config_.subjects.to_viewer(*edge), reliable.SerializeAsString());
  return true;
}

bool SimRelay::relay_close(std::uint64_t session_id, const char* reason) {
  const std::optional<std::string> edge = edge_of(session_id);
  if (!edge) return false;
  v1::EdgeClose close;
  close.set_session_id(session_id);
  close.set_reason(reason);
  enqueue(config_.subjects.close(*edge), close.SerializeAsString());
  return true;
}

std::size_t SimRelay::relay_session_count() const {
  const std::lock_guard lock(edges_mutex_);
  return remote_viewers_;
}

void SimRelay::relay_sessions(std::vector<net::SessionInfo>& out) const {
  const std::lock_guard lock(edges_mutex_);
  for (const auto& [name, edge] : edges_) out.insert(out.end(), edge.viewers.begin(), edge.viewers.end());
}

std::vector<net::EdgeSummary> SimRelay::relay_edges() const {
  const std::lock_guard lock(edges_mutex_);
  std::vector<net::EdgeSummary> out;
  for (const auto& [name, edge] : edges_) out.push_back({name, edge.viewers.size()});
  return out;
}

std::size_t SimRelay::edge_count() const {
  const std::lock_guard lock(edges_mutex_);
  return edges_.size();
}

// ------------------------------------------------------------------------------ publishing

void SimRelay::run(const std::stop_token& stop) {
  auto next_beat = std::chrono::steady_clock::now();
  std::deque<Outgoing> out;
  while (!stop.stop_requested()) {
    stream::FrameBundlePtr frame;
    {
      std::unique_lock lock(out_mutex_);
      out_ready_.wait_until(lock, next_beat, [&] { return stop.stop_requested() || frame_ || !out_.empty(); });
      out.swap(out_);
      frame.swap(frame_);
    }
    // The reliable messages first: a rock's announcement before the frame that shows it.
    for (const Outgoing& o : out) nats_.publish(o.subject, o.bytes);
    out.clear();
    if (frame) publish_frame(frame);
    if (std::chrono::steady_clock::now() >= next_beat) {
      nats_.publish(config_.subjects.beat(), beat_bytes());
      expire_silent_edges();
      next_beat = std::chrono::steady_clock::now() + kBeatEvery;
    }
  }
}

void SimRelay::publish_frame(const stream::FrameBundlePtr& bundle) {
  std::vector<v1::EdgeFrame> frames;
  to_proto(*bundle, instance_, now_us(), frames);
  std::string bytes;
  for (const v1::EdgeFrame& f : frames) {
    f.SerializeToString(&bytes);
    sim::WorldKind world{};
    if (!stream::world_from_proto(f.world(), world)) continue;
    if (nats_.publish(config_.subjects.frame(world), bytes)) {
      frame_bytes_published_.fetch_add(bytes.size(), std::memory_order_relaxed);
    }
  }
  frames_published_.fetch_add(1, std::memory_order_relaxed);
  const std::lock_guard lock(latest_mutex_);
  latest_ = bundle;
}

std::string SimRelay::beat_bytes() const {
  v1::SimBeat beat;
  beat.set_sim(instance_);
  land_to_proto(hub_.land(), *beat.mutable_land());
  beat.set_tick(hub_.latest_tick());
  return beat.SerializeAsString();
}

// ------------------------------------------------------------------------------ from the edges

void SimRelay::on_hello(const NatsMessage& message) {
  v1::EdgeHello hello;
  if (message.reply.empty() || !hello.ParseFromArray(message.data.data(), static_cast<int>(message.data.size()))) return;
  if (!valid_edge_name(hello.edge())) {
    edge_log()->warn("an edge named '{}' said hello: not a valid edge name (letters, digits, '-', '_')", hello.edge());
    return;
  }
  if (!sent_by(message, hello.edge())) return;
  v1::EdgeWelcome welcome;
  welcome.set_sim(instance_);
  welcome.set_version(config_.facts.version);
  welcome.set_frame_rate(config_.facts.frame_rate);
  welcome.set_tick_rate(config_.facts.tick_rate);
  for (const sim::SettingsSchema& s : config_.facts.settings_schemas) stream::to_proto(s, *welcome.add_settings_schemas());
  for (const sim::WorldKind w : config_.facts.worlds) welcome.add_worlds(stream::to_proto(w));
  welcome.set_video(config_.video);
  welcome.set_video_quality(static_cast<std::uint32_t>(config_.video_settings.quality));
  welcome.set_video_key_interval(static_cast<std::uint32_t>(config_.video_settings.key_interval));
  welcome.set_video_layers(static_cast<std::uint32_t>(config_.video_settings.layers));
  const std::uint64_t first = hub_.reserve_session_ids(kEdgeSessionIds);
  welcome.set_first_session_id(first);
  welcome.set_session_ids(kEdgeSessionIds);
  land_to_proto(hub_.land(), *welcome.mutable_land());
  stream::FrameBundlePtr latest;
  {
    const std::lock_guard lock(latest_mutex_);
    latest = latest_;
  }
  if (latest) {
    std::vector<v1::EdgeFrame> frames;
    to_proto(*latest, instance_, now_us(), frames);
    for (v1::EdgeFrame& f : frames) *welcome.add_frames() = std::move(f);
  }
  {
    const std::lock_guard lock(edges_mutex_);
    Edge& edge = edges_[hello.edge()];
    if (edge.name.empty()) edge_log()->info("edge '{}' joined", hello.edge());
    // The newest hello wins the name. An edge restarted in place says hello as a new process;
    // only reports that keep coming from the other one are a clash (on_report).
    edge.name = hello.edge();
    edge.instance = hello.instance();
    edge.id_blocks.emplace_back(first, first + kEdgeSessionIds);
    // Blocks of hellos long past hold no viewer any more: a hello-spamming edge stays bounded.
    if (edge.id_blocks.size() > kIdBlocksKept) edge.id_blocks.erase(edge.id_blocks.begin());
    edge.heard = std::chrono::steady_clock::now();
  }
  nats_.publish(message.reply, welcome.SerializeAsString());
}

bool SimRelay::sent_by(const NatsMessage& message, std::string_view claimed) {
  if (sender_of(message.subject) == claimed && !claimed.empty()) return true;
  // The subject is what the sender's NATS credentials allow it to publish on; a message naming
  // another edge is an impostor's (or a misconfigured edge's), and taking it would let one edge
  // act for, or forget, another's viewers.
  if (impostors_.fetch_add(1, std::memory_order_relaxed) < kImpostorsLogged) {
    edge_log()->warn("a message on '{}' says it is from edge '{}': refused (an edge's name is its subject's)",
                     message.subject, claimed);
  }
  return false;
}

bool SimRelay::edge_may_act_for(const Edge& edge, std::uint64_t origin) const {
  if (origin == sim::kOperator) return false;
  for (const auto& [first, end] : edge.id_blocks) {
    if (origin >= first && origin < end) return true;
  }
  // A viewer the edge had before this sim started (its ids came from the sim before).
  const auto it = viewer_edge_.find(origin);
  return it != viewer_edge_.end() && it->second == edge.name;
}

bool SimRelay::edge_may_hold(const Edge& edge, std::uint64_t id, std::uint64_t first_of_run) const {
  if (id == sim::kOperator) return false;
  for (const auto& [first, end] : edge.id_blocks) {
    if (id >= first && id < end) return true;
  }
  if (id >= first_of_run) return false;  // this run's: the sim's own viewers, another edge's
  const auto it = viewer_edge_.find(id);
  return it == viewer_edge_.end() || it->second == edge.name;
}

void SimRelay::on_actions(const NatsMessage& message) {
  v1::EdgeActions batch;
  if (!batch.ParseFromArray(message.data.data(), static_cast<int>(message.data.size()))) {
    actions_refused_.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  if (batch.sent_at_us() > 0) {
    action_hop_seconds_.observe(static_cast<double>(std::max<std::int64_t>(0, now_us() - batch.sent_at_us())) * 1e-6);
  }
  if (!sent_by(message, batch.edge())) {
    actions_refused_.fetch_add(static_cast<std::uint64_t>(batch.actions_size()), std::memory_order_relaxed);
    return;
  }
  std::vector<sim::Action> accepted;
  {
    const std::lock_guard lock(edges_mutex_);
    Edge* edge = known_edge_locked(batch.edge());
    if (edge == nullptr) {
      // Not welcomed by this sim (it restarted): the edge says hello again when it sees the beat.
      actions_refused_.fetch_add(static_cast<std::uint64_t>(batch.actions_size()), std::memory_order_relaxed);
      return;
    }
    edge->heard = std::chrono::steady_clock::now();
    for (const v1::JournalRecord& record : batch.actions()) {
      try {
        stream::JournalEntry entry = stream::from_proto(record);
        auto* action = std::get_if<sim::Action>(&entry.entry);
        if (action == nullptr || !edge_may_act_for(*edge, action->origin)) {
          actions_refused_.fetch_add(1, std::memory_order_relaxed);
          continue;
        }
        // A viewer leaving is taken once after it acted: before, it has nothing in the meadow to
        // forget, and an edge's ViewerLefts (which the queue always takes) stay bounded.
        if (std::holds_alternative<sim::ViewerLeft>(action->body)) {
          const auto acted = acted_.find(action->origin);
          if (acted == acted_.end() || acted->second != batch.edge()) {
            actions_refused_.fetch_add(1, std::memory_order_relaxed);
            continue;
          }
          acted_.erase(acted);
        } else {
          acted_.try_emplace(action->origin, batch.edge());
        }
        action->tick = 0;  // the sim thread stamps it
        viewer_edge_.try_emplace(action->origin, batch.edge());
        accepted.push_back(std::move(*action));
      } catch (const std::exception& e) {
        actions_refused_.fetch_add(1, std::memory_order_relaxed);
        edge_log()->warn("edge '{}' sent an action the sim refuses: {}", batch.edge(), e.what());
      }
    }
  }
  for (sim::Action& action : accepted) {
    actions_received_.fetch_add(1, std::memory_order_relaxed);
    const std::uint64_t origin = action.origin;
    if (std::holds_alternative<sim::ViewerLeft>(action.body)) {
      actions_.push_always(std::move(action));
    } else if (!actions_.push(std::move(action))) {
      relay_send_to(origin, net::shared(stream::notice_message(v1::Notice::LEVEL_WARNING, "busy",
                                                               "The meadow is busy; that action was not applied. Try again.")));
    }
  }
}

void SimRelay::on_report(const NatsMessage& message) {
  v1::EdgeReport report;
  if (!report.ParseFromArray(message.data.data(), static_cast<int>(message.data.size()))) return;
  if (!sent_by(message, report.edge())) return;
  const std::lock_guard lock(edges_mutex_);
  Edge* known = known_edge_locked(report.edge());
  if (known == nullptr) return;  // not welcomed by this sim: it says hello first
  Edge& edge = *known;
  if (edge.instance != 0 && report.instance() != edge.instance) {
    // Another process under the same name: its viewers would overwrite the welcomed one's.
    name_clash_locked(report.edge());
    return;
  }
  if (report.leaving()) {
    forget_edge_locked(report.edge(), "stopped");
    return;
  }
  edge.heard = std::chrono::steady_clock::now();
  // Viewers that left the edge without their ViewerLeft reaching the sim are forgotten here too.
  for (const net::SessionInfo& old : edge.viewers) viewer_edge_.erase(old.id);
  remote_viewers_ -= edge.viewers.size();
  edge.viewers.clear();
  // Read once a report, not once a viewer: the hub's lock is the sessions' too.
  const std::uint64_t first_of_run = hub_.first_session_id();
  for (const v1::EdgeViewer& v : report.viewers()) {
    if (edge.viewers.size() >= kMostViewersPerEdge) break;
    if (!edge_may_hold(edge, v.session_id(), first_of_run)) continue;
    edge.viewers.push_back(from_proto(v, edge.name));
    viewer_edge_[v.session_id()] = edge.name;
  }
  remote_viewers_ += edge.viewers.size();
  // Its watchers are among its viewers: a count past them (or wrapped round) is not believed, so
  // that one edge cannot take another's viewers' video or trails away.
  const auto at_most_viewers = [&](std::uint64_t n) {
    return static_cast<int>(std::min<std::uint64_t>(n, edge.viewers.size()));
  };
  // What its viewers watch, as the difference from what it said before.
  stream::VideoDemand& video = hub_.video();
  for (const sim::WorldKind world : sim::kAllWorldKinds) {
    const std::size_t i = sim::index_of(world);
    const int now = i < static_cast<std::size_t>(report.video_viewers_size())
                        ? at_most_viewers(report.video_viewers(static_cast<int>(i)))
                        : 0;
    video.watch(world, now - edge.video_viewers[i]);
    edge.video_viewers[i] = now;
    if (i < static_cast<std::size_t>(report.video_key_asked_size()) && report.video_key_asked(static_cast<int>(i))) {
      video.ask_key(world);
    }
  }
  const int trails = at_most_viewers(report.trail_watchers());
  hub_.trails().watch_anywhere(trails - edge.trail_watchers);
  edge.trail_watchers = trails;
}

void SimRelay::name_clash_locked(const std::string& name) {
  name_clashes_.fetch_add(1, std::memory_order_relaxed);
  const auto now = std::chrono::steady_clock::now();
  if (now - clash_logged_ < std::chrono::seconds(10)) return;
  clash_logged_ = now;
  edge_log()->error("two edge servers are named '{}': give each its own --edge-name (the newest one is served; "
                    "the other's viewers are not counted)",
                    name);
}

SimRelay::Edge* SimRelay::known_edge_locked(const std::string& name) {
  if (const auto it = edges_.find(name); it != edges_.end()) return &it->second;
  const auto retired = retired_.find(name);
  if (retired == retired_.end()) return nullptr;
  // An edge this sim gave up for silence (it hung, or its link did) speaks again: its viewers' ids
  // are still its own, and its report says who they are.
  Edge& edge = edges_[name];
  edge.name = name;
  edge.id_blocks = std::move(retired->second);
  edge.heard = std::chrono::steady_clock::now();
  retired_.erase(retired);
  edge_log()->info("edge '{}' is back", name);
  return &edge;
}

void SimRelay::forget_edge_locked(const std::string& name, const char* why) {
  const auto it = edges_.find(name);
  if (it == edges_.end()) return;
  Edge& edge = it->second;
  if (std::string_view(why) != "stopped") {
    retired_[name] = std::move(edge.id_blocks);
    if (retired_.size() > kRetiredEdgesKept) retired_.erase(retired_.begin());
  }
  for (const net::SessionInfo& v : edge.viewers) viewer_edge_.erase(v.id);
  // Those of its viewers that acted leave the meadow: their predators go, their counts are freed,
  // as when a viewer of the sim's own leaves (the others have nothing there).
  for (auto acted = acted_.begin(); acted != acted_.end();) {
    if (acted->second != name) {
      ++acted;
      continue;
    }
    actions_.push_always(sim::Action{acted->first, 0, sim::ViewerLeft{}});
    acted = acted_.erase(acted);
  }
  remote_viewers_ -= edge.viewers.size();
  for (const sim::WorldKind world : sim::kAllWorldKinds) {
    hub_.video().watch(world, -edge.video_viewers[sim::index_of(world)]);
  }
  hub_.trails().watch_anywhere(-edge.trail_watchers);
  edge_log()->info("edge '{}' {}: its {} viewers left the meadow", name, why, edge.viewers.size());
  edges_.erase(it);
}

void SimRelay::expire_silent_edges() {
  const auto now = std::chrono::steady_clock::now();
  const std::lock_guard lock(edges_mutex_);
  std::vector<std::string> silent;
  for (const auto& [name, edge] : edges_) {
    if (now - edge.heard > kEdgeSilence) silent.push_back(name);
  }
  for (const std::string& name : silent) {
    edges_expired_.fetch_add(1, std::memory_order_relaxed);
    forget_edge_locked(name, "went silent");
  }
}

void SimRelay::render_metrics(std::string& out) const {
  const auto load = [](const std::atomic<std::uint64_t>& a) { return a.load(std::memory_order_relaxed); };
  net::render_gauge(out, "meadow_edges", "Edge servers this sim serves.", static_cast<std::int64_t>(edge_count()));
  net::render_gauge(out, "meadow_edge_viewers", "Viewers on the edge servers.", static_cast<std::int64_t>(relay_session_count()));
  net::render_counter(out, "meadow_nats_frames_published_total",
                      "Frame bundles published on NATS, once each whatever the viewers.", load(frames_published_));
  net::render_counter(out, "meadow_nats_frame_bytes_published_total", "Bytes of frames published on NATS.",
                      load(frame_bytes_published_));
  net::render_counter(out, "meadow_nats_frames_replaced_total", "Frames replaced by a newer one before NATS took them.",
                      load(frames_replaced_));
  net::render_counter(out, "meadow_edge_actions_total", "Edge viewers' actions taken into the sim's queue.",
                      load(actions_received_));
  net::render_counter(out, "meadow_edge_actions_refused_total",
                      "Edge actions refused: malformed, unknown edge or viewer.", load(actions_refused_));
  net::render_counter(out, "meadow_edges_expired_total", "Edges forgotten after kEdgeSilence without a word.",
                      load(edges_expired_));
  net::render_counter(out, "meadow_edge_reliable_lost_total", "Reliable messages for the edges lost to a stalled NATS.",
                      load(reliable_lost_));
  net::render_counter(out, "meadow_edge_name_clashes_total", "Messages from a second edge server under a name in use.",
                      load(name_clashes_));
  net::render_counter(out, "meadow_edge_impostors_total",
                      "Edge messages naming another edge than their subject's: refused.", load(impostors_));
  net::render_histogram(out, "meadow_edge_action_hop_seconds", "An edge's actions from its send to the sim's queue.",
                        action_hop_seconds_);
  nats_.render_metrics(out);
}

}  // namespace meadow::edge
