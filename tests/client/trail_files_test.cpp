// meadowctl's trails files (client/meadowctl/trail_files.hpp): every piece a polyline in its
// trail's colour over the world's rectangle, every point in the JSON, the CSV and Houdini's
// geometry, to a hundred-thousandth of the world's width.
#include "meadowctl/trail_files.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace meadow::client {
namespace {

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

v1::Trails two_trails() {
  v1::Trails t;
  t.mutable_world()->set_x(-100);
  t.mutable_world()->set_y(-50);
  t.mutable_world()->set_width(1800);
  t.mutable_world()->set_height(1000);
  t.set_steps(3);
  t.set_warmup_steps(5);
  v1::Trail& a = *t.add_trails();
  a.set_id(7);
  a.set_red(1.0F);
  a.set_green(0.5F);
  a.set_blue(0.0F);
  for (int piece = 0; piece < 2; ++piece) {
    v1::TrailPiece& p = *a.add_pieces();
    for (int i = 0; i < 3; ++i) {
      p.add_xy(10.0F * static_cast<float>(i + 3 * piece));
      p.add_xy(20.0F);
    }
  }
  v1::Trail& b = *t.add_trails();
  b.set_id(9);
  b.set_blue(1.0F);
  v1::TrailPiece& p = *b.add_pieces();
  p.add_xy(1.5F);
  p.add_xy(2.25F);
  p.add_xy(3.0F);
  p.add_xy(4.0F);
  return t;
}

TEST(TrailFiles, SvgDrawsEachPieceInItsTrailsColourOverTheWorld) {
  const std::string svg = trails_svg(two_trails());
  EXPECT_EQ(svg.rfind("<svg", 0), 0U);
  EXPECT_NE(svg.find("viewBox=\"-100.00 -50.00 1800.00 1000.00\""), std::string::npos) << svg;
  EXPECT_EQ(count_of(svg, "<polyline"), 3U);
  EXPECT_EQ(count_of(svg, "data-id=\"7\""), 2U);
  EXPECT_EQ(count_of(svg, "stroke=\"rgb(255,128,0)\""), 2U);
  EXPECT_NE(svg.find("points=\"1.50,2.25 3.00,4.00\""), std::string::npos) << svg;
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
}

TEST(TrailFiles, JsonAndCsvHoldEveryPoint) {
  const v1::Trails t = two_trails();
  const std::string json = trails_json(t);
  EXPECT_NE(json.find("\"id\":7"), std::string::npos);
  EXPECT_NE(json.find("[[1.50,2.25],[3.00,4.00]]"), std::string::npos) << json;
  EXPECT_EQ(std::count(json.begin(), json.end(), '{'), std::count(json.begin(), json.end(), '}'));
  const std::string csv = trails_csv(t);
  EXPECT_EQ(csv.rfind("trail,id,piece,point,x,y,red,green,blue\n", 0), 0U);
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 6 + 2) << csv;
  EXPECT_NE(csv.find("1,9,0,1,3.00,4.00,0.000,0.000,1.000\n"), std::string::npos) << csv;
}

TEST(TrailFiles, HoudiniGeometryHasEveryPointWithItsColourAndEachPieceAnOpenPolygon) {
  const std::string geo = trails_geo(two_trails());
  EXPECT_EQ(geo.rfind("PGEOMETRY V5\nNPoints 8 NPrims 3\n", 0), 0U) << geo;
  EXPECT_NE(geo.find("NPointAttrib 1 NVertexAttrib 0 NPrimAttrib 0 NAttrib 0\nPointAttrib\nCd 3 float 1 1 1\n"), std::string::npos);
  // y turned over within the world (-50 … 950): 20 → 930; the first trail's colour on its points.
  EXPECT_NE(geo.find("\n0.00 930.00 0 1 (1.000 0.500 0.000)\n"), std::string::npos) << geo;
  EXPECT_NE(geo.find("\n1.50 947.75 0 1 (0.000 0.000 1.000)\n"), std::string::npos) << geo;
  EXPECT_NE(geo.find("Run 3 Poly\n 3 : 0 1 2\n 3 : 3 4 5\n 2 : 6 7\nbeginExtra\nendExtra\n"), std::string::npos) << geo;
  EXPECT_EQ(count_of(geo, " 0 1 ("), 8U);
}

TEST(TrailFiles, AUnitWorldKeepsFiveDecimals) {
  v1::Trails t = two_trails();
  t.mutable_world()->set_x(0);
  t.mutable_world()->set_y(0);
  t.mutable_world()->set_width(1);
  t.mutable_world()->set_height(1);
  t.mutable_trails(1)->mutable_pieces(0)->set_xy(0, 0.123456F);
  EXPECT_NE(trails_csv(t).find(",0.12346,"), std::string::npos) << trails_csv(t);
  EXPECT_NE(trails_svg(t).find("viewBox=\"0.00000 0.00000 1.00000 1.00000\""), std::string::npos);
}

TEST(TrailFiles, FourFormats) {
  TrailFormat f = TrailFormat::json;
  EXPECT_TRUE(parse_trail_format("csv", f));
  EXPECT_EQ(f, TrailFormat::csv);
  EXPECT_TRUE(parse_trail_format("geo", f));
  EXPECT_EQ(f, TrailFormat::geo);
  EXPECT_EQ(trails_file(two_trails(), TrailFormat::geo), trails_geo(two_trails()));
  EXPECT_FALSE(parse_trail_format("png", f));
  EXPECT_EQ(trails_file(two_trails(), TrailFormat::svg), trails_svg(two_trails()));
}

}  // namespace
}  // namespace meadow::client
