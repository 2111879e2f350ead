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

int colour_type(std::uint32_t channels) {
  switch (channels) {
    case 1: return PNG_COLOR_TYPE_GRAY;
    case 3: return PNG_COLOR_TYPE_RGB;
    case 4: return PNG_COLOR_TYPE_RGB_ALPHA;
    default: throw std::runtime_error("a PNG needs 1, 3 or 4 channels, not " + std::to_string(channels));
  }
}

}  // namespace

void write_png(const std::filesystem::path& path, const LightRaster& raster) {
  const int type = colour_type(raster.channels);
  const std::size_t row = static_cast<std::size_t>(raster.width) * raster.channels;
  if (raster.width == 0 || raster.height == 0 || raster.pixels.size() != row * raster.height) {
    throw std::runtime_error("the light raster's size does not match its width × height × channels");
  }
  std::unique_ptr<std::FILE, FileClose> file(std::fopen(path.c_str(), "wb"));
  if (!file) throw std::runtime_error("cannot write " + path.string());
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png == nullptr ? nullptr : png_create_info_struct(png);
  if (info == nullptr) {
    png_destroy_write_struct(&png, nullptr);
    throw std::runtime_error("libpng could not start");
  }
  std::vector<png_const_bytep> rows(raster.height);
  for (std::uint32_t y = 0; y < raster.height; ++y) rows[y] = raster.pixels.data() + y * row;
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
