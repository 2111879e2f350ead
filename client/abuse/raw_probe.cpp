#include "abuse/raw_probe.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <charconv>
#include <future>
#include <utility>

namespace meadow::client::abuse {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using error_code = boost::system::error_code;

namespace {
// What is read of a response at most: the status line, the headers and the first of the body.
constexpr std::size_t kMaxResponseBytes = 16 * 1024;
// A connect that has not completed after this long counts as failed.
constexpr std::chrono::seconds kConnectTimeout{5};

// The status of an HTTP response head ("HTTP/1.1 503 Service Unavailable"), or 0.
int status_of(const std::string& head) {
  if (head.rfind("HTTP/1.", 0) != 0 || head.size() < 12) return 0;
  int status = 0;
  std::from_chars(head.data() + 9, head.data() + 12, status);
  return status;
}

// The first line of the body after the head that ends at `end` (the "\r\n\r\n"), if any came.
std::string first_body_line(const std::string& response, std::size_t end) {
  const std::size_t body = end + 4;
  if (body >= response.size()) return {};
  const std::size_t eol = response.find('\n', body);
  return response.substr(body, (eol == std::string::npos ? response.size() : eol) - body);
}
}  // namespace

struct RawProbe::Impl : std::enable_shared_from_this<Impl> {
  Impl(asio::io_context& io, ProbeSpec s, Done d)
      : spec(std::move(s)), done(std::move(d)), strand(asio::make_strand(io)), socket(strand), timer(strand) {}

  ProbeSpec spec;
  Done done;
  asio::strand<asio::io_context::executor_type> strand;
  tcp::socket socket;
  asio::steady_timer timer;
  Clock::time_point started = Clock::now();
  std::string response;
  std::array<char, 4096> chunk{};
  std::size_t sent = 0;
  bool reported = false;
  bool stopped = false;

  void report(ProbeResult::Kind kind, int status, std::string detail) {
    if (reported) return;
    reported = true;
    ProbeResult r;
    r.kind = kind;
    r.status = status;
    r.detail = std::move(detail);
    r.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (done) done(r);
  }

  void start() {
    error_code ec;
    const tcp::endpoint server(asio::ip::make_address(spec.server_host, ec), spec.server_port);
    if (ec) return report(ProbeResult::Kind::kNoConnection, 0, "bad server address: " + ec.message());
    socket.open(server.protocol(), ec);
    if (!ec && spec.receive_buffer_bytes > 0) {
      socket.set_option(asio::socket_base::receive_buffer_size(spec.receive_buffer_bytes), ec);
    }
    if (!ec && !spec.source_address.empty()) {
      socket.bind(tcp::endpoint(asio::ip::make_address(spec.source_address, ec), 0), ec);
    }
    if (ec) return report(ProbeResult::Kind::kNoConnection, 0, "cannot open a socket: " + ec.message());
    timer.expires_after(kConnectTimeout);
    timer.async_wait([self = shared_from_this()](error_code wait_ec) {
      if (!wait_ec && !self->reported && self->sent == 0) {
        error_code ignored;
        self->socket.close(ignored);
      }
    });
    socket.async_connect(server, [self = shared_from_this()](error_code connect_ec) { self->on_connect(connect_ec); });
  }

  void on_connect(error_code ec) {
    timer.cancel();
    if (stopped) return;
    if (ec) return report(ProbeResult::Kind::kNoConnection, 0, "connect: " + ec.message());
    do_read();
    if (spec.trickle_every.count() == 0) {
      asio::async_write(socket, asio::buffer(spec.request), [self = shared_from_this()](error_code write_ec, std::size_t n) {
        self->sent = n;
        (void)write_ec;  // a refused request shows as a close or an answer on the read side
      });
    } else {
      trickle();
    }
  }

  void trickle() {
    if (stopped || reported || sent >= spec.request.size()) return;
    asio::async_write(socket, asio::buffer(spec.request.data() + sent, 1), [self = shared_from_this()](error_code ec, std::size_t n) {
      if (ec) return;
      self->sent += n;
      self->timer.expires_after(self->spec.trickle_every);
      self->timer.async_wait([self](error_code wait_ec) {
        if (!wait_ec) self->trickle();
      });
    });
  }

  void do_read() {
    socket.async_read_some(asio::buffer(chunk), [self = shared_from_this()](error_code ec, std::size_t n) { self->on_read(ec, n); });
  }

  void on_read(error_code ec, std::size_t n) {
    if (stopped) return;
    response.append(chunk.data(), n);
    const std::size_t head_end = response.find("\r\n\r\n");
    if (head_end != std::string::npos) {
      const int status = status_of(response);
      // 101: the server took the upgrade. The probe stays connected and never reads again, like
      // a viewer that stopped reading, until it is stopped.
      if (status == 101) return report(ProbeResult::Kind::kAnswered, status, "switching protocols");
      // Wait for the body's first line while it is still coming.
      if (!ec && first_body_line(response, head_end).empty() && response.size() < kMaxResponseBytes &&
          response.find("Content-Length: 0") == std::string::npos) {
        return do_read();
      }
      report(ProbeResult::Kind::kAnswered, status, first_body_line(response, head_end));
      timer.cancel();
      error_code ignored;
      socket.close(ignored);
      return;
    }
    if (ec) {
      if (!response.empty() && status_of(response) == 0) {
        return report(ProbeResult::Kind::kClosed, 0, "closed after " + std::to_string(response.size()) + " bytes that are not HTTP");
      }
      return report(ProbeResult::Kind::kClosed, 0, ec.message());
    }
    if (response.size() >= kMaxResponseBytes) return report(ProbeResult::Kind::kClosed, 0, "response head too long");
    do_read();
  }

  void stop(std::promise<void>& finished) {
    stopped = true;
    timer.cancel();
    error_code ignored;
    socket.close(ignored);
    report(ProbeResult::Kind::kStillOpen, 0, "still open, unanswered");
    finished.set_value();
  }
};

RawProbe::RawProbe(asio::io_context& io, ProbeSpec spec, Done done)
    : impl_(std::make_shared<Impl>(io, std::move(spec), std::move(done))) {}

RawProbe::~RawProbe() = default;

void RawProbe::start() {
  asio::post(impl_->strand, [impl = impl_] { impl->start(); });
}

void RawProbe::stop() {
  std::promise<void> finished;
  auto wait = finished.get_future();
  asio::post(impl_->strand, [impl = impl_, &finished] { impl->stop(finished); });
  wait.wait();
}

void ProbeGroup::add(ProbeSpec spec) {
  {
    const std::lock_guard lock(mutex_);
    ++waiting_;
  }
  auto probe = std::make_unique<RawProbe>(io_, std::move(spec), [this](const ProbeResult& r) {
    const std::lock_guard lock(mutex_);
    results_.push_back(r);
    --waiting_;
    changed_.notify_all();
  });
  probe->start();
  probes_.push_back(std::move(probe));
}

bool ProbeGroup::wait_answered(Clock::time_point until) {
  std::unique_lock lock(mutex_);
  return changed_.wait_until(lock, until, [this] { return waiting_ == 0; });
}

void ProbeGroup::stop_all() {
  for (auto& p : probes_) p->stop();
  probes_.clear();
}

std::vector<ProbeResult> ProbeGroup::results() const {
  const std::lock_guard lock(mutex_);
  return results_;
}

}  // namespace meadow::client::abuse
