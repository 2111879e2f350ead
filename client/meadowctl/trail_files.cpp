#include "meadowctl/trail_files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace meadow::client {

namespace {

// Stroke width as a share of the world's width: a hair at any size of the picture.
constexpr double kTrailStrokeShare = 1.0 / 1000.0;

std::string number(double v, int decimals = 2) {
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

// Decimals that keep a point to a hundred-thousandth of the world's width: two over the land
// (1,600 units and more), five over a unit square.
int decimals_for(const v1::Rect& world) {
  const double width = world.width() > 0.0F ? world.width() : 1.0;
  return std::clamp(static_cast<int>(std::ceil(-std::log10(width / 1e5))), 2, 8);
}

// A colour's parts: three decimals (a 1,000th, finer than a byte's 256th).
std::string part(float unit) { return number(std::clamp(unit, 0.0F, 1.0F), 3); }

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
  else if (name == "geo") out = TrailFormat::geo;
  else return false;
  return true;
}

std::string trails_svg(const v1::Trails& trails) {
  const v1::Rect& w = trails.world();
  const int d = decimals_for(w);
  std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" + number(w.x(), d) + " " + number(w.y(), d) +
                    " " + number(w.width(), d) + " " + number(w.height(), d) + "\">\n";
  out += "<rect x=\"" + number(w.x(), d) + "\" y=\"" + number(w.y(), d) + "\" width=\"" + number(w.width(), d) +
         "\" height=\"" + number(w.height(), d) + "\" fill=\"#05070d\"/>\n";
  out += "<g fill=\"none\" stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-width=\"" +
         number(w.width() * kTrailStrokeShare, d) + "\">\n";
  for (const v1::Trail& t : trails.trails()) {
    for (const v1::TrailPiece& piece : t.pieces()) {
      out += "<polyline data-id=\"" + std::to_string(t.id()) + "\" stroke=\"" + rgb(t) + "\" points=\"";
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        if (i > 0) out += ' ';
        out += number(piece.xy(i), d) + "," + number(piece.xy(i + 1), d);
      }
      out += "\"/>\n";
    }
  }
  out += "</g>\n</svg>\n";
  return out;
}

std::string trails_json(const v1::Trails& trails) {
  const v1::Rect& w = trails.world();
  const int d = decimals_for(w);
  std::string out = "{\"world\":{\"x\":" + number(w.x(), d) + ",\"y\":" + number(w.y(), d) + ",\"width\":" +
                    number(w.width(), d) + ",\"height\":" + number(w.height(), d) + "},\"tick\":" +
                    std::to_string(trails.tick()) + ",\"warmup_steps\":" + std::to_string(trails.warmup_steps()) +
                    ",\"steps\":" + std::to_string(trails.steps()) + ",\"trails\":[";
  for (int k = 0; k < trails.trails_size(); ++k) {
    const v1::Trail& t = trails.trails(k);
    if (k > 0) out += ',';
    out += "\n{\"id\":" + std::to_string(t.id()) + ",\"colour\":[" + part(t.red()) + "," + part(t.green()) + "," +
           part(t.blue()) + "],\"pieces\":[";
    for (int p = 0; p < t.pieces_size(); ++p) {
      if (p > 0) out += ',';
      out += '[';
      const v1::TrailPiece& piece = t.pieces(p);
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        if (i > 0) out += ',';
        out.append(1, '[').append(number(piece.xy(i), d)).append(1, ',').append(number(piece.xy(i + 1), d)).append(1, ']');
      }
      out += ']';
    }
    out += "]}";
  }
  out += "\n]}\n";
  return out;
}

std::string trails_csv(const v1::Trails& trails) {
  const int d = decimals_for(trails.world());
  std::string out = "trail,id,piece,point,x,y,red,green,blue\n";
  for (int k = 0; k < trails.trails_size(); ++k) {
    const v1::Trail& t = trails.trails(k);
    const std::string colour = part(t.red()) + "," + part(t.green()) + "," + part(t.blue());
    for (int p = 0; p < t.pieces_size(); ++p) {
      const v1::TrailPiece& piece = t.pieces(p);
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        out += std::to_string(k) + "," + std::to_string(t.id()) + "," + std::to_string(p) + "," + std::to_string(i / 2) +
               "," + number(piece.xy(i), d) + "," + number(piece.xy(i + 1), d) + "," + colour + "\n";
      }
    }
  }
  return out;
}

std::string trails_geo(const v1::Trails& trails) {
  const v1::Rect& w = trails.world();
  const int d = decimals_for(w);
  int points = 0;
  int pieces = 0;
  for (const v1::Trail& t : trails.trails()) {
    for (const v1::TrailPiece& piece : t.pieces()) {
      points += piece.xy_size() / 2;
      pieces += 1;
    }
  }
  std::string out = "PGEOMETRY V5\nNPoints " + std::to_string(points) + " NPrims " + std::to_string(pieces) +
                    "\nNPointGroups 0 NPrimGroups 0\nNPointAttrib 1 NVertexAttrib 0 NPrimAttrib 0 NAttrib 0\n"
                    "PointAttrib\nCd 3 float 1 1 1\n";
  // Houdini's y is up: the world's y (down) is turned over within the world's rectangle.
  const double top = static_cast<double>(w.y()) + static_cast<double>(w.height());
  for (const v1::Trail& t : trails.trails()) {
    const std::string colour = " 1 (" + part(t.red()) + " " + part(t.green()) + " " + part(t.blue()) + ")\n";
    for (const v1::TrailPiece& piece : t.pieces()) {
      for (int i = 0; i + 1 < piece.xy_size(); i += 2) {
        out += number(piece.xy(i), d) + " " + number(top - piece.xy(i + 1), d) + " 0" + colour;
      }
    }
  }
  if (pieces > 0) out += "Run " + std::to_string(pieces) + " Poly\n";
  int next = 0;
  for (const v1::Trail& t : trails.trails()) {
    for (const v1::TrailPiece& piece : t.pieces()) {
      const int n = piece.xy_size() / 2;
      // ':' an open polygon: a polyline. Appended piece by piece (GCC 12 warns, wrongly, of
      // overlapping copies in "literal" + std::string).
      out.append(1, ' ').append(std::to_string(n)).append(" :");
      for (int i = 0; i < n; ++i) out.append(1, ' ').append(std::to_string(next + i));
      out += "\n";
      next += n;
    }
  }
  out += "beginExtra\nendExtra\n";
  return out;
}

std::string trails_file(const v1::Trails& trails, TrailFormat format) {
  switch (format) {
    case TrailFormat::svg: return trails_svg(trails);
    case TrailFormat::json: return trails_json(trails);
    case TrailFormat::csv: return trails_csv(trails);
    case TrailFormat::geo: return trails_geo(trails);
  }
  return {};
}

}  // namespace meadow::client
