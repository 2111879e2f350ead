#pragma once
// Mapping request targets to files under the web root, safely: no path outside the root, ever
// (no "..", no encoded tricks, no symlink leading out), plus the content type of each file.
// Pure functions so the rules are tested without a socket.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace meadow::net {

// Decodes %XX escapes; nullopt for malformed escapes or an encoded NUL or slash.
[[nodiscard]] std::optional<std::string> percent_decode(std::string_view text);

// The file a GET for `target` (path and optional query) should serve, or nullopt when the target
// is unsafe or names nothing under `root`. "/" and directories serve their index.html.
[[nodiscard]] std::optional<std::filesystem::path> resolve_static(const std::filesystem::path& root,
                                                                  std::string_view target);

// The Content-Type for a file, by extension; application/octet-stream when unknown.
[[nodiscard]] std::string_view content_type(const std::filesystem::path& file);

// Vite puts content-hashed files under /assets/: they can be cached forever.
[[nodiscard]] bool is_immutable_asset(std::string_view target);

}  // namespace meadow::net
