#pragma once
// One raw TCP connection that says something to the server (all at once, or a byte at a time
// like a slow client) and notes what came back: an HTTP status line, a close, or nothing. The
// attacks of meadow-abuse are made of these. Beast stays out of this header.
#include <boost/asio/io_context.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace meadow::client::abuse {

struct ProbeResult {
  enum class Kind {
    kNoConnection,  // the connect itself failed (refused, reset, timed out)
    kAnswered,      // an HTTP response came (status below); 101 means the server took an upgrade
    kClosed,        // the server closed the connection without a response
    kStillOpen,     // the connection was still open, unanswered, when the probe was stopped
  };
  Kind kind = Kind::kStillOpen;
  int status = 0;        // HTTP status when kAnswered
  std::string detail;    // the first line of the response body, or why the connection ended
  double seconds = 0.0;  // from the start to the answer or the close
};

struct ProbeSpec {
  std::string server_host = "127.0.0.1";
  std::uint16_t server_port = 0;
  std::string source_address;  // the loopback address to connect from; empty: any
  std::string request;         // bytes to send
  // 0: send the request at once; otherwise one byte every this long (a slow client).
  std::chrono::milliseconds trickle_every{0};
  // > 0: the socket's receive buffer (SO_RCVBUF, set before connecting): a small one makes a
  // client that never reads fill the server's side of the connection at once.
  int receive_buffer_bytes = 0;
};

class RawProbe {
 public:
  using Done = std::function<void(const ProbeResult&)>;
  // `done` is called exactly once: when the outcome is known, or from stop().
  RawProbe(boost::asio::io_context& io, ProbeSpec spec, Done done);
  ~RawProbe();
  RawProbe(const RawProbe&) = delete;
  RawProbe& operator=(const RawProbe&) = delete;

  void start();
  // Closes the connection if it is still open (reporting kStillOpen) and waits until no
  // handler of this probe runs any more. The io_context must still be running.
  void stop();

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

// Probes started together, their results gathered as they come.
class ProbeGroup {
 public:
  using Clock = std::chrono::steady_clock;
  explicit ProbeGroup(boost::asio::io_context& io) : io_(io) {}
  ~ProbeGroup() { stop_all(); }
  ProbeGroup(const ProbeGroup&) = delete;
  ProbeGroup& operator=(const ProbeGroup&) = delete;

  void add(ProbeSpec spec);
  // Waits until every probe started so far reported, or `until` passed; true when all did.
  bool wait_answered(Clock::time_point until);
  // Stops every probe (those still open report so) and forgets them; their results stay.
  void stop_all();
  // Every result so far, in the order they came.
  [[nodiscard]] std::vector<ProbeResult> results() const;

 private:
  boost::asio::io_context& io_;
  std::vector<std::unique_ptr<RawProbe>> probes_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<ProbeResult> results_;
  std::size_t waiting_ = 0;  // probes started and not yet reported
};

}  // namespace meadow::client::abuse
