#include "watch/png_writer.hpp"

#include <gtest/gtest.h>
#include <png.h>

#include <cstdio>
#include <stdexcept>
#include <string>

namespace meadow::client {
namespace {

TEST(PngWriter, WritesAGreyRasterThatReadsBackPixelForPixel) {
  LightRaster r;
  r.width = 5;
  r.height = 3;
  r.channels = 1;
  for (int i = 0; i < 15; ++i) r.pixels.push_back(static_cast<std::uint8_t>(i * 17));
  const std::string path = ::testing::TempDir() + "/meadow-light.png";
  write_png(path, r);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  ASSERT_NE(png_image_begin_read_from_file(&image, path.c_str()), 0) << image.message;
  EXPECT_EQ(image.width, 5U);
  EXPECT_EQ(image.height, 3U);
  image.format = PNG_FORMAT_GRAY;
  std::vector<std::uint8_t> back(PNG_IMAGE_SIZE(image));
  ASSERT_NE(png_image_finish_read(&image, nullptr, back.data(), 0, nullptr), 0) << image.message;
  EXPECT_EQ(back, r.pixels);
  std::remove(path.c_str());
}

TEST(PngWriter, WritesTheSwarmsIntensityAndHeatAsGreenTurningWhite) {
  LightRaster r;
  r.width = 3;
  r.height = 1;
  r.channels = 2;
  r.pixels = {200, 200, 100, 0, 255, 128};  // intensities, then heats: cool, hot, half hot
  const std::string path = ::testing::TempDir() + "/meadow-heat.png";
  write_png(path, r);
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  ASSERT_NE(png_image_begin_read_from_file(&image, path.c_str()), 0) << image.message;
  image.format = PNG_FORMAT_RGB;
  std::vector<std::uint8_t> back(PNG_IMAGE_SIZE(image));
  ASSERT_NE(png_image_finish_read(&image, nullptr, back.data(), 0, nullptr), 0) << image.message;
  EXPECT_EQ(back, (std::vector<std::uint8_t>{0, 200, 0, 200, 200, 200, 50, 100, 50}));
  std::remove(path.c_str());
}

TEST(PngWriter, RefusesWhatItCannotWrite) {
  LightRaster r;
  r.width = 4;
  r.height = 4;
  r.channels = 1;
  r.pixels.assign(15, 0);  // one short
  EXPECT_THROW(write_png(::testing::TempDir() + "/x.png", r), std::runtime_error);
  r.pixels.assign(16, 0);
  r.channels = 5;
  r.pixels.assign(80, 0);
  EXPECT_THROW(write_png(::testing::TempDir() + "/x.png", r), std::runtime_error);
  r.channels = 1;
  r.pixels.assign(16, 0);
  EXPECT_THROW(write_png("/nonexistent-folder/x.png", r), std::runtime_error);
}

}  // namespace
}  // namespace meadow::client
