#pragma once
// Who holds what lies in the meadow (rocks, attract marks, crumbs, dropped flowers, frogs, a
// world's food): a viewer's session, and who that viewer is at the door (Action::visitor, the
// same for every session one address opens). A viewer's cap counts what its own session placed
// and what any other session of the same visitor placed, so that a visitor's eight tabs, or its
// reconnections, hold what one viewer may and the meadow-wide caps are not whoever opens the
// most sessions'.
#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace meadow::sim {

// Whether something placed by session `item_owner` of `item_visitor` counts against the cap of
// session `owner` of `visitor` (0: a visitor not known, as the operator's and old snapshots').
[[nodiscard]] constexpr bool counts_against(std::uint64_t owner, std::uint64_t visitor, std::uint64_t item_owner,
                                            std::uint64_t item_visitor) {
  return item_owner == owner || (visitor != 0 && item_visitor == visitor);
}

// How many of `items` count against (owner, visitor); `owner_of(item)` and `visitor_of(item)`
// read an item's.
template <typename Items, typename OwnerOf, typename VisitorOf>
[[nodiscard]] std::size_t held_by(const Items& items, std::uint64_t owner, std::uint64_t visitor, OwnerOf owner_of,
                                  VisitorOf visitor_of) {
  return static_cast<std::size_t>(std::count_if(std::begin(items), std::end(items), [&](const auto& item) {
    return counts_against(owner, visitor, owner_of(item), visitor_of(item));
  }));
}

}  // namespace meadow::sim
