#include "sim/state_hash.hpp"

#include <cstring>
#include <type_traits>

#include "sim/colony/colony_world.hpp"
#include "sim/mold/mold_world.hpp"
#include "sim/swarm/swarm_world.hpp"

namespace meadow::sim {

namespace {

class Fnv1a {
 public:
  void add(float f) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    word(bits);
  }
  void add(double d) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &d, sizeof bits);
    word(bits);
  }
  template <typename T>
    requires(std::is_integral_v<T> || std::is_enum_v<T>)
  void add(T v) {
    word(static_cast<std::uint64_t>(v));
  }
  void add(Vec2 v) {
    add(v.x);
    add(v.y);
  }
  [[nodiscard]] std::uint64_t value() const { return h_; }

 private:
  void word(std::uint64_t w) { h_ = (h_ ^ w) * 1099511628211ULL; }
  std::uint64_t h_ = 14695981039346656037ULL;
};

}  // namespace

std::uint64_t swarm_state_hash(const SwarmView& v) {
  Fnv1a h;
  for (std::size_t i = 0; i < v.x.size(); ++i) {
    h.add(v.x[i]);
    h.add(v.y[i]);
    h.add(v.vx[i]);
    h.add(v.vy[i]);
  }
  return h.value();
}

std::uint64_t colony_state_hash(const ColonyState& c) {
  Fnv1a h;
  for (const ColonyFirefly& f : c.fireflies) {
    h.add(f.id);
    h.add(f.at);
    h.add(f.velocity);
    h.add(f.energy);
    h.add(f.state);
    h.add(f.timer);
    h.add(f.flower);
    h.add(f.remembered);
    h.add(f.carried_from);
    h.add(f.phase);
    h.add(f.period);
    h.add(f.since_flash);
    h.add(f.heading);
    h.add(f.meal_gained);
    h.add(f.seed_steps);
  }
  for (const Flower& f : c.flowers) {
    h.add(f.id);
    h.add(f.at);
    h.add(f.sips);
    h.add(f.stage);
    h.add(f.age);
    h.add(f.life);
    h.add(f.dropped);
    h.add(f.dropped_by);
  }
  for (const GroupSync& g : c.groups) {
    h.add(g.flower);
    h.add(g.members);
    h.add(g.sync);
    h.add(g.mean_phase);
    h.add(g.in_sync);
  }
  for (const FallingSeed& s : c.seeds) {
    h.add(s.id);
    h.add(s.at);
    h.add(s.steps_left);
    h.add(s.fall_steps);
  }
  h.add(c.breeze.next_gust_step);
  h.add(c.breeze.gust_start);
  h.add(c.breeze.gusts);
  h.add(c.breeze.gust_swing);
  h.add(c.breeze.gust_boost);
  h.add(c.breeze.gusting);
  h.add(c.store);
  h.add(c.step);
  h.add(c.last_birth_step);
  h.add(c.had_birth);
  h.add(c.next_firefly_id);
  h.add(c.next_flower_id);
  h.add(c.next_seed_id);
  // The frogs only once one has been dropped, so a colony that never saw a frog keeps the
  // fingerprint it had before there were frogs (the golden hashes, old recordings' logs).
  if (c.next_frog_id != 1) {
    for (const Frog& f : c.frogs) {
      h.add(f.id);
      h.add(f.at);
      h.add(f.heading);
      h.add(f.hop_from);
      h.add(f.hop_to);
      h.add(f.hop_step);
      h.add(f.next_hop_step);
      h.add(f.digest_until_step);
      h.add(f.gulp_steps);
      h.add(f.owner);
      h.add(f.lingering.size());
      for (const FrogLingerer& l : f.lingering) {
        h.add(l.firefly);
        h.add(l.steps);
      }
    }
    h.add(c.next_frog_id);
    h.add(c.eaten_by_frogs);
  }
  return h.value();
}

std::uint64_t mold_state_hash(const MoldAgentsView& agents, const TrailView& trail) {
  Fnv1a h;
  h.add(agents.x.size());
  for (std::size_t i = 0; i < agents.x.size(); ++i) {
    h.add(agents.x[i]);
    h.add(agents.y[i]);
    h.add(agents.heading[i]);
  }
  h.add(trail.size.width);
  h.add(trail.size.height);
  for (const std::uint16_t c : trail.cells) h.add(c);
  return h.value();
}

std::uint64_t meadow_state_hash(const Meadow& meadow) {
  Fnv1a h;
  h.add(meadow.tick());
  for (const Rock& rock : meadow.land().rocks()) {
    h.add(rock.id);
    h.add(rock.center);
  }
  if (const World* w = meadow.world(WorldKind::swarm)) {
    h.add(swarm_state_hash(static_cast<const SwarmWorld&>(*w).swarm().view()));
  }
  if (const World* w = meadow.world(WorldKind::colony)) {
    h.add(colony_state_hash(static_cast<const ColonyWorld&>(*w).colony().state()));
  }
  if (const World* w = meadow.world(WorldKind::mold)) {
    const MoldEngine& mold = static_cast<const MoldWorld&>(*w).mold();
    h.add(mold_state_hash(mold.agents(), mold.trail()));
  }
  return h.value();
}

}  // namespace meadow::sim
