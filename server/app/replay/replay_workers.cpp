#include "app/replay/replay_workers.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <utility>

namespace meadow::app {

namespace {

// A replay's frames are numbered from 2⁵² + 2³² × its number: never a live frame's number (30 a
// second from 1 would take millions of years to get there), nor another replay's, so a session
// never takes one's delta for the other's. Below 2⁵³ for JavaScript.
constexpr std::uint64_t kReplayNumbers = std::uint64_t{1} << 52U;
constexpr std::uint64_t kNumbersPerReplay = std::uint64_t{1} << 32U;

// What a viewer holds of its replay: dropping it stops the replay (its thread ends on its own and
// is joined by the workers, never by the session's network thread).
class ReplayTicket final : public net::ReplayHandle {
 public:
  explicit ReplayTicket(std::shared_ptr<NightReplay> replay) : replay_(std::move(replay)) {}
  ~ReplayTicket() override { replay_->stop(); }
  ReplayTicket(const ReplayTicket&) = delete;
  ReplayTicket& operator=(const ReplayTicket&) = delete;
  void seek(std::int64_t at_ms) override { replay_->seek(at_ms); }
  void speed(unsigned times) override { replay_->speed(times); }

 private:
  std::shared_ptr<NightReplay> replay_;
};

}  // namespace

ReplayWorkers::ReplayWorkers(std::filesystem::path state_dir, net::Hub& hub, double frame_rate, unsigned most)
    : state_dir_(std::move(state_dir)), hub_(hub), frame_rate_(frame_rate), most_(std::min(most, net::kMostReplaysCeiling)) {}

ReplayWorkers::~ReplayWorkers() {
  const std::lock_guard lock(mutex_);
  for (Running& r : running_) r.replay->stop();
  running_.clear();  // joins
  jobs_.clear();
}

TickTime ReplayWorkers::live() const {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  return {hub_.latest_tick(), std::chrono::duration_cast<std::chrono::milliseconds>(now).count()};
}

void ReplayWorkers::reap_locked() {
  running_.remove_if([](const Running& r) { return r.replay->finished(); });
}

std::shared_ptr<net::ReplayHandle> ReplayWorkers::start(std::uint64_t session, net::ReplayViewer viewer,
                                                        std::int64_t at_ms, unsigned speed) {
  const std::lock_guard lock(mutex_);
  reap_locked();
  if (running_.size() >= most_) {
    ++refused_;
    stream::ReplayStateView refused;
    refused.reason = most_ == 0 ? "replays of the night are turned off here"
                                : "all " + std::to_string(most_) + " replays this server runs at once are under way: try again in a while";
    viewer.message(net::shared(stream::replay_state_message(refused)));
    return nullptr;
  }
  NightReplaySetup setup;
  setup.state_dir = state_dir_;
  setup.viewer = std::move(viewer);
  setup.at_ms = at_ms;
  setup.speed = speed;
  setup.frame_rate = frame_rate_;
  setup.first_frame_number = kReplayNumbers + (++started_ % (kReplayNumbers / kNumbersPerReplay)) * kNumbersPerReplay;
  setup.live = [this] { return live(); };
  // Lock-free: a replay's thread runs at the lowest priority, and a lock it held while the live
  // threads wait for it would make them wait for whatever runs before it.
  setup.viewers = [this] { return static_cast<std::uint32_t>(hub_.sessions_at_latest_frame()); };
  auto replay = std::make_shared<NightReplay>(std::move(setup));
  running_.push_back({replay, std::jthread([replay] { replay->run(); })});
  if (auto log = spdlog::get("net")) log->info("session {} replays the night ({} running)", session, running_.size());
  return std::make_shared<ReplayTicket>(std::move(replay));
}

net::ReplayControl::Counts ReplayWorkers::counts() {
  const std::lock_guard lock(mutex_);
  reap_locked();
  return {static_cast<unsigned>(running_.size()), most_, refused_};
}

void ReplayWorkers::set_most(unsigned most) {
  const std::lock_guard lock(mutex_);
  most_ = std::min(most, net::kMostReplaysCeiling);
  // Those beyond the new limit stop, newest first: the viewers go back to live.
  reap_locked();
  auto it = running_.end();
  for (std::size_t n = running_.size(); n > most_; --n) {
    (--it)->replay->end("the operator runs fewer replays now: back to the live meadow");
  }
}

void ReplayWorkers::run_job(std::function<void()> job) {
  const std::lock_guard lock(mutex_);
  jobs_.remove_if([](const Job& j) { return j.done->load(); });
  auto done = std::make_shared<std::atomic<bool>>(false);
  jobs_.push_back({done, std::jthread([job = std::move(job), done] {
                     job();
                     done->store(true);
                   })});
}

}  // namespace meadow::app
