// Fuzz target edge_messages: what the sim and its edge servers read from NATS (docs/edges.md,
// server/edge/edge_mapping.*, proto/meadow/v1/edge.proto). NATS is the meadow's own network, but
// a sim must trust an edge no more than a viewer's bytes (and an edge its sim no more than a disk):
// whatever arrives is read or refused, never a crash. The first byte picks the message, as the
// subject does: 0 a frame, 1 a batch of actions, 2 a report, 3 a land, 4 a welcome.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "edge/edge_mapping.hpp"
#include "fuzz_check.hpp"
#include "quiet_protobuf.hpp"
#include "stream/snapshot_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::fuzz {

namespace {

// A frame into a bundle, as an edge assembles it; a frame taken goes back out the same.
void read_frame(const v1::EdgeFrame& frame, stream::FrameBundle& bundle) {
  try {
    const sim::WorldKind world = edge::add_to_bundle(frame, bundle);
    std::vector<v1::EdgeFrame> back;
    edge::to_proto(bundle, frame.sim(), 0, back);
    bool found = false;
    for (const v1::EdgeFrame& f : back) {
      if (f.world() == stream::to_proto(world)) {
        found = true;
        MEADOW_FUZZ_CHECK(f.key_message() == frame.key_message());
        MEADOW_FUZZ_CHECK(f.delta_base() == frame.delta_base());
      }
    }
    MEADOW_FUZZ_CHECK(found);
  } catch (const std::invalid_argument& e) {
    MEADOW_FUZZ_CHECK(std::string(e.what()).size() > 0);
  }
}

void read_land(const v1::SavedLand& land) {
  try {
    const auto parsed = edge::land_from_proto(land);
    v1::SavedLand back;
    stream::to_proto(parsed->state(), back);
    MEADOW_FUZZ_CHECK(edge::land_from_proto(back)->state().rocks == parsed->state().rocks);
  } catch (const std::invalid_argument& e) {
    MEADOW_FUZZ_CHECK(std::string(e.what()).size() > 0);
  }
}

}  // namespace

int fuzz_edge_messages(const std::uint8_t* data, std::size_t size) {
  quiet_protobuf();
  if (size == 0) return 0;
  const std::uint8_t kind = data[0];
  const auto* bytes = data + 1;
  const auto length = static_cast<int>(size - 1);
  switch (kind % 5) {
    case 0: {
      v1::EdgeFrame frame;
      stream::FrameBundle bundle;
      if (frame.ParseFromArray(bytes, length)) read_frame(frame, bundle);
      break;
    }
    case 1: {
      // As the sim's on_actions reads them: each record an action or refused.
      v1::EdgeActions batch;
      if (!batch.ParseFromArray(bytes, length)) break;
      for (const v1::JournalRecord& record : batch.actions()) {
        try {
          const stream::JournalEntry entry = stream::from_proto(record);
          (void)std::get_if<sim::Action>(&entry.entry);
        } catch (const std::invalid_argument& e) {
          MEADOW_FUZZ_CHECK(std::string(e.what()).size() > 0);
        }
      }
      break;
    }
    case 2: {
      v1::EdgeReport report;
      if (!report.ParseFromArray(bytes, length)) break;
      for (const v1::EdgeViewer& v : report.viewers()) {
        const net::SessionInfo info = edge::from_proto(v, report.edge());
        MEADOW_FUZZ_CHECK(info.id == v.session_id());
      }
      break;
    }
    case 3: {
      v1::SavedLand land;
      if (land.ParseFromArray(bytes, length)) read_land(land);
      break;
    }
    default: {
      v1::EdgeWelcome welcome;
      if (!welcome.ParseFromArray(bytes, length)) break;
      for (const int w : welcome.worlds()) {
        sim::WorldKind kind_of = sim::WorldKind::swarm;
        (void)stream::world_from_proto(w, kind_of);
      }
      read_land(welcome.land());
      stream::FrameBundle bundle;
      for (const v1::EdgeFrame& f : welcome.frames()) read_frame(f, bundle);
      break;
    }
  }
  return 0;
}

}  // namespace meadow::fuzz
