#include "meadowctl/trail_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace meadow::client {

namespace {

// Stroke width as a share of the world's width: a hair at any size of the picture.
constexpr double kTrailStrokeShare = 1.0 / 1000.0;

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

int channel(float unit) { return static_cast<int>(std::lround(std::clamp(unit, 0.0F, 1.0F) * 255.0F)); }

std::string rgb(const v1::Trail& t) {
  return "rgb(" + std::to_string(channel(t.red())) + "," + std::to_string(channel(t.green())) + "," +
         std::to_string(channel(t.blue())) + ")";
}

}  // namespace

bool parse_trail_format(std::string_view name, TrailFormat& out) {
  if (name == "svg") out = TrailFormat::svg;
  else if (name == "json") out = TrailFormat::json;
  else if (name == "csv") out = TrailFormat::csv;
  else return false;
  return true;
}

std::string trails_svg(const v1::Trails& trails) {
  const v1::Rect& w = trails.world();
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" + number(w.x()) + " " + number(w.y()) + " " +
                    number(w.width()) + " " + number(w.height()) + "\">\n";
  out += "<rect x=\"" + number(w.x()) + "\" y=\"" + number(w.y()) + "\" width=\"" + number(w.width()) + "\" height=\"" +
         number(w.height()) + "\" fill=\"#05070d\"/>\n";
  out += "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-width=\"" +
         number(w.width() * kTrailStrokeShare) + "\">\n";
  for (const v1::Trail& t : trails.trails()) {
    for (const v1::TrailPiece& piece : t.pieces()) {
      out += "<polyline data-id=\"" + std::to_string(t.id()) + "\" stroke=\"" + rgb(t) + "\" points=\"";
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        if (i > 0) out += ' ';
        out += number(piece.xy(i)) + "," + number(piece.xy(i + 1));
      }
      out += "\"/>\n";
    }
  }
  out += "</g>\n</svg>\n";
  return out;
}

std::string trails_json(const v1::Trails& trails) {
  const v1::Rect& w = trails.world();
  std::string out = "{\"world\":{\"x\":" + number(w.x()) + ",\"y\":" + number(w.y()) + ",\"width\":" +
                    number(w.width()) + ",\"height\":" + number(w.height()) + "},\"tick\":" +
                    std::to_string(trails.tick()) + ",\"warmup_steps\":" + std::to_string(trails.warmup_steps()) +
                    ",\"steps\":" + std::to_string(trails.steps()) + ",\"trails\":[";
  for (int k = 0; k < trails.trails_size(); ++k) {
    const v1::Trail& t = trails.trails(k);
    if (k > 0) out += ',';
    out += "\n{\"id\":" + std::to_string(t.id()) + ",\"colour\":[" + number(t.red()) + "," + number(t.green()) + "," +
           number(t.blue()) + "],\"pieces\":[";
    for (int p = 0; p < t.pieces_size(); ++p) {
      if (p > 0) out += ',';
      out += '[';
      const v1::TrailPiece& piece = t.pieces(p);
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        if (i > 0) out += ',';
        out += "[" + number(piece.xy(i)) + "," + number(piece.xy(i + 1)) + "]";
      }
      out += ']';
    }
    out += "]}";
  }
  out += "\n]}\n";
  return out;
}

std::string trails_csv(const v1::Trails& trails) {
  std::string out = "trail,id,piece,point,x,y,red,green,blue\n";
  for (int k = 0; k < trails.trails_size(); ++k) {
    const v1::Trail& t = trails.trails(k);
    const std::string colour = number(t.red()) + "," + number(t.green()) + "," + number(t.blue());
    for (int p = 0; p < t.pieces_size(); ++p) {
      const v1::TrailPiece& piece = t.pieces(p);
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        out += std::to_string(k) + "," + std::to_string(t.id()) + "," + std::to_string(p) + "," + std::to_string(i / 2) +
               "," + number(piece.xy(i)) + "," + number(piece.xy(i + 1)) + "," + colour + "\n";
      }
    }
  }
  return out;
}

std::string trails_file(const v1::Trails& trails, TrailFormat format) {
  switch (format) {
    case TrailFormat::svg: return trails_svg(trails);
    case TrailFormat::json: return trails_json(trails);
    case TrailFormat::csv: return trails_csv(trails);
  }
  return {};
}

}  // namespace meadow::client
