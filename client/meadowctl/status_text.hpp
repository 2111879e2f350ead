#pragma once
// meadowctl's words for the operator's status (`meadowctl status`): every world the same way, then
// the land, the viewers, the edges, the locks and the saving; and the small names and times it
// prints elsewhere too.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "meadow/v1/operator.pb.h"

namespace meadow::client {

void print_status(const v1::Status& s);
// A world's figures in name order (the wire's map has none).
[[nodiscard]] std::vector<std::pair<std::string, double>> sorted_figures(const v1::WorldStatus& w);
// "2026-12-05 01:23:45" (local time) of a Unix time in milliseconds.
[[nodiscard]] std::string when(std::int64_t ms);
// A snapshot call's answer in a line ("restored snapshot 4 (tick 1200, 31.0 kB)"; a rewind says
// what the viewers were told); `verb`: "saved snapshot", "restored snapshot", "rewound from snapshot".
[[nodiscard]] std::string snapshot_answer_line(const v1::SnapshotReply& answer, const char* verb);
// The snapshots kept, a row each.
[[nodiscard]] std::string snapshots_table(const v1::SnapshotList& list);
// The viewers' replays of the night (`meadowctl replays`).
[[nodiscard]] std::string replays_text(const v1::Status& s);
// The wire's name of a world without its prefix, in lower case (WORLD_NAME → "name").
[[nodiscard]] const char* world_name(v1::World w);

}  // namespace meadow::client
