// How frogs get about (docs/rules.md "The frog"): a frog sits 3 … 8 s, then hops, at most
// frog_hop_length, towards where the fireflies it senses linger: the flower most of them forage at
// (it follows a stream of foragers to its flower, and settles beside it); with no forager about,
// any way. Never into (or across) the stump's keep-out, onto a rock or another frog, or off the
// meadow. A hop is a straight glide over frog_hop_steps.
#include <algorithm>
#include <cmath>

#include "sim/colony/colony.hpp"
#include "sim/colony/colony_random.hpp"

namespace meadow::sim {

namespace {

// A blocked hop tries the ways either side of the wanted one, this far apart, up to behind it.
constexpr float kHopSwerve = kTau / 12.0F;  // radians (30°)
constexpr int kHopWays = 12;                // the wanted way, ±30°, ±60°, … and straight back
// A frog settles this share of its reach from the flower it hunts at, and sits on there.
constexpr float kBeside = 0.5F;

Vec2 hop_point(Vec2 from, Vec2 to, float t) { return {from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t}; }

// How close the straight hop from `from` to `to` passes to `p` (units).
float closest_pass(Vec2 p, Vec2 from, Vec2 to) {
  const Vec2 d{to.x - from.x, to.y - from.y};
  const float length2 = d.x * d.x + d.y * d.y;
  const float t = length2 > 0.0F ? std::clamp(((p.x - from.x) * d.x + (p.y - from.y) * d.y) / length2, 0.0F, 1.0F) : 0.0F;
  return distance(p, hop_point(from, to, t));
}

}  // namespace

std::uint64_t Colony::draw_sit(std::uint32_t frog) const {
  const std::uint32_t low = params_.frog_sit_min_steps;
  const std::uint32_t span = std::max(low, params_.frog_sit_max_steps) - low;
  const float u = random(colony_random::kFrogSit).unit(frog);
  return low + static_cast<std::uint64_t>(u * static_cast<float>(span));
}

void Colony::move_frogs(const Land& land) {
  for (Frog& frog : state_.frogs) move_frog(frog, land);
}

void Colony::move_frog(Frog& frog, const Land& land) {
  if (frog.gulp_steps > 0) --frog.gulp_steps;
  if (!frog.hopping()) {
    if (state_.step < frog.next_hop_step) return;
    if (!take_off(frog, land)) {
      frog.next_hop_step = state_.step + draw_sit(frog.id);
      return;
    }
  }
  const std::uint32_t hop_steps = std::max(1U, params_.frog_hop_steps);
  if (++frog.hop_step < hop_steps) {
    frog.at = hop_point(frog.hop_from, frog.hop_to, static_cast<float>(frog.hop_step) / static_cast<float>(hop_steps));
    return;
  }
  frog.at = frog.hop_to;
  frog.hop_step = 0;
  frog.next_hop_step = state_.step + draw_sit(frog.id);
}

bool Colony::take_off(Frog& frog, const Land& land) {
  const std::optional<Vec2> to = hop_landing(frog, land);
  if (!to) return false;
  frog.hop_from = frog.at;
  frog.hop_to = *to;
  frog.heading = std::atan2(to->y - frog.at.y, to->x - frog.at.x);
  frog.lingering.clear();  // in the air it watches nobody; it starts again where it lands
  events_.add(tick_, FrogHopEvent{frog.id, frog.hop_from, frog.hop_to});
  return true;
}

std::optional<Vec2> Colony::where_fireflies_linger(Vec2 about) const {
  // They linger at the flowers they forage: the one that most of the foragers it senses (sitting
  // on it, or flying to or from it) belong to, the lowest id of equals.
  const float sense2 = params_.frog_sense_radius * params_.frog_sense_radius;
  const Flower* busiest = nullptr;
  std::uint32_t most = 0;
  for (const Flower& fl : state_.flowers) {
    if (!fl.has_nectar()) continue;
    const auto sensed = static_cast<std::uint32_t>(
        std::count_if(state_.fireflies.begin(), state_.fireflies.end(), [&](const ColonyFirefly& f) {
          return f.flower == fl.id && f.alive() && distance_squared(f.at, about) <= sense2;
        }));
    if (sensed > most) {
      most = sensed;
      busiest = &fl;
    }
  }
  if (busiest == nullptr) return std::nullopt;
  return busiest->at;
}

std::optional<Vec2> Colony::hop_landing(const Frog& frog, const Land& land) const {
  // Towards where the fireflies it senses linger; with no forager about, any way.
  float way = 0.0F;
  float length = params_.frog_hop_length;
  if (const std::optional<Vec2> linger = where_fireflies_linger(frog.at)) {
    // It settles beside the flower, those sitting on it well within its reach; there it sits on.
    const float d = distance(*linger, frog.at) - params_.frog_reach * kBeside;
    if (d <= 0.0F) return std::nullopt;
    way = std::atan2(linger->y - frog.at.y, linger->x - frog.at.x);
    length = std::min(length, d);
  } else {
    way = random(colony_random::kFrogHop).unit(frog.id, 0) * kTau;
  }
  // Blocked (the stump's keep-out, a rock, another frog, the meadow's edge): the nearest way
  // round, a full hop or half of one. It may leap over a rock, never across the stump's
  // keep-out: a hop along its rim would cut into it.
  for (int i = 0; i < kHopWays; ++i) {
    const float side = (i % 2 == 1) ? 1.0F : -1.0F;
    const float turn = way + side * kHopSwerve * static_cast<float>((i + 1) / 2);
    for (const float share : {1.0F, 0.5F}) {
      const Vec2 to{frog.at.x + std::cos(turn) * length * share, frog.at.y + std::sin(turn) * length * share};
      if (frog_spot(to, land, frog.id) == FrogSpot::free &&
          closest_pass(stump_, frog.at, to) >= frog_stump_keep_out(params_)) {
        return to;
      }
    }
  }
  return std::nullopt;
}

}  // namespace meadow::sim
