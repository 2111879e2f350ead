#include "meadowctl/status_text.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>

namespace meadow::client {

namespace {

std::string onoff(bool b) { return b ? "locked" : "open"; }

}  // namespace

// A world's figures in name order (the wire's map has none).
std::vector<std::pair<std::string, double>> sorted_figures(const v1::WorldStatus& w) {
  std::vector<std::pair<std::string, double>> out(w.figures().begin(), w.figures().end());
  std::sort(out.begin(), out.end());
  return out;
}

void print_status(const v1::Status& s) {
  std::printf("meadow-server %s, up %.0f s, tick %llu (%.1f ticks/s, p99 tick %.2f ms)%s\n", s.server_version().c_str(),
              s.uptime_seconds(), static_cast<unsigned long long>(s.tick()), s.ticks_per_second(), s.tick_p99_ms(),
              s.paused() ? ", PAUSED" : "");
  // Every world the same way: its engine, its step, its figures by name.
  for (const v1::WorldStatus& w : s.worlds()) {
    std::string figures;
    for (const auto& [name, value] : sorted_figures(w)) {
      char one[96];
      std::snprintf(one, sizeof one, "%s%s %g", figures.empty() ? "" : ", ", name.c_str(), value);
      figures += one;
    }
    std::printf("  %-8s %-6s step %.3f ms; %s\n", world_name(w.world()), w.engine().c_str(), w.step_ms(), figures.c_str());
    if (w.clearables_size() > 0) {
      std::string names;
      for (const std::string& name : w.clearables()) names += (names.empty() ? "" : ", ") + name;
      std::printf("  %-8s clears: %s (meadowctl clear %s …)\n", "", names.c_str(), world_name(w.world()));
    }
  }
  std::printf("  %-8s %u rocks, frame build %.2f ms, %llu frames\n", "land", s.rocks(), s.frame_build_ms(),
              static_cast<unsigned long long>(s.frames_built()));
  std::printf("  %-8s %u connected, %.1f MB sent\n", "viewers", s.viewers(), static_cast<double>(s.bytes_sent()) / 1e6);
  if (s.edges_size() > 0) {
    // A sim's edge servers (docs/edges.md): the viewers above include theirs.
    std::string edges;
    for (const auto& e : s.edges()) {
      edges += (edges.empty() ? "" : ", ") + e.name() + " (" + std::to_string(e.viewers()) + ")";
    }
    std::printf("  %-8s %d: %s\n", "edges", s.edges_size(), edges.c_str());
  }
  const v1::Locks& l = s.locks();
  std::printf("  %-8s attract %s, flower %s, rock %s, predator %s, frog %s, settings %s\n", "locks",
              onoff(l.attract()).c_str(), onoff(l.flower()).c_str(), onoff(l.rock()).c_str(),
              onoff(l.predator()).c_str(), onoff(l.frog()).c_str(), onoff(l.settings()).c_str());
  if (!s.has_save()) {
    std::printf("  %-8s not saved (the server has no --state-dir)\n", "saved");
  } else if (!s.save().saving()) {
    std::printf("  %-8s NOT SAVING: %s\n", "saved", s.save().problem().c_str());
  } else {
    const v1::SaveStatus& v = s.save();
    const double age = v.last_snapshot_at_ms() == 0
                           ? 0.0
                           : static_cast<double>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                     std::chrono::system_clock::now().time_since_epoch())
                                                     .count() -
                                                 v.last_snapshot_at_ms()) /
                                 1000.0;
    std::printf("  %-8s last snapshot at tick %llu, %.0f s ago, %.1f kB in %.1f ms; %llu journal records\n", "saved",
                static_cast<unsigned long long>(v.last_snapshot_tick()), age,
                static_cast<double>(v.last_snapshot_bytes()) / 1e3, v.last_snapshot_ms(),
                static_cast<unsigned long long>(v.records_written()));
  }
}

// "2026-12-05 01:23:45" (local time) of a Unix time in milliseconds.
std::string when(std::int64_t ms) {
  const std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm local{};
  localtime_r(&t, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return text;
}

const char* world_name(v1::World w) {
  // The wire's own name without its prefix, in lower case ("WORLD_NAME" → "name"): every
  // world, whatever comes next, by the name the protocol gives it.
  static std::map<int, std::string> names;
  auto it = names.find(w);
  if (it == names.end()) {
    std::string name = v1::World_Name(w);
    if (name.rfind("WORLD_", 0) == 0) name = name.substr(6);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    it = names.emplace(w, name.empty() ? "?" : name).first;
  }
  return it->second.c_str();
}

std::string snapshot_answer_line(const v1::SnapshotReply& answer, const char* verb) {
  const v1::SnapshotInfo& s = answer.snapshot();
  char line[256];
  std::snprintf(line, sizeof line, "%s %lld%s%s (tick %llu, %.1f kB)", verb, static_cast<long long>(s.id()),
                s.name().empty() ? "" : " ", s.name().c_str(), static_cast<unsigned long long>(answer.tick()),
                static_cast<double>(s.size()) / 1e3);
  std::string out = line;
  if (!answer.reason().empty()) out += ": " + answer.reason();
  if (!answer.said().empty()) out += "; the viewers were told: " + answer.said();
  return out + "\n";
}

std::string snapshots_table(const v1::SnapshotList& list) {
  char line[256];
  std::snprintf(line, sizeof line, "%-6s %-20s %12s %-19s %10s %8s\n", "id", "name", "tick", "saved", "size", "timeline");
  std::string out = line;
  for (const v1::SnapshotInfo& s : list.snapshots()) {
    std::snprintf(line, sizeof line, "%-6lld %-20s %12llu %-19s %8.1f kB %8lld\n", static_cast<long long>(s.id()),
                  s.name().empty() ? "-" : s.name().c_str(), static_cast<unsigned long long>(s.tick()),
                  when(s.saved_at_ms()).c_str(), static_cast<double>(s.size()) / 1e3, static_cast<long long>(s.timeline()));
    out += line;
  }
  return out;
}

std::string replays_text(const v1::Status& s) {
  if (!s.has_replays()) return "this server replays no nights (it keeps no --state-dir)\n";
  const v1::ReplayStatus& r = s.replays();
  return std::to_string(r.running()) + " replays of the night running, at most " + std::to_string(r.most()) +
         " at once; " + std::to_string(r.refused()) + " refused so far\n";
}

}  // namespace meadow::client
