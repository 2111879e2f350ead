#pragma once
// The operator's Save, Restore and ListSnapshots (net/snapshot_control.hpp) done for real: a save
// copies the meadow on the sim thread between two ticks and hands it to the store's thread; a
// restore reads the snapshot on the store's thread, then restores it on the sim thread between two
// ticks (and a new timeline of the journal starts with it); a list reads the store.
#include "app/sim_loop.hpp"
#include "net/snapshot_control.hpp"
#include "store/store_writer.hpp"
#include "stream/world_snapshot.hpp"

namespace meadow::app {

class StoreSnapshotControl final : public net::SnapshotControl {
 public:
  StoreSnapshotControl(SimLoop& loop, store::StoreWriter& store, std::vector<stream::WorldSnapshotMapping> worlds);

  void save(std::string name, std::function<void(const net::SnapshotAnswer&)> done) override;
  void restore(std::string name, std::function<void(const net::SnapshotAnswer&)> done) override;
  void list(std::function<void(const std::vector<net::SnapshotRow>&, const std::string& error)> done) override;

 private:
  SimLoop& loop_;
  store::StoreWriter& store_;
  std::vector<stream::WorldSnapshotMapping> worlds_;
};

}  // namespace meadow::app
