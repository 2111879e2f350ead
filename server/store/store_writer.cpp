#include "store/store_writer.hpp"

#include <spdlog/spdlog.h>

#include <utility>

namespace meadow::store {

namespace {

using Seconds = std::chrono::duration<double>;

// While the store cannot be opened, it is tried again this often.
constexpr std::chrono::seconds kReopenEvery{5};

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(StoreWriter::Clock::now().time_since_epoch()).count();
}

std::shared_ptr<spdlog::logger> store_log() {
  auto log = spdlog::get("store");
  return log ? log : spdlog::default_logger();
}

}  // namespace

StoreWriter::StoreWriter(std::filesystem::path dir, std::uint64_t seed, std::vector<stream::WorldSnapshotMapping> worlds,
                         Retention retention)
    : StoreWriter(nullptr, std::move(dir), seed, std::move(worlds), retention) {}

StoreWriter::StoreWriter(std::unique_ptr<StateStore> store, std::filesystem::path dir, std::uint64_t seed,
                         std::vector<stream::WorldSnapshotMapping> worlds, Retention retention)
    : dir_(std::move(dir)), seed_(seed), worlds_(std::move(worlds)), retention_(retention), store_(std::move(store)) {
  if (store_) {
    try {
      if (!store_->seed()) store_->set_seed(seed_);
      timeline_ = store_->timeline();
      status_.saving = true;
    } catch (const StoreError& e) {
      store_.reset();
      failed(e.what());
    }
  } else {
    open_store();
  }
  thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

StoreWriter::~StoreWriter() {
  thread_.request_stop();
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void StoreWriter::open_store() {
  next_open_try_ = std::chrono::steady_clock::now() + kReopenEvery;
  try {
    auto store = std::make_unique<StateStore>(dir_, retention_.max_bytes);
    if (const auto saved = store->seed(); !saved) {
      store->set_seed(seed_);
    } else if (*saved != seed_) {
      throw StoreError("it keeps the meadow of seed " + std::to_string(*saved) + ", not this one's (" +
                           std::to_string(seed_) + ")",
                       0);
    }
    // Whatever happened while the store was away, a new timeline starts at the next commit, and
    // its first snapshot is asked for: recovery never has to bridge a gap.
    gap_ = true;
    store_ = std::move(store);
    const bool was_failing = !status_.problem.empty();
    {
      const std::lock_guard lock(mutex_);
      status_.saving = true;
      status_.problem.clear();
    }
    store_log()->info("{} the meadow in {}", was_failing ? "saving again:" : "saving", dir_.string());
  } catch (const std::exception& e) {
    failed(std::string("cannot open the store: ") + e.what());
  }
}

void StoreWriter::failed(const std::string& what) {
  bool first = false;
  {
    const std::lock_guard lock(mutex_);
    first = status_.problem != what;
    status_.saving = false;
    status_.problem = what;
  }
  // Once per problem: a full disk would otherwise log every 50 ms.
  if (first) store_log()->error("not saving the meadow: {} (the meadow goes on; retrying)", what);
}

void StoreWriter::record(std::vector<stream::JournalEntry>& entries, std::uint64_t reached) {
  const std::lock_guard lock(mutex_);
  if (!entries.empty()) {
    queue_.emplace_back(Records{std::move(entries)});
    ++queued_;
  }
  entries.clear();
  reached_ = reached;
}

void StoreWriter::snapshot(sim::MeadowState state, std::string name, std::function<void(const SnapshotResult&)> done) {
  snapshot_wanted_ = false;
  {
    const std::lock_guard lock(mutex_);
    queue_.emplace_back(Snapshot{std::move(state), std::move(name), std::move(done), false});
    ++queued_;
  }
  wake_.notify_all();
}

void StoreWriter::restored(sim::MeadowState state) {
  {
    const std::lock_guard lock(mutex_);
    queue_.emplace_back(Snapshot{std::move(state), {}, {}, true});
    ++queued_;
  }
  wake_.notify_all();
}

void StoreWriter::post(std::function<void(StateStore*)> task) {
  {
    const std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(task));
    ++queued_;
  }
  wake_.notify_all();
}

StoreStatus StoreWriter::status() const {
  const std::lock_guard lock(mutex_);
  return status_;
}

void StoreWriter::flush() {
  std::unique_lock lock(mutex_);
  const std::uint64_t target = queued_;
  flush_asked_ = true;
  wake_.notify_all();
  flushed_.wait(lock, [&] { return handled_ >= target && !flush_asked_; });
}

void StoreWriter::run(const std::stop_token& stop) {
  bool stopping = false;
  while (!stopping) {
    std::vector<Item> items;
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, kCommitInterval, [&] { return flush_asked_; });
      stopping = stop.stop_requested();
      items.swap(queue_);
      pending_reached_ = reached_;
    }
    handle(items);
    {
      const std::lock_guard lock(mutex_);
      handled_ += items.size();
      flush_asked_ = false;
    }
    flushed_.notify_all();
  }
}

