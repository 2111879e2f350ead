#include "net/static_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace meadow::net {
namespace {

namespace fs = std::filesystem;

class StaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("meadow-static-" + std::to_string(::getpid()) + "-" +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    root_ = base_ / "www";
    fs::create_directories(root_ / "assets");
    fs::create_directories(root_ / "docs");
    write(root_ / "index.html", "<html>");
    write(root_ / "assets" / "app-1234.js", "js");
    write(root_ / "docs" / "index.html", "docs");
    write(root_ / ".env", "secret");
    write(base_ / "outside.txt", "outside");
    fs::create_symlink(base_ / "outside.txt", root_ / "link-out.txt");
  }
  void TearDown() override { fs::remove_all(base_); }
  static void write(const fs::path& p, const std::string& s) { std::ofstream(p) << s; }

  fs::path base_;
  fs::path root_;
};

TEST_F(StaticFiles, ServesFilesAndIndexes) {
  EXPECT_EQ(resolve_static(root_, "/")->filename(), "index.html");
  EXPECT_EQ(resolve_static(root_, "/index.html?v=2")->filename(), "index.html");
  EXPECT_EQ(resolve_static(root_, "/assets/app-1234.js")->filename(), "app-1234.js");
  EXPECT_EQ(*resolve_static(root_, "/docs/"), fs::canonical(root_ / "docs" / "index.html"));
  EXPECT_EQ(*resolve_static(root_, "/assets/app%2D1234.js"), fs::canonical(root_ / "assets" / "app-1234.js"));
}

TEST_F(StaticFiles, NeverLeavesTheRoot) {
  for (const char* target : {"/../outside.txt", "/assets/../../outside.txt", "/%2e%2e/outside.txt",
                             "/..%2foutside.txt", "/%2E%2E%2Foutside.txt", "/link-out.txt", "/.env",
                             "/assets/..", "//etc/passwd", "/etc/passwd", "relative.html", "",
                             "/index.html%00.js", "/%zz", "/a\\..\\outside.txt", "/missing.html"}) {
    EXPECT_FALSE(resolve_static(root_, target).has_value()) << target;
  }
}

TEST(ContentType, ByExtension) {
  EXPECT_EQ(content_type("a/index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type("x.JS"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type("x.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type("x.wasm"), "application/wasm");
  EXPECT_EQ(content_type("x.svg"), "image/svg+xml");
  EXPECT_EQ(content_type("x.unknown"), "application/octet-stream");
}

TEST(PercentDecode, RejectsMalformedAndDangerousEscapes) {
  EXPECT_EQ(percent_decode("a%20b"), "a b");
  EXPECT_FALSE(percent_decode("%2"));
  EXPECT_FALSE(percent_decode("%g0"));
  EXPECT_FALSE(percent_decode("%00"));
  EXPECT_FALSE(percent_decode("%2f"));
  EXPECT_FALSE(percent_decode("%5C"));
}

TEST(ImmutableAssets, OnlyUnderAssets) {
  EXPECT_TRUE(is_immutable_asset("/assets/app-1234.js"));
  EXPECT_FALSE(is_immutable_asset("/index.html"));
}

}  // namespace
}  // namespace meadow::net
