#include "sim/swarm/swarm_population.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <vector>

#include "sim/random.hpp"
#include "sim/swarm/swarm_rules.hpp"
#include "sim/swarm/tool_rules.hpp"
#include "sim/swarm/swarm_random.hpp"

namespace meadow::sim::population {

namespace r = swarm_rules;
namespace t = tool_rules;

namespace {

// A new swarm tries this many random spots per firefly to find one off the rocks.
constexpr std::uint32_t kPlacementAttempts = 16;

bool on_a_rock(float x, float y, const Land& land) {
  return std::any_of(land.rocks().begin(), land.rocks().end(), [&](const Rock& rock) {
    const float dx = x - rock.center.x;
    const float dy = y - rock.center.y;
    return dx * dx + dy * dy <= rock.radius * rock.radius;
  });
}

}  // namespace

float distance_to_edge(float x, float y, const Rect& world) {
  return std::min(std::min(x - world.x, world.right() - x), std::min(y - world.y, world.bottom() - y));
}

void place_random(FireflyArrays& f, std::size_t count, const Land& land, std::uint64_t seed,
                  std::uint32_t& next_id) {
  const Rect world = land.world();
  const CounterRandom place(seed, 0, swarm_random::kPlacement);
  const CounterRandom heading(seed, 0, swarm_random::kHeading);
  f.reserve(f.size() + count);
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t id = next_id++;
    float x = 0.0F;
    float y = 0.0F;
    for (std::uint32_t attempt = 0; attempt < kPlacementAttempts; ++attempt) {
      const std::uint64_t bits = place.bits(id, attempt);
      x = world.x + unit_float(bits) * world.width;
      y = world.y + unit_float_low(bits) * world.height;
      if (!on_a_rock(x, y, land)) break;  // after the last attempt the rock's push frees it
    }
    const float angle = heading.unit(id, 0) * kTau;
    const float speed = r::kMinSpeed + heading.unit(id, 1) * (r::kMaxSpeed - r::kMinSpeed);
    f.push_back(x, y, std::cos(angle) * speed, std::sin(angle) * speed, id);
  }
}

void mark_leavers(FireflyArrays& f, std::size_t leavers, const Rect& world) {
  if (leavers == 0) return;
  std::vector<std::uint32_t> idx;  // the fireflies not yet leaving
  idx.reserve(f.size());
  for (std::size_t i = 0; i < f.size(); ++i) {
    if ((f.flags[i] & kFlagLeaving) == 0) idx.push_back(static_cast<std::uint32_t>(i));
  }
  if (leavers >= idx.size()) {
    for (const std::uint32_t i : idx) f.flags[i] = kFlagLeaving;
    return;
  }
  std::vector<float> edge(f.size());
  for (const std::uint32_t i : idx) edge[i] = distance_to_edge(f.x[i], f.y[i], world);
  // Exact selection in linear time; the id breaks ties so the choice never depends on order.
  const auto nearer = [&](std::uint32_t a, std::uint32_t b) {
    return edge[a] != edge[b] ? edge[a] < edge[b] : f.id[a] < f.id[b];
  };
  std::nth_element(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(leavers), idx.end(), nearer);
  for (std::size_t k = 0; k < leavers; ++k) f.flags[idx[k]] = kFlagLeaving;
}

void remove_nearest_edge(FireflyArrays& f, std::size_t leavers, const Rect& world) {
  if (leavers == 0) return;
  // Chosen among everyone, as if nobody were leaving yet; the flags of those who stay are kept.
  const LargeVector<std::uint8_t> flags = f.flags;
  std::fill(f.flags.begin(), f.flags.end(), std::uint8_t{0});
  mark_leavers(f, leavers, world);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f.flags[i] != 0) continue;
    f.flags[i] = flags[i];
    if (kept != i) f.move_within(kept, i);
    ++kept;
  }
  f.resize(kept);
}

namespace {

// Calls back up to `wanted` leavers, those farthest from an edge first; returns how many.
std::size_t recall_leavers(FireflyArrays& f, std::size_t wanted, const Rect& world) {
  std::vector<std::uint32_t> idx;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if ((f.flags[i] & kFlagLeaving) != 0) idx.push_back(static_cast<std::uint32_t>(i));
  }
  const std::size_t recalled = std::min(wanted, idx.size());
  std::vector<float> edge(f.size());
  for (const std::uint32_t i : idx) edge[i] = distance_to_edge(f.x[i], f.y[i], world);
  const auto farther = [&](std::uint32_t a, std::uint32_t b) {
    return edge[a] != edge[b] ? edge[a] > edge[b] : f.id[a] < f.id[b];
  };
  std::nth_element(idx.begin(), idx.begin() + static_cast<std::ptrdiff_t>(recalled), idx.end(), farther);
  for (std::size_t k = 0; k < recalled; ++k) {
    const std::uint32_t i = idx[k];
    // A leaver is removed once kLeaveBeyond outside, so one called back may be just outside.
    f.flags[i] = world.contains({f.x[i], f.y[i]}) ? 0 : kFlagArriving;
  }
  return recalled;
}

}  // namespace

