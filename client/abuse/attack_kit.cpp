#include "abuse/attack_kit.hpp"

namespace meadow::client::abuse {

void wait_out(const AttackContext& c, Clock::time_point end) {
  while (Clock::now() < end && !interrupted(c)) std::this_thread::sleep_for(Millis(50));
}

// Ends an address's viewers and adds up what they were answered: clear only when every one was.
AttackOutcome finish_all(std::vector<std::unique_ptr<FloodingViewer>>& viewers, std::uint64_t sent) {
  AttackOutcome out = viewers.front()->finish(sent);
  for (std::size_t v = 1; v < viewers.size(); ++v) {
    const AttackOutcome other = viewers[v]->finish(0);
    out.answered_clearly = out.answered_clearly && other.answered_clearly;
    for (const auto& [answer, n] : other.answers) out.answers[answer] += n;
  }
  return out;
}

}  // namespace meadow::client::abuse
