#include "watch/frame_follower.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <utility>

namespace meadow::client {

namespace {

// World units: how close a mark or rock must be to where the action put it. Positions travel as
// floats, so they come back exact; a rock is nudged only when it would overlap the land's edge.
constexpr float kProbeTolerance = 1.0F;

bool near(const v1::Vec2& a, const v1::Vec2& b) {
  return std::abs(a.x() - b.x()) <= kProbeTolerance && std::abs(a.y() - b.y()) <= kProbeTolerance;
}

}  // namespace

FrameFollower::FrameFollower(bool decode_light) : decode_light_(decode_light) {}

void FrameFollower::take(v1::ServerMessage&& message, std::size_t bytes, Clock::time_point now) {
  bytes_ += bytes;
  if (!first_at_) first_at_ = now;
  switch (message.body_case()) {
    case v1::ServerMessage::kWelcome:
      welcomed_ = true;
      session_id_ = message.welcome().session_id();
      world_bounds_ = message.welcome().world_bounds();
      rocks_.assign(message.welcome().rocks().begin(), message.welcome().rocks().end());
      last_number_.reset();  // a new session: its frames start a new chain
      break;
    case v1::ServerMessage::kFrame:
      take_frame(std::move(*message.mutable_frame()), now);
      break;
    case v1::ServerMessage::kRocks:
      rocks_.assign(message.rocks().rocks().begin(), message.rocks().rocks().end());
      if (rock_probe_) {
        for (const auto& rock : rocks_) {
          if (near(rock.center(), rock_probe_->at)) {
            end_probe(rock_probe_, now);
            break;
          }
        }
      }
      break;
    case v1::ServerMessage::kNotice:
      ++notices_;
      last_notice_code_ = message.notice().code();
      break;
    default:
      break;
  }
}

void FrameFollower::take_frame(v1::Frame&& frame, Clock::time_point now) {
  ++frames_;
  if (last_number_ && frame.number() > *last_number_ + 1) skipped_ += frame.number() - *last_number_ - 1;
  last_number_ = frame.number();
  if (frame.has_world_bounds()) world_bounds_ = frame.world_bounds();
  if (predator_probe_) {
    for (const auto& mark : frame.marks()) {
      if (mark.tool() == v1::TOOL_PREDATOR && mark.owner_session() == session_id_ &&
          near(mark.position(), predator_probe_->at)) {
        end_probe(predator_probe_, now);
        break;
      }
    }
  }
  if (frame.has_light()) decode(frame);
  last_frame_ = std::move(frame);
}

void FrameFollower::decode_video(const v1::Frame& frame) {
  const v1::LightLayer& layer = frame.light();
  try {
    if (video_decoder_ == nullptr) {
      if (!layer.key()) return;  // wait for a key frame to start from
      video_decoder_ = std::make_unique<stream::VideoLightDecoder>();
    }
    stream::DecodedLight decoded = video_decoder_->decode(layer.data());
    if (decoded.width != layer.width() || decoded.height != layer.height()) {
      throw stream::VideoError("a video frame of another size than its light layer");
    }
    LightRaster next;
    next.width = decoded.width;
    next.height = decoded.height;
    next.channels = std::max<std::uint32_t>(1, std::min<std::uint32_t>(layer.channels(), 2));
    next.pixels = std::move(decoded.intensity);
    if (next.channels == 2) next.pixels.insert(next.pixels.end(), decoded.heat.begin(), decoded.heat.end());
    next.frame = frame.number();
    next.tick = frame.tick();
    light_ = std::move(next);
  } catch (const stream::VideoError&) {
    ++light_errors_;
    light_.reset();
    video_decoder_.reset();  // start again from the next key frame
  }
}

void FrameFollower::decode(const v1::Frame& frame) {
  const v1::LightLayer& layer = frame.light();
  if (layer.codec() == v1::LIGHT_CODEC_VP9) {
    ++video_frames_;
    if (decode_light_) decode_video(frame);
    return;
  }
  if (!decode_light_) return;
  // The planes stacked: rows of `width` bytes, height × channels of them (docs/light-codec.md).
  const std::size_t row = layer.width();
  const std::size_t rows = static_cast<std::size_t>(layer.height()) * layer.channels();
  try {
    if (layer.key()) {
      LightRaster next;
      next.width = layer.width();
      next.height = layer.height();
      next.channels = layer.channels();
      if (light_) next.pixels.swap(light_->pixels);  // reuse the buffer
      decoder_.decode_key(layer.data(), row, rows, next.pixels);
      light_ = std::move(next);
    } else if (light_ && light_->frame == layer.base_frame() && light_->width == layer.width() &&
               light_->height == layer.height() && light_->channels == layer.channels()) {
      decoder_.decode_delta(layer.data(), light_->pixels, row, light_->pixels);
    } else {
      return;  // a delta whose base this viewer has not got: wait for the next key frame
    }
    light_->frame = frame.number();
    light_->tick = frame.tick();
  } catch (const stream::CodecError&) {
    ++light_errors_;
    light_.reset();
  }
}

void FrameFollower::expect_predator_at(const v1::Vec2& at, Clock::time_point sent) { predator_probe_ = Probe{at, sent}; }
void FrameFollower::expect_rock_at(const v1::Vec2& at, Clock::time_point sent) { rock_probe_ = Probe{at, sent}; }

void FrameFollower::drop_probes() {
  predator_probe_.reset();
  rock_probe_.reset();
}

void FrameFollower::end_probe(std::optional<Probe>& probe, Clock::time_point now) {
  latencies_ms_.push_back(std::chrono::duration<double, std::milli>(now - probe->sent).count());
  probe.reset();
}

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0.0;
  const double rank = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(values.size()));
  const std::size_t index = rank < 1.0 ? 0 : static_cast<std::size_t>(rank) - 1;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(index), values.end());
  return values[index];
}

}  // namespace meadow::client