std::size_t leaving(const FireflyArrays& f) {
  return static_cast<std::size_t>(std::count_if(f.flags.begin(), f.flags.end(),
                                                [](std::uint8_t fl) { return (fl & kFlagLeaving) != 0; }));
}

void resize(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals, std::uint32_t& next_id) {
  resize(f, count, world, arrivals, next_id, mark_leavers);
}

void resize(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals, std::uint32_t& next_id,
            const MarkLeavers& mark) {
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f.flags[i] == 0 && !world.contains({f.x[i], f.y[i]})) f.flags[i] = kFlagArriving;
  }
  const std::size_t staying = f.size() - leaving(f);
  if (count < staying) {
    mark(f, staying - count, world);
  } else if (count > staying) {
    const std::size_t recalled = recall_leavers(f, count - staying, world);
    add_newcomers(f, count - staying - recalled, world, arrivals, next_id);
  }
}

void settle(FireflyArrays& f, const Rect& world) {
  // Almost always nobody is in transit: one quick scan of the flag bytes says so.
  std::size_t kept = first_in_transit(f.flags);
  if (kept == f.size()) return;
  for (std::size_t i = kept; i < f.size(); ++i) {
    const std::uint8_t flags = f.flags[i];
    if ((flags & kFlagLeaving) != 0) {
      if (distance_to_edge(f.x[i], f.y[i], world) < -t::kLeaveBeyond) continue;  // gone
    } else if ((flags & kFlagArriving) != 0 && world.contains({f.x[i], f.y[i]})) {
      f.flags[i] = 0;
    }
    if (kept != i) f.move_within(kept, i);
    ++kept;
  }
  if (kept != f.size()) f.resize(kept);
}

std::size_t first_in_transit(std::span<const std::uint8_t> flags) {
  // 32 flags a turn, as four 8-byte words: byte by byte took 3.5 instructions a firefly, on one
  // thread, every step.
  const std::size_t n = flags.size();
  std::size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    std::uint64_t words[4];
    std::memcpy(words, flags.data() + i, sizeof words);
    if ((words[0] | words[1] | words[2] | words[3]) != 0) break;
  }
  for (; i < n; ++i) {
    if (flags[i] != 0) return i;
  }
  return n;
}

bool any_in_transit(std::span<const std::uint8_t> flags) { return first_in_transit(flags) != flags.size(); }

