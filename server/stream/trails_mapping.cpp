#include "stream/trails_mapping.hpp"

#include "stream/proto_mapping.hpp"
#include "stream/world_mapping.hpp"

namespace meadow::stream {

std::optional<sim::TrailPlan> trail_plan(const v1::TrailsRequest& request, const sim::TrailLimits& limits) {
  if (request.warmup_steps() > limits.warmup_steps || request.steps() > limits.steps ||
      request.count() > limits.count) {
    return std::nullopt;
  }
  sim::TrailPlan plan;
  if (request.world() != v1::WORLD_UNSPECIFIED && !world_from_proto(request.world(), plan.world)) return std::nullopt;
  plan.fresh = request.fresh();
  if (request.warmup_steps() != 0) plan.warmup_steps = request.warmup_steps();
  if (request.steps() != 0) plan.steps = request.steps();
  if (request.count() != 0) plan.count = request.count();
  return plan;
}

std::string trail_limits_text(const sim::TrailLimits& limits) {
  return "at most " + std::to_string(limits.warmup_steps) + " steps of warm-up, " + std::to_string(limits.steps) +
         " recorded, " + std::to_string(limits.count) + " fireflies or birds, of a world this server knows";
}

void to_proto(std::span<const sim::Trail> trails, const sim::TrailPlan& plan, const sim::Rect& world,
              std::uint64_t tick, v1::Trails& to) {
  for (const sim::Trail& t : trails) {
    v1::Trail& trail = *to.add_trails();
    trail.set_id(t.id);
    trail.set_red(t.colour[0]);
    trail.set_green(t.colour[1]);
    trail.set_blue(t.colour[2]);
    for (const std::vector<sim::Vec2>& piece : t.pieces) {
      v1::TrailPiece& p = *trail.add_pieces();
      p.mutable_xy()->Reserve(static_cast<int>(2 * piece.size()));
      for (const sim::Vec2& v : piece) {
        p.add_xy(v.x);
        p.add_xy(v.y);
      }
    }
  }
  to_proto(world, *to.mutable_world());
  to.set_tick(tick);
  to.set_warmup_steps(plan.warmup_steps);
  to.set_steps(plan.steps);
  to.set_count(plan.count);
  to.set_source(to_proto(plan.world));
  to.set_fresh(plan.fresh);
}

}  // namespace meadow::stream
