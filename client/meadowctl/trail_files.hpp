#pragma once
// Trails as files (meadowctl trails; any world's that records them, docs/rules.md): one polyline per
// piece of each mover's path, in its own colour. SVG over the world's rectangle on a night-black
// ground (lines keep their width whatever the zoom); JSON with every point; CSV a row per point;
// Houdini's classic ASCII geometry (.geo, `PGEOMETRY V5`): every point with its colour as `Cd`,
// each piece an open polygon. Points keep a hundred-thousandth of the world's width.
#include <string>
#include <string_view>

#include "meadow/v1/operator.pb.h"

namespace meadow::client {

enum class TrailFormat { svg, json, csv, geo };

// "svg", "json", "csv" or "geo"; false for anything else.
[[nodiscard]] bool parse_trail_format(std::string_view name, TrailFormat& out);

[[nodiscard]] std::string trails_svg(const v1::Trails& trails);
[[nodiscard]] std::string trails_json(const v1::Trails& trails);
// Header "trail,id,piece,point,x,y,red,green,blue", then a row per point.
[[nodiscard]] std::string trails_csv(const v1::Trails& trails);
// x, y (turned over: Houdini's y is up) and z = 0 a point, Cd per point, a polygon run of open pieces.
[[nodiscard]] std::string trails_geo(const v1::Trails& trails);
[[nodiscard]] std::string trails_file(const v1::Trails& trails, TrailFormat format);

}  // namespace meadow::client
