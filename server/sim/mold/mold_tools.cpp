#include "sim/mold/mold_tools.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "sim/holder.hpp"

namespace meadow::sim {
namespace {

[[nodiscard]] std::uint32_t fixed(float share) {
  return static_cast<std::uint32_t>(std::lround(share * static_cast<float>(mold_rules::kTrailOne)));
}

}  // namespace

std::size_t MoldTools::food_of(std::uint64_t owner, std::uint64_t visitor) const {
  return held_by(food_, owner, visitor, [](const MoldFood& f) { return f.owner; }, [](const MoldFood& f) { return f.visitor; });
}

ActionOutcome MoldTools::drop_food(std::uint64_t origin, std::uint64_t visitor, Vec2 at, const Rect& meadow,
                                   const Land& land) {
  if (!meadow.contains(at)) return refused("outside_world", "Oat flakes can only be dropped on the meadow.");
  if (land.rock_at(at)) return refused("no_room", "That is a rock: drop the flake beside it.");
  if (food_.size() >= mold_rules::kMaxFood) {
    return refused("food_limit", "The meadow already holds " + std::to_string(mold_rules::kMaxFood) +
                                     " oat flakes: wait until the mold has eaten one.");
  }
  if (origin != kOperator && food_of(origin, visitor) >= mold_rules::kMaxFoodPerViewer) {
    return refused("food_limit_viewer", "You have " + std::to_string(mold_rules::kMaxFoodPerViewer) +
                                            " oat flakes on the meadow (with your other tabs): wait until the mold has eaten one.");
  }
  food_.push_back(MoldFood{next_food_id_++, at, origin, 1.0F, 0, visitor});
  return {};
}

ActionOutcome MoldTools::held(std::vector<MoldPointer>& pointers, std::uint64_t origin, PointerPhase phase, Vec2 at) {
  auto it = std::find_if(pointers.begin(), pointers.end(), [origin](const MoldPointer& p) { return p.owner == origin; });
  if (phase == PointerPhase::up) {
    if (it != pointers.end()) pointers.erase(it);
    return {};
  }
  if (it == pointers.end()) {
    // A move without a down (the down was refused, or came in another world) holds nothing.
    if (phase == PointerPhase::move) return {};
    if (pointers.size() >= mold_rules::kMaxHeldPointers) {
      return refused("pointer_limit", "As many hands as the mold takes are on it already: try again in a moment.");
    }
    pointers.push_back(MoldPointer{origin, at, 0});
    return {};
  }
  it->at = at;
  it->until = 0;
  return {};
}

ActionOutcome MoldTools::attract(std::uint64_t origin, PointerPhase phase, Vec2 at) {
  return held(attracts_, origin, phase, at);
}

ActionOutcome MoldTools::attract_tap(std::uint64_t origin, Vec2 at, std::uint64_t step) {
  auto it = std::find_if(attracts_.begin(), attracts_.end(), [origin](const MoldPointer& p) { return p.owner == origin; });
  if (it == attracts_.end()) {
    if (attracts_.size() >= mold_rules::kMaxHeldPointers) {
      return refused("pointer_limit", "As many hands as the mold takes are on it already: try again in a moment.");
    }
    attracts_.push_back(MoldPointer{origin, at, step + kAttractTapSteps});
  } else {
    *it = MoldPointer{origin, at, step + kAttractTapSteps};
  }
  return ActionOutcome{true, "held_tool", "In the mold, attract feeds the map while you hold it down."};
}

ActionOutcome MoldTools::predator(std::uint64_t origin, PointerPhase phase, Vec2 at) {
  return held(predators_, origin, phase, at);
}

void MoldTools::pointer_released(std::uint64_t viewer) {
  std::erase_if(attracts_, [viewer](const MoldPointer& p) { return p.owner == viewer && p.until == 0; });
  std::erase_if(predators_, [viewer](const MoldPointer& p) { return p.owner == viewer; });
}

void MoldTools::viewer_left(std::uint64_t viewer) {
  // Its flakes stay until eaten; what it held goes.
  std::erase_if(attracts_, [viewer](const MoldPointer& p) { return p.owner == viewer; });
  std::erase_if(predators_, [viewer](const MoldPointer& p) { return p.owner == viewer; });
}

void MoldTools::rock_placed(const Rock& rock) {
  std::erase_if(food_, [&](const MoldFood& f) { return distance(f.at, rock.center) <= rock.radius; });
}

MoldInputs MoldTools::inputs(const MapPlacement& placement, std::uint64_t step) {
  std::erase_if(attracts_, [step](const MoldPointer& p) { return p.until != 0 && p.until <= step; });
  feed_.clear();
  repel_.clear();
  const float cell = placement.cell_width();
  for (const MoldFood& f : food_) {
    feed_.push_back(MoldDisc{placement.to_cells(f.at), mold_rules::kFoodRadius / cell, fixed(mold_rules::kFoodFeedPerStep)});
  }
  for (const MoldPointer& p : attracts_) {
    feed_.push_back(
        MoldDisc{placement.to_cells(p.at), mold_rules::kAttractRadius / cell, fixed(mold_rules::kAttractFeedPerStep)});
  }
  for (const MoldPointer& p : predators_) {
    repel_.push_back(MoldDisc{placement.to_cells(p.at), mold_rules::kRepelRadius / cell, 0});
  }
  return MoldInputs{feed_, repel_};
}

void MoldTools::after_step(std::span<const std::uint32_t> visits) {
  for (std::size_t k = 0; k < food_.size(); ++k) {
    MoldFood& f = food_[k];
    const std::uint32_t eaters = k < visits.size() ? visits[k] : 0;
    f.amount -= static_cast<float>(eaters) * mold_rules::kFoodEatenPerAgentStep;
    ++f.age;
  }
  std::erase_if(food_, [](const MoldFood& f) { return f.amount <= 0.0F || f.age >= mold_rules::kFoodLifeSteps; });
}

}  // namespace meadow::sim