namespace {

// Where a flock of newcomers starts, which way it heads, and its members' flags.
struct FlockStart {
  Vec2 centre;
  float angle = 0.0F;
  std::uint8_t flags = 0;
};

// A flock flying in over the world's edges (the world did not grow), keyed by its first member's
// id, which no other flock ever has.
FlockStart start_at_an_edge(const Rect& world, const CounterRandom& flock_random, std::uint32_t first) {
  // A point on the perimeter, uniform along it, then the edge it lies on, its inward normal
  // and the direction along the edge towards the edge's middle. The flock starts outside
  // that edge, each flock at its own distance so that they come in one after another.
  float along = flock_random.unit(first, 0) * 2.0F * (world.width + world.height);
  const float outset = t::kArriveOutsetMin + flock_random.unit(first, 2) * (t::kArriveOutsetMax - t::kArriveOutsetMin);
  const Vec2 mid = world.center();
  Vec2 centre;
  Vec2 inward;
  const auto inset_along = [](float t_along, float length) {
    return std::clamp(t_along, std::min(r::kNewcomerInset, 0.5F * length),
                      std::max(length - r::kNewcomerInset, 0.5F * length));
  };
  if (along < world.width) {  // top edge
    centre = {world.x + inset_along(along, world.width), world.y - outset};
    inward = {0.0F, 1.0F};
  } else if ((along -= world.width) < world.height) {  // right edge
    centre = {world.right() + outset, world.y + inset_along(along, world.height)};
    inward = {-1.0F, 0.0F};
  } else if ((along -= world.height) < world.width) {  // bottom edge
    centre = {world.x + inset_along(along, world.width), world.bottom() + outset};
    inward = {0.0F, -1.0F};
  } else {  // left edge
    along -= world.width;
    centre = {world.x - outset, world.y + inset_along(along, world.height)};
    inward = {1.0F, 0.0F};
  }
  // Along the edge towards its middle, and how far the centre is from the edge's nearer end.
  const bool horizontal = inward.x == 0.0F;
  const Vec2 to_middle = horizontal ? Vec2{centre.x <= mid.x ? 1.0F : -1.0F, 0.0F}
                                    : Vec2{0.0F, centre.y <= mid.y ? 1.0F : -1.0F};
  const float from_corner = horizontal ? std::min(centre.x - world.x, world.right() - centre.x)
                                       : std::min(centre.y - world.y, world.bottom() - centre.y);
  // The flock turns off straight inwards by up to kNewcomerFlockTurn; near a corner always
  // towards the middle, and by more than a member's own turn, so nobody heads into the edge
  // beside it.
  float turn = flock_random.signed_unit(first, 1) * r::kNewcomerFlockTurn;
  if (from_corner < r::kEdgeMargin) {
    turn = std::max(std::abs(turn), r::kNewcomerMemberTurn + 0.05F);
  }
  const Vec2 heading{inward.x * std::cos(turn) + to_middle.x * std::sin(turn),
                     inward.y * std::cos(turn) + to_middle.y * std::sin(turn)};
  return {centre, std::atan2(heading.y, heading.x), kFlagArriving};
}

// A flock in the land the world gained: its centre uniform over it (a strip chosen by its area,
// `total` of them all, then a point in it), kept kNewcomerSpread inside the world so that the
// whole flock starts in, heading any way.
FlockStart start_in_gained_land(const Rect& world, const std::vector<Rect>& gained, double total,
                                const CounterRandom& flock_random, std::uint32_t first) {
  double pick = flock_random.unit(first, 0) * total;
  const Rect* strip = &gained.back();
  for (const Rect& candidate : gained) {
    const double area = static_cast<double>(candidate.width) * candidate.height;
    if (pick < area) {
      strip = &candidate;
      break;
    }
    pick -= area;
  }
  const float inset_x = std::min(r::kNewcomerSpread, 0.5F * world.width);
  const float inset_y = std::min(r::kNewcomerSpread, 0.5F * world.height);
  const Vec2 centre{
      std::clamp(strip->x + flock_random.unit(first, 1) * strip->width, world.x + inset_x, world.right() - inset_x),
      std::clamp(strip->y + flock_random.unit(first, 2) * strip->height, world.y + inset_y, world.bottom() - inset_y)};
  return {centre, flock_random.unit(first, 3) * kTau, 0};
}

// A flock's `members`, uniform over a disc around its centre (the square root spreads them evenly
// by area), each heading off the flock's way by at most kNewcomerMemberTurn.
void add_members(FireflyArrays& f, const FlockStart& start, std::size_t members, const CounterRandom& member_random,
                 std::uint32_t& next_id) {
  const float speed = 0.5F * (r::kMinSpeed + r::kMaxSpeed);
  for (std::size_t m = 0; m < members; ++m) {
    const std::uint32_t id = next_id++;
    const float radius = r::kNewcomerSpread * std::sqrt(member_random.unit(id, 0));
    const float around = member_random.unit(id, 1) * kTau;
    const float x = start.centre.x + radius * std::cos(around);
    const float y = start.centre.y + radius * std::sin(around);
    const float angle = start.angle + member_random.signed_unit(id, 2) * r::kNewcomerMemberTurn;
    f.push_back(x, y, std::cos(angle) * speed, std::sin(angle) * speed, id, start.flags);
  }
}

}  // namespace

std::vector<Rect> gained_land(const Rect& world, const Rect& before) {
  // The old world clipped to the new one; what lies outside it, strip by strip.
  const float left = std::clamp(before.x, world.x, world.right());
  const float right = std::clamp(before.right(), world.x, world.right());
  const float top = std::clamp(before.y, world.y, world.bottom());
  const float bottom = std::clamp(before.bottom(), world.y, world.bottom());
  std::vector<Rect> strips;
  const auto keep = [&strips](Rect r) {
    if (r.width > 0.0F && r.height > 0.0F) strips.push_back(r);
  };
  keep({world.x, world.y, world.width, top - world.y});                  // above
  keep({world.x, bottom, world.width, world.bottom() - bottom});         // below
  keep({world.x, top, left - world.x, bottom - top});                    // left
  keep({right, top, world.right() - right, bottom - top});               // right
  return strips;
}

void add_newcomers(FireflyArrays& f, std::size_t count, const Rect& world, const Arrivals& arrivals,
                   std::uint32_t& next_id) {
  const CounterRandom flock_random(arrivals.seed, arrivals.step, swarm_random::kNewcomerFlock);
  const CounterRandom member_random(arrivals.seed, arrivals.step, swarm_random::kNewcomerMember);
  f.reserve(f.size() + count);
  const std::vector<Rect> gained = arrivals.grown_from ? gained_land(world, *arrivals.grown_from) : std::vector<Rect>{};
  double total = 0.0;
  for (const Rect& strip : gained) total += static_cast<double>(strip.width) * strip.height;
  while (count > 0) {
    const std::size_t members = std::min(count, r::kNewcomerFlockSize);
    count -= members;
    const FlockStart start = gained.empty() ? start_at_an_edge(world, flock_random, next_id)
                                            : start_in_gained_land(world, gained, total, flock_random, next_id);
    add_members(f, start, members, member_random, next_id);
  }
}

}  // namespace meadow::sim::population
