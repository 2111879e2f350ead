#include "net/static_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

namespace meadow::net {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A path is inside root when, component by component, root is its prefix.
bool is_within(const std::filesystem::path& root, const std::filesystem::path& p) {
  auto r = root.begin();
  auto q = p.begin();
  for (; r != root.end(); ++r, ++q) {
    if (r->empty() && std::next(r) == root.end()) break;  // trailing slash of root
    if (q == p.end() || *r != *q) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> percent_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int hi = hex_value(text[i + 1]);
    const int lo = hex_value(text[i + 2]);
    if (hi < 0 || lo < 0) return std::nullopt;
    const char c = static_cast<char>(hi * 16 + lo);
    if (c == '\0' || c == '/' || c == '\\') return std::nullopt;
    out.push_back(c);
    i += 2;
  }
  return out;
}

std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                    std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  target = target.substr(0, target.find_first_of("?#"));
  const auto decoded = percent_decode(target);
  if (!decoded) return std::nullopt;

  std::filesystem::path relative;
  std::string_view rest{*decoded};
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const std::string_view part = rest.substr(0, slash);
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
    if (part.empty()) continue;
    if (part == "." || part == ".." || part.find('\\') != std::string_view::npos ||
        part.find('\0') != std::string_view::npos || part.front() == '.') {
      return std::nullopt;  // dot-files and traversal are never served
    }
    relative /= std::filesystem::path(part);
  }

  std::error_code ec;
  const auto canonical_root = std::filesystem::canonical(root, ec);
  if (ec) return std::nullopt;
  auto candidate = canonical_root / relative;
  if (std::filesystem::is_directory(candidate, ec)) candidate /= "index.html";
  const auto resolved = std::filesystem::canonical(candidate, ec);
  if (ec || !is_within(canonical_root, resolved)) return std::nullopt;  // missing, or a symlink out
  if (!std::filesystem::is_regular_file(resolved, ec)) return std::nullopt;
  return resolved;
}

std::string_view content_type(const std::filesystem::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".ico", "image/x-icon"},
      {".wasm", "application/wasm"},
      {".woff2", "font/woff2"},
      {".txt", "text/plain; charset=utf-8"},
      {".webp", "image/webp"},
      {".bin", "application/octet-stream"},
  }};
  std::string ext = file.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const auto& [suffix, type] : kTypes) {
    if (ext == suffix) return type;
  }
  return "application/octet-stream";
}

bool is_immutable_asset(std::string_view target) { return target.starts_with("/assets/"); }

}  // namespace meadow::net
