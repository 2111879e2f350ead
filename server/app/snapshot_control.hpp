#pragma once
// The operator's Save, Restore and ListSnapshots (net/snapshot_control.hpp) done for real: a save
// copies the meadow on the sim thread between two ticks and hands it to the store's thread; a
// restore reads the snapshot on the store's thread, then restores it on the sim thread between two
// ticks (and a new timeline of the journal starts with it); a rewind makes the meadow of that
// moment on a replay worker, then restores it the same way; a list reads the store.
#include "app/replay/replay_workers.hpp"
#include "app/sim_loop.hpp"
#include "net/snapshot_control.hpp"
#include "store/store_writer.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::app {

class StoreSnapshotControl final : public net::SnapshotControl {
 public:
  // `jobs`: where a rewind's past meadow is made (null: no rewinds); `hub`: whom it is told to.
  StoreSnapshotControl(SimLoop& loop, store::StoreWriter& store, std::vector<stream::WorldSnapshotMapping> worlds,
                       ReplayWorkers* jobs, net::Hub& hub);

  void save(std::string name, std::function<void(const net::SnapshotAnswer&)> done) override;
  void restore(std::string name, std::function<void(const net::SnapshotAnswer&)> done) override;
  void rewind(std::int64_t to_ms, std::function<void(const net::SnapshotAnswer&)> done) override;
  void list(std::function<void(const std::vector<net::SnapshotRow>&, const std::string& error)> done) override;

 private:
  SimLoop& loop_;
  store::StoreWriter& store_;
  std::vector<stream::WorldSnapshotMapping> worlds_;
  ReplayWorkers* jobs_;
  net::Hub& hub_;
};

}  // namespace meadow::app
