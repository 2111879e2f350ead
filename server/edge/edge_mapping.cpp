#include "edge/edge_mapping.hpp"

#include <chrono>
#include <random>
#include <stdexcept>

#include "stream/snapshot_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::edge {

void to_proto(const stream::FrameBundle& bundle, std::uint64_t sim, std::int64_t published_at_us,
              std::vector<v1::EdgeFrame>& out) {
  out.clear();
  for (const sim::WorldKind world : sim::kAllWorldKinds) {
    const stream::WorldFrame& w = bundle.world(world);
    if (w.key_message.empty()) continue;
    v1::EdgeFrame& f = out.emplace_back();
    f.set_sim(sim);
    f.set_number(bundle.number);
    f.set_tick(bundle.tick);
    f.set_world(stream::to_proto(world));
    f.set_key_message(w.key_message);
    f.set_delta_message(w.delta_message);
    f.set_delta_base(w.delta_base);
    f.set_video_message(w.video_message);
    f.set_video_key(w.video_key);
    f.set_video_layer(w.video_layer);
    f.set_video_reference(w.video_reference);
    f.set_trail_message(w.trail_message);
    f.set_published_at_us(published_at_us);
  }
  for (v1::EdgeFrame& f : out) f.set_worlds_in_bundle(static_cast<std::uint32_t>(out.size()));
}

sim::WorldKind add_to_bundle(const v1::EdgeFrame& from, stream::FrameBundle& bundle) {
  sim::WorldKind world{};
  if (!stream::world_from_proto(from.world(), world)) throw std::invalid_argument("a frame of an unknown world");
  if (from.key_message().empty()) throw std::invalid_argument("a frame without its key frame");
  bundle.number = from.number();
  bundle.tick = from.tick();
  stream::WorldFrame& w = bundle.world(world);
  w.key_message = from.key_message();
  w.delta_message = from.delta_message();
  w.delta_base = from.delta_base();
  w.video_message = from.video_message();
  w.video_key = from.video_key();
  w.video_layer = from.video_layer();
  w.video_reference = from.video_reference();
  w.trail_message = from.trail_message();
  return world;
}

void to_proto(const net::SessionInfo& from, v1::EdgeViewer& to) {
  to.set_session_id(from.id);
  to.set_address(from.address);
  to.set_world(stream::to_proto(from.world));
  to.set_connected_seconds(from.connected_seconds);
  to.set_bytes_sent(from.bytes_sent);
  to.set_frames_sent(from.frames_sent);
  to.set_frames_dropped(from.frames_dropped);
}

net::SessionInfo from_proto(const v1::EdgeViewer& from, const std::string& edge) {
  net::SessionInfo info;
  info.id = from.session_id();
  info.address = from.address();
  if (!stream::world_from_proto(from.world(), info.world)) info.world = sim::kind_at(0);  // not a world: the first
  info.connected_seconds = from.connected_seconds();
  info.bytes_sent = from.bytes_sent();
  info.frames_sent = from.frames_sent();
  info.frames_dropped = from.frames_dropped();
  info.edge = edge;
  return info;
}

std::shared_ptr<const sim::Land> land_from_proto(const v1::SavedLand& from) {
  auto land = std::make_shared<sim::Land>();
  land->restore(stream::land_from_proto(from));
  return land;
}

std::uint64_t random_instance() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32U) ^ device();
}

std::int64_t now_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace meadow::edge
