#include "app/snapshot_control.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <optional>
#include <utility>

#include "app/replay/rewind.hpp"
#include "store/recovery.hpp"
#include "stream/proto_mapping.hpp"

namespace meadow::app {

namespace {

net::SnapshotRow row_of(const store::SnapshotInfo& s) {
  return {s.id, s.name, s.tick, s.saved_at_ms, s.size, s.timeline};
}

net::SnapshotAnswer failure(std::string reason) {
  net::SnapshotAnswer a;
  a.reason = std::move(reason);
  return a;
}

// The snapshot `name` names: "#ID", or a name.
std::optional<store::SnapshotInfo> find(store::StateStore& store, const std::string& name) {
  if (name.size() > 1 && name.front() == '#') {
    try {
      const std::int64_t id = std::stoll(name.substr(1));
      for (const store::SnapshotInfo& s : store.snapshots()) {
        if (s.id == id) return s;
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
    return std::nullopt;
  }
  return store.snapshot_named(name);
}

}  // namespace

StoreSnapshotControl::StoreSnapshotControl(SimLoop& loop, store::StoreWriter& store,
                                           std::vector<stream::WorldSnapshotMapping> worlds, ReplayWorkers* jobs,
                                           net::Hub& hub)
    : loop_(loop), store_(store), worlds_(std::move(worlds)), jobs_(jobs), hub_(hub) {}

void StoreSnapshotControl::save(std::string name, std::function<void(const net::SnapshotAnswer&)> done) {
  loop_.between_ticks([this, name = std::move(name), done = std::move(done)]() mutable {
    try {
      store_.snapshot(loop_.meadow().save(), std::move(name), [done](const store::SnapshotResult& r) {
        if (!r.ok) return done(failure(r.error));
        net::SnapshotAnswer a;
        a.ok = true;
        a.snapshot = row_of(r.info);
        a.tick = r.info.tick;
        done(a);
      });
    } catch (const std::exception& e) {
      done(failure(std::string("the meadow could not be copied: ") + e.what()));
    }
  });
}

void StoreSnapshotControl::restore(std::string name, std::function<void(const net::SnapshotAnswer&)> done) {
  store_.post([this, name = std::move(name), done = std::move(done)](store::StateStore* store) mutable {
    if (store == nullptr) return done(failure("the store cannot be read now: " + store_.status().problem));
    std::shared_ptr<sim::MeadowState> state;
    std::optional<store::SnapshotInfo> info;
    try {
      info = find(*store, name);
      if (!info) return done(failure("no snapshot named '" + name + "' (meadowctl snapshots lists them)"));
      state = std::make_shared<sim::MeadowState>(store::read_snapshot(store->snapshot_data(info->id), worlds_));
    } catch (const std::exception& e) {
      return done(failure("snapshot '" + name + "' does not read back: " + e.what()));
    }
    loop_.between_ticks([this, state, info = *info, done = std::move(done)] {
      try {
        const std::vector<std::string> problems = loop_.meadow().restore(*state);
        auto log = spdlog::get("store");
        for (const std::string& p : problems) {
          if (log) log->warn("restoring snapshot {}: {}", info.id, p);
        }
        loop_.meadow_restored();
        if (log) log->info("the operator restored snapshot {} (tick {})", info.id, info.tick);
        net::SnapshotAnswer a;
        a.ok = true;
        a.snapshot = row_of(info);
        a.tick = loop_.meadow().tick();
        if (!problems.empty()) a.reason = "restored, but: " + problems.front();
        done(a);
      } catch (const std::exception& e) {
        done(failure(std::string("the snapshot cannot be restored here: ") + e.what()));
      }
    });
  });
}

void StoreSnapshotControl::rewind(std::int64_t to_ms, std::function<void(const net::SnapshotAnswer&)> done) {
  if (jobs_ == nullptr) return done(failure("this server makes no rewinds"));
  jobs_->run_job([this, to_ms, done = std::move(done)]() mutable {
    std::shared_ptr<Rewound> past;
    try {
      past = std::make_shared<Rewound>(meadow_at(jobs_->state_dir(), to_ms, jobs_->live()));
    } catch (const std::exception& e) {
      return done(failure(std::string("the meadow cannot go back there: ") + e.what()));
    }
    loop_.between_ticks([this, past, done = std::move(done)] {
      const std::uint64_t was = loop_.meadow().tick();
      try {
        const std::vector<std::string> problems = loop_.meadow().restore(past->state);
        if (!problems.empty()) return done(failure("the meadow cannot go back there: " + problems.front()));
      } catch (const std::exception& e) {
        return done(failure(std::string("the meadow cannot go back there: ") + e.what()));
      }
      loop_.meadow_restored();
      net::SnapshotAnswer a;
      a.ok = true;
      a.snapshot = row_of(past->from);
      a.tick = loop_.meadow().tick();
      a.said = "The meadow went back to " + clock_text(past->at_ms) + ".";
      hub_.broadcast(net::shared(stream::notice_message(v1::Notice::LEVEL_INFO, "rewound", a.said)));
      if (auto log = spdlog::get("store")) {
        log->info("the operator rewound the meadow to {} (tick {} from {}): snapshot {} and {} ticks of its journal in {:.2f} s",
                  clock_text(past->at_ms), a.tick, was, past->from.id, a.tick - past->from.tick, past->seconds);
      }
      done(a);
    });
  });
}

void StoreSnapshotControl::list(
    std::function<void(const std::vector<net::SnapshotRow>&, const std::string& error)> done) {
  store_.post([this, done = std::move(done)](store::StateStore* store) {
    if (store == nullptr) return done({}, "the store cannot be read now: " + store_.status().problem);
    try {
      std::vector<net::SnapshotRow> rows;
      for (const store::SnapshotInfo& s : store->snapshots()) rows.push_back(row_of(s));
      done(rows, {});
    } catch (const std::exception& e) {
      done({}, e.what());
    }
  });
}

}  // namespace meadow::app
