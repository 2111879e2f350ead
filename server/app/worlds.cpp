#include "app/worlds.hpp"

#include "app/plate/plate_module.hpp"
#include "app/pond/pond_module.hpp"

namespace meadow::app {

void WorldOptions::use_cpu_engines() {
  swarm.engine = "cpu";
  mold.engine = "cpu";
}

void add_world_flags(CLI::App& app, WorldOptions& options) {
  add_swarm_flags(*app.add_option_group("swarm", "The swarm (docs/rules.md \"The swarm\")"), options.swarm);
  add_mold_flags(*app.add_option_group("mold", "The mold (docs/mold.md)"), options.mold);
}

std::vector<WorldRegistration> standard_worlds(const WorldOptions& options) {
  return {swarm_registration(options.swarm, options.gpu_warning), colony_registration(),
          mold_registration(options.mold, options.gpu_warning), pond_registration(), plate_registration()};
}

WorldOptions recording_options(const std::string& snapshot, WorldOptions options) {
  v1::SavedMeadow saved;
  if (saved.ParseFromString(snapshot)) {
    for (const v1::SavedWorld& w : saved.worlds()) {
      if (w.has_mold()) follow_recording(w.mold(), options.mold);
    }
  }
  return options;
}

std::vector<sim::WorldMaker> makers_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<sim::WorldMaker> out;
  for (const WorldRegistration& w : worlds) out.push_back(w.make);
  return out;
}

std::vector<std::unique_ptr<stream::WorldStream>> streams_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<std::unique_ptr<stream::WorldStream>> out;
  for (const WorldRegistration& w : worlds) {
    if (w.stream) out.push_back(w.stream());
  }
  return out;
}

std::vector<stream::WorldSnapshotMapping> snapshot_mappings_of(const std::vector<WorldRegistration>& worlds) {
  std::vector<stream::WorldSnapshotMapping> out;
  for (const WorldRegistration& w : worlds) {
    if (w.snapshot) out.push_back(*w.snapshot);
  }
  return out;
}

}  // namespace meadow::app
