#pragma once
// Trails as files (meadowctl trails, docs/rules.md "The swarm · Trails"): one polyline per piece of each
// firefly's path, in its own colour. SVG over the world's rectangle on a night-black ground
// (lines keep their width whatever the zoom); JSON with every point; CSV a row per point.
#include <string>
#include <string_view>

#include "meadow/v1/operator.pb.h"

namespace meadow::client {

enum class TrailFormat { svg, json, csv };

// "svg", "json" or "csv"; false for anything else.
[[nodiscard]] bool parse_trail_format(std::string_view name, TrailFormat& out);

[[nodiscard]] std::string trails_svg(const v1::Trails& trails);
[[nodiscard]] std::string trails_json(const v1::Trails& trails);
// Header "trail,id,piece,point,x,y,red,green,blue", then a row per point.
[[nodiscard]] std::string trails_csv(const v1::Trails& trails);
[[nodiscard]] std::string trails_file(const v1::Trails& trails, TrailFormat format);

}  // namespace meadow::client
