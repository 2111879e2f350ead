#include "watch/png_writer.hpp"

#include <png.h>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace meadow::client {

namespace {

struct FileClose {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// A two-plane light (intensity, then heat) as the viewer roughly shows it: green light
// turning white where it is hot. G = intensity, R = B = intensity × heat / 255.
std::vector<std::uint8_t> heat_as_rgb(const std::vector<std::uint8_t>& planes) {
  const std::size_t pixels = planes.size() / 2;
  std::vector<std::uint8_t> rgb;
  rgb.reserve(pixels * 3);
  for (std::size_t i = 0; i < pixels; ++i) {
    const std::uint8_t intensity = planes[i];
    const auto white = static_cast<std::uint8_t>((unsigned{intensity} * planes[pixels + i] + 127U) / 255U);
    rgb.insert(rgb.end(), {white, intensity, white});
  }
  return rgb;
}

}  // namespace

void write_png(const std::filesystem::path& path, const LightRaster& raster) {
  if (raster.channels != 1 && raster.channels != 2) {
    throw std::runtime_error("a light raster has 1 or 2 planes, not " + std::to_string(raster.channels));
  }
  const std::size_t plane = std::size_t{raster.width} * raster.height;
  if (raster.width == 0 || raster.height == 0 || raster.pixels.size() != plane * raster.channels) {
    throw std::runtime_error("the light raster's size does not match its width × height × channels");
  }
  const int type = raster.channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB;
  std::unique_ptr<std::FILE, FileClose> file(std::fopen(path.c_str(), "wb"));
  if (!file) throw std::runtime_error("cannot write " + path.string());
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png == nullptr ? nullptr : png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("libpng could not start");
  }
  const std::vector<std::uint8_t> rgb = raster.channels == 2 ? heat_as_rgb(raster.pixels) : std::vector<std::uint8_t>{};
  const std::uint8_t* image = raster.channels == 2 ? rgb.data() : raster.pixels.data();
  const std::size_t image_row = std::size_t{raster.width} * (raster.channels == 2 ? 3 : 1);
  std::vector<png_const_bytep> rows(raster.height);
  for (std::uint32_t y = 0; y < raster.height; ++y) rows[y] = image + y * image_row;
  // libpng reports errors by longjmp: nothing with a destructor may be created below this point.
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng failed writing " + path.string());
  }
  png_init_io(png, file.get());
  png_set_IHDR(png, info, raster.width, raster.height, 8, type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, const_cast<png_bytepp>(rows.data()));
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  if (std::fflush(file.get()) != 0) throw std::runtime_error("cannot write " + path.string());
}

}  // namespace meadow::client
