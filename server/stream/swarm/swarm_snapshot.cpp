#include "stream/swarm/swarm_snapshot.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "sim/swarm/cpu_swarm.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/swarm_world_state.hpp"
#include "stream/count_turns_mapping.hpp"
#include "stream/proto_mapping.hpp"
#include "stream/snapshot_checks.hpp"

namespace meadow::stream {

namespace {

[[noreturn]] void swarm_damaged(const std::string& what) { throw std::invalid_argument("the swarm's snapshot: " + what); }

void swarm_mark_to_proto(const sim::ToolMark& from, v1::SavedMark& to) {
  to.set_id(from.id);
  to.set_owner(from.owner);
  to_proto(from.at, *to.mutable_at());
  to.set_visitor(from.visitor);
}

sim::ToolMark swarm_mark_from_proto(const v1::SavedMark& from) {
  return {from.id(), from.owner(), snapshot_checks::land_point(from.at(), "the swarm's snapshot: a mark"), from.visitor()};
}

// The speed setting: within swarm_rules' range (the engines' fixed-point sums count on it).
float swarm_speed_factor(float factor, const char* what) {
  namespace r = sim::swarm_rules;
  if (!(factor >= r::kLeastSpeedFactor && factor <= r::kMostSpeedFactor)) {
    snapshot_checks::damaged(std::string(what) + ": a speed setting out of range");
  }
  return factor;
}

// A count of fireflies: at most what the CPU engine holds.
std::size_t swarm_firefly_count(std::uint64_t count, const char* what) {
  if (count > sim::CpuSwarm::kMaxCount) snapshot_checks::damaged(std::string(what) + ": more fireflies than an engine holds");
  return static_cast<std::size_t>(count);
}

float swarm_weight(float w) {
  if (!(w >= sim::SwarmWeights::kMin && w <= sim::SwarmWeights::kMax)) swarm_damaged("a rule weight out of range");
  return w;
}

void engine_to_proto(const sim::SwarmEngineState& from, v1::SavedSwarmEngine& to) {
  to.set_steps(from.steps);
  to.set_next_id(from.next_id);
  to.set_separation(from.weights.separation);
  to.set_alignment(from.weights.alignment);
  to.set_cohesion(from.weights.cohesion);
  to.set_speed(from.weights.speed);
  v1::SavedSwarmMeasures& m = *to.mutable_measures();
  m.set_order(from.measures.order);
  m.set_mean_alignment(from.measures.mean_alignment);
  m.set_tightness(from.measures.tightness);
  m.set_mean_seen(from.measures.mean_seen);
  m.set_lonely(from.measures.lonely);
  const sim::FireflyArrays& f = from.fireflies;
  to.mutable_x()->Add(f.x.begin(), f.x.end());
  to.mutable_y()->Add(f.y.begin(), f.y.end());
  to.mutable_vx()->Add(f.vx.begin(), f.vx.end());
  to.mutable_vy()->Add(f.vy.begin(), f.vy.end());
  to.mutable_id()->Add(f.id.begin(), f.id.end());
  to.set_flags(std::string(f.flags.begin(), f.flags.end()));
}

void engine_from_proto(const v1::SavedSwarmEngine& from, sim::SwarmEngineState& to) {
  const auto n = static_cast<std::size_t>(from.x_size());
  if (n > sim::CpuSwarm::kMaxCount) swarm_damaged("more fireflies than an engine holds");
  if (static_cast<std::size_t>(from.y_size()) != n || static_cast<std::size_t>(from.vx_size()) != n ||
      static_cast<std::size_t>(from.vy_size()) != n || static_cast<std::size_t>(from.id_size()) != n ||
      from.flags().size() != n) {
    swarm_damaged("the fireflies' arrays differ in length");
  }
  to.steps = from.steps();
  to.next_id = from.next_id();
  to.weights = {swarm_weight(from.separation()), swarm_weight(from.alignment()), swarm_weight(from.cohesion()),
                from.has_speed() ? swarm_speed_factor(from.speed(), "the swarm's snapshot") : 1.0F};
  const v1::SavedSwarmMeasures& m = from.measures();
  to.measures = {m.order(), m.mean_alignment(), m.tightness(), m.mean_seen(), m.lonely()};
  sim::FireflyArrays& f = to.fireflies;
  f.x.assign(from.x().begin(), from.x().end());
  f.y.assign(from.y().begin(), from.y().end());
  f.vx.assign(from.vx().begin(), from.vx().end());
  f.vy.assign(from.vy().begin(), from.vy().end());
  f.id.assign(from.id().begin(), from.id().end());
  f.flags.assign(from.flags().begin(), from.flags().end());
  for (std::size_t i = 0; i < n; ++i) {
    (void)snapshot_checks::land_point(f.x[i], f.y[i], "the swarm's snapshot: a firefly");
    // The engines' fixed-point sums count on the speed band (swarm_rules::kFastestSpeed).
    (void)snapshot_checks::velocity(f.vx[i], f.vy[i], 2.0F * sim::swarm_rules::kFastestSpeed,
                                    "the swarm's snapshot: a firefly");
    if ((f.flags[i] & ~(sim::kFlagArriving | sim::kFlagLeaving)) != 0) swarm_damaged("a firefly of unknown flags");
  }
}

void swarm_to_saved(const sim::WorldState& state, v1::SavedWorld& to) {
  const auto& from = sim::state_as<sim::SwarmWorldState>(state);
  v1::SavedSwarm& s = *to.mutable_swarm();
  engine_to_proto(from.engine, *s.mutable_engine());
  v1::SavedSwarmTools& tools = *s.mutable_tools();
  for (const sim::ToolMark& m : from.tools.attract) swarm_mark_to_proto(m, *tools.add_attract());
  for (const sim::ToolMark& m : from.tools.crumbs) swarm_mark_to_proto(m, *tools.add_crumbs());
  for (const sim::SwarmPredator& p : from.tools.predators) {
    v1::SavedPredator& saved = *tools.add_predators();
    saved.set_owner(p.owner);
    to_proto(p.at, *saved.mutable_at());
  }
  tools.set_next_id(from.tools.next_id);
  tools.set_fed(from.tools.fed);
  v1::SavedSwarmPace& pace = *s.mutable_pace();
  pace.set_carry(from.pace.carry);
  pace.mutable_taken()->Add(from.pace.taken.begin(), from.pace.taken.end());
  pace.mutable_dropped()->Add(from.pace.dropped.begin(), from.pace.dropped.end());
  pace.set_ticks(from.pace.ticks);
  s.mutable_crossings()->mutable_above()->Add(from.crossings.above.begin(), from.crossings.above.end());
  s.mutable_crossings()->set_started(from.crossings.started);
  count_turns_to_proto(from.count_turns, *s.mutable_count_turns());
  s.set_target_count(from.target_count);
  s.set_admitted_count(from.admitted_count);
  s.set_aimed_count(from.aimed_count);
  s.set_per_meadow(from.per_meadow);
  to_proto(from.world, *s.mutable_world());
  to_proto(from.camera, *s.mutable_camera());
  if (from.pending_world) to_proto(*from.pending_world, *s.mutable_pending_world());
  if (from.grown_from) to_proto(*from.grown_from, *s.mutable_grown_from());
}

std::unique_ptr<sim::WorldState> swarm_from_saved(const v1::SavedWorld& from) {
  if (!from.has_swarm()) return nullptr;
  const v1::SavedSwarm& s = from.swarm();
  auto state = std::make_unique<sim::SwarmWorldState>();
  engine_from_proto(s.engine(), state->engine);
  for (const v1::SavedMark& m : s.tools().attract()) state->tools.attract.push_back(swarm_mark_from_proto(m));
  for (const v1::SavedMark& m : s.tools().crumbs()) state->tools.crumbs.push_back(swarm_mark_from_proto(m));
  for (const v1::SavedPredator& p : s.tools().predators()) {
    state->tools.predators.push_back({p.owner(), snapshot_checks::land_point(p.at(), "the swarm's snapshot: a predator")});
  }
  state->tools.next_id = s.tools().next_id();
  state->tools.fed = s.tools().fed();
  const v1::SavedSwarmPace& pace = s.pace();
  if (static_cast<std::size_t>(pace.taken_size()) != sim::SwarmPace::kWindowTicks ||
      static_cast<std::size_t>(pace.dropped_size()) != sim::SwarmPace::kWindowTicks) {
    swarm_damaged("a pace of another window");
  }
  if (!(pace.carry() >= 0.0 && pace.carry() < 1.0)) swarm_damaged("a pace owing a step or more");
  state->pace.carry = pace.carry();
  std::copy(pace.taken().begin(), pace.taken().end(), state->pace.taken.begin());
  std::copy(pace.dropped().begin(), pace.dropped().end(), state->pace.dropped.begin());
  state->pace.ticks = pace.ticks();
  state->crossings.above.assign(s.crossings().above().begin(), s.crossings().above().end());
  state->crossings.started = s.crossings().started();
  state->count_turns = count_turns_from_proto(s.count_turns(), sim::CpuSwarm::kMaxCount, "the swarm's snapshot");
  state->target_count = swarm_firefly_count(s.target_count(), "the swarm's target");
  state->admitted_count = swarm_firefly_count(s.admitted_count(), "the swarm's admitted count");
  state->aimed_count = swarm_firefly_count(s.aimed_count(), "the swarm's aimed count");
  state->per_meadow = s.per_meadow();
  if (state->per_meadow != sim::kCpuFirefliesPerMeadow && state->per_meadow != sim::kGpuFirefliesPerMeadow) {
    swarm_damaged("a world sized for no engine's density");
  }
  state->world = snapshot_checks::world_rect(s.world(), "the swarm's world");
  state->camera = snapshot_checks::world_rect(s.camera(), "the swarm's camera");
  if (s.has_pending_world()) state->pending_world = snapshot_checks::world_rect(s.pending_world(), "the swarm's next world");
  if (s.has_grown_from()) state->grown_from = snapshot_checks::world_rect(s.grown_from(), "the swarm's world before it grew");
  return state;
}

}  // namespace

WorldSnapshotMapping swarm_snapshot_mapping() { return {sim::WorldKind::swarm, &swarm_to_saved, &swarm_from_saved}; }

}  // namespace meadow::stream
