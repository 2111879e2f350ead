#include "sim/colony/colony_state_hash.hpp"

#include "sim/state_hasher.hpp"

namespace meadow::sim {

std::uint64_t colony_state_hash(const ColonyState& c) {
  StateHasher h;
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

}  // namespace meadow::sim
