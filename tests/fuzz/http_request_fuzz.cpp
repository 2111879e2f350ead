// Fuzz target http_request: one HTTP request as a client sends it, through what HttpSession does
// with it: Beast's parser with the session's limits, the route (GET and HEAD only, /healthz, the
// WebSocket's path, the forwarded address of an upgrade), resolve_static against a web root, and
// the answer's headers (http_responses). The web root is a real one in a temporary folder, with a
// dot-file inside it, a file outside it and a symlink leading out. Beyond not crashing: no
// request ever resolves to a file outside the root, to a dot-file or through the symlink, and
// what ends up in a header or a log line is plain.
#include <unistd.h>

#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include "fuzz_check.hpp"
#include "net/admission.hpp"
#include "net/beast.hpp"
#include "net/http_responses.hpp"
#include "net/static_files.hpp"

namespace meadow::fuzz {

namespace {

namespace fs = std::filesystem;
namespace asio = net::asio;
namespace beast = net::beast;
namespace http = net::http;
namespace websocket = net::websocket;

// As HttpSession (http_session.cpp): requests carry no bodies we want; headers are small.
constexpr std::uint64_t kMaxRequestBodyBytes = 4 * 1024;
constexpr std::uint32_t kMaxHeaderBytes = 8 * 1024;

// A built viewer's shape: index.html, assets/, a folder with an index; and what must never be
// served: a dot-file, a file beside the root, a symlink to it.
class WebRoot {
 public:
  WebRoot() {
    std::string pattern = (fs::temp_directory_path() / "meadow-fuzz-http-XXXXXX").string();
    MEADOW_FUZZ_CHECK(::mkdtemp(pattern.data()) != nullptr);
    base_ = pattern;
    root_ = base_ / "www";
    fs::create_directories(root_ / "assets");
    fs::create_directories(root_ / "docs");
    fs::create_directories(root_ / ".git");
    write(root_ / "index.html", "<html>");
    write(root_ / "assets" / "app-1234.js", "js");
    write(root_ / "assets" / "style.css", "css");
    write(root_ / "docs" / "index.html", "docs");
    write(root_ / ".env", "secret");
    write(root_ / ".git" / "config", "secret");
    write(base_ / "outside.txt", "outside");
    fs::create_symlink(base_ / "outside.txt", root_ / "link-out.txt");
    canonical_root_ = fs::canonical(root_).string() + "/";
  }
  ~WebRoot() {
    std::error_code ec;
    fs::remove_all(base_, ec);
  }
  WebRoot(const WebRoot&) = delete;
  WebRoot& operator=(const WebRoot&) = delete;

  [[nodiscard]] const fs::path& root() const { return root_; }

  // What resolve_static may answer: a regular file under the root, no dot-file on the way.
  void check_served(const fs::path& file) const {
    const std::string path = file.string();
    MEADOW_FUZZ_CHECK(path.starts_with(canonical_root_));
    MEADOW_FUZZ_CHECK(fs::is_regular_file(file));
    MEADOW_FUZZ_CHECK(path.find("/.") == std::string::npos);
    MEADOW_FUZZ_CHECK(file.filename() != "outside.txt");
  }

 private:
  static void write(const fs::path& p, const char* text) { std::ofstream(p) << text; }
  fs::path base_;
  fs::path root_;
  std::string canonical_root_;
};

bool plain_text(std::string_view text) {
  for (const char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) return false;
  }
  return true;
}

// Writes the answer out as the session would, and checks that every header line is one line.
void check_answer(http::message_generator&& answer) {
  std::string bytes;
  beast::error_code ec;
  while (!answer.is_done()) {
    const auto buffers = answer.prepare(ec);
    if (ec) break;
    for (const auto& b : buffers) bytes.append(static_cast<const char*>(b.data()), b.size());
    answer.consume(beast::buffer_bytes(buffers));
  }
  MEADOW_FUZZ_CHECK(!ec);
  const std::size_t end = bytes.find("\r\n\r\n");
  MEADOW_FUZZ_CHECK(end != std::string::npos);
  for (std::size_t line = 0; line < end;) {
    const std::size_t next = bytes.find("\r\n", line);
    MEADOW_FUZZ_CHECK(plain_text(std::string_view(bytes).substr(line, next - line)));
    line = next + 2;
  }
}

// Parses `data` as one request; false when Beast refuses it or it is incomplete.
bool parse(const std::uint8_t* data, std::size_t size, http::request_parser<http::string_body>& parser) {
  parser.header_limit(kMaxHeaderBytes);
  parser.body_limit(kMaxRequestBodyBytes);
  parser.eager(true);
  beast::error_code ec;
  asio::const_buffer rest(data, size);
  while (!parser.is_done() && rest.size() > 0) {
    const std::size_t used = parser.put(rest, ec);
    if (ec == http::error::need_more) break;
    if (ec || used == 0) return false;
    rest += used;
  }
  // The peer closed: a message whose end is the connection's end (an HTTP/1.0 body) is whole.
  if (!parser.is_done() && parser.got_some()) parser.put_eof(ec);
  return !ec && parser.is_done();
}

}  // namespace

int fuzz_http_request(const std::uint8_t* data, std::size_t size) {
  static const WebRoot web;
  http::request_parser<http::string_body> parser;
  if (!parse(data, size, parser)) {
    check_answer(net::refusal(net::Request{}, http::status::bad_request, "Bad request."));
    return 0;
  }
  const net::Request& req = parser.get();
  const std::string_view target = req.target();

  // The forwarded address a trusted proxy's upgrade carries: an address or nothing.
  const std::string forwarded = net::forwarded_client(req["X-Forwarded-For"]);
  for (const char c : forwarded) {
    MEADOW_FUZZ_CHECK(std::isxdigit(static_cast<unsigned char>(c)) || c == '.' || c == ':' || c == '[' || c == ']');
  }
  (void)websocket::is_upgrade(req);
  MEADOW_FUZZ_CHECK(plain_text(net::content_security_policy(req[http::field::host])));

  if (req.method() != http::verb::get && req.method() != http::verb::head) {
    check_answer(net::refusal(req, http::status::method_not_allowed, "Only GET and HEAD are served."));
    return 0;
  }
  if (const auto decoded = net::percent_decode(target)) {
    MEADOW_FUZZ_CHECK(decoded->size() <= target.size());
  }
  const auto file = net::resolve_static(web.root(), target);
  if (!file) {
    check_answer(net::text_response(req, http::status::not_found, net::kTextType, "Not found.\n"));
    return 0;
  }
  web.check_served(*file);
  MEADOW_FUZZ_CHECK(!net::content_type(*file).empty());
  (void)net::is_immutable_asset(target);
  check_answer(net::text_response(req, http::status::ok, net::content_type(*file), "file"));
  return 0;
}

}  // namespace meadow::fuzz