void StoreWriter::handle(std::vector<Item>& items) {
  if (!store_ && std::chrono::steady_clock::now() >= next_open_try_) open_store();
  for (Item& item : items) {
    if (auto* records = std::get_if<Records>(&item)) {
      for (const stream::JournalEntry& entry : records->entries) {
        v1::JournalRecord record;
        stream::to_proto(entry, record);
        pending_records_.push_back({timeline_, entry.tick, record.SerializeAsString()});
      }
    } else if (auto* snapshot = std::get_if<Snapshot>(&item)) {
      if (snapshot->new_timeline) {
        commit_pending();  // what came before belongs to the old timeline
        if (store_) {
          try {
            timeline_ = store_->new_timeline();
          } catch (const StoreError& e) {
            failed(e.what());
          }
        }
      }
      const auto started = std::chrono::steady_clock::now();
      v1::SavedMeadow saved;
      stream::to_proto(snapshot->state, worlds_, saved);
      pending_snapshots_.push_back({snapshot->name, timeline_, snapshot->state.tick, now_ms(), saved.SerializeAsString()});
      pending_done_.push_back(std::move(snapshot->done));
      pending_snapshot_seconds_.push_back(Seconds(std::chrono::steady_clock::now() - started).count());
      prune_due_ = true;
      snapshot->state = {};  // the copy of the meadow can go now
    } else {
      commit_pending();
      std::get<std::function<void(StateStore*)>>(item)(store_.get());
    }
  }
  commit_pending();
}

void StoreWriter::commit_pending() {
  if (pending_records_.empty() && pending_snapshots_.empty() && !pending_reached_) return;
  const auto fail_snapshots = [&](const std::string& why) {
    for (auto& done : pending_done_) {
      if (done) done(SnapshotResult{false, why, {}});
    }
    pending_snapshots_.clear();
    pending_done_.clear();
    pending_snapshot_seconds_.clear();
  };
  const auto keep_bounded = [&] {
    if (pending_records_.size() <= kMaxBacklog) return;
    const std::size_t drop = pending_records_.size() - kMaxBacklog;
    pending_records_.erase(pending_records_.begin(), pending_records_.begin() + static_cast<std::ptrdiff_t>(drop));
    gap_ = true;
    const std::lock_guard lock(mutex_);
    status_.records_dropped += drop;
  };
  if (!store_) {
    fail_snapshots("the meadow is not being saved: " + status().problem);
    keep_bounded();
    return;
  }
  const auto started = std::chrono::steady_clock::now();
  try {
    if (gap_) {
      // Records were lost (or the store was away): what follows goes on a new timeline, and a
      // fresh snapshot is asked for to start it; recovery meanwhile stays on the old one, whole
      // up to where it was last reached.
      timeline_ = store_->new_timeline();
      for (StateStore::NewRecord& r : pending_records_) r.timeline = timeline_;
      for (StateStore::NewSnapshot& s : pending_snapshots_) s.timeline = timeline_;
      gap_ = false;
      snapshot_wanted_ = true;
    }
    const std::vector<std::int64_t> ids = store_->commit(pending_records_, pending_reached_, timeline_, pending_snapshots_);
    const double seconds = Seconds(std::chrono::steady_clock::now() - started).count();
    {
      const std::lock_guard lock(mutex_);
      status_.saving = true;
      status_.problem.clear();
      status_.records_written += pending_records_.size();
      status_.commits += 1;
      status_.last_commit_seconds = seconds;
      for (std::size_t i = 0; i < pending_snapshots_.size(); ++i) {
        status_.snapshots_written += 1;
        status_.last_snapshot_tick = pending_snapshots_[i].tick;
        status_.last_snapshot_at_ms = pending_snapshots_[i].saved_at_ms;
        status_.last_snapshot_bytes = pending_snapshots_[i].data.size();
        status_.last_snapshot_seconds = pending_snapshot_seconds_[i] + seconds;
      }
    }
    for (std::size_t i = 0; i < pending_done_.size(); ++i) {
      if (!pending_done_[i]) continue;
      const StateStore::NewSnapshot& s = pending_snapshots_[i];
      pending_done_[i](SnapshotResult{
          true, {}, SnapshotInfo{ids[i], s.name, s.timeline, s.tick, s.saved_at_ms, s.data.size()}});
    }
    pending_records_.clear();
    pending_reached_.reset();
    pending_snapshots_.clear();
    pending_done_.clear();
    pending_snapshot_seconds_.clear();
    if (prune_due_) {
      prune_due_ = false;
      const std::size_t dropped = store_->prune(retention_, now_ms());
      if (dropped > 0) store_log()->debug("pruned {} snapshot(s) past the retention", dropped);
    }
  } catch (const StoreError& e) {
    failed(e.what());
    fail_snapshots(std::string("the snapshot could not be written: ") + e.what());
    keep_bounded();
  }
}

}  // namespace meadow::store
