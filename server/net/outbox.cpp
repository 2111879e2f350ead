#include "net/outbox.hpp"

#include <utility>

namespace meadow::net {

void Outbox::offer_frame(stream::FrameBundlePtr bundle) {
  if (latest_ != nullptr) ++frames_dropped_;
  latest_ = std::move(bundle);
}

bool Outbox::offer_reliable(SharedBytes message) {
  if (reliable_.size() >= reliable_capacity_) return false;
  reliable_.push_back(std::move(message));
  return true;
}

std::optional<OutMessage> Outbox::next() {
  if (!reliable_.empty()) {
    SharedBytes message = std::move(reliable_.front());
    reliable_.pop_front();
    const std::string_view bytes{*message};
    return OutMessage{std::move(message), bytes};
  }
  if (latest_ != nullptr) {
    stream::FrameBundlePtr bundle = std::move(latest_);
    latest_.reset();
    const stream::WorldFrame& frame = bundle->world(world_);
    const bool delta_fits = !frame.delta_message.empty() && last_sent_frame_ &&
                            *last_sent_frame_ == frame.delta_base;
    const std::string& bytes = delta_fits ? frame.delta_message : frame.key_message;
    if (bytes.empty()) return std::nullopt;  // this world is not streamed in the bundle
    last_sent_frame_ = bundle->number;
    const std::uint64_t number = bundle->number;
    return OutMessage{std::move(bundle), std::string_view{bytes}, true, number};
  }
  return std::nullopt;
}

}  // namespace meadow::net
