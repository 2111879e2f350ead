#pragma once
// One connection to NATS (docs/edges.md), the only code that calls the NATS C client (libnats,
// Debian's libnats-dev). It keeps trying to connect and, once connected, reconnects for ever: the
// sim and its edges outlive a NATS restart. Subscriptions are delivered on the client's own
// threads; handlers must be quick and must not block.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct __natsConnection;
struct __natsSubscription;
struct __natsOptions;
struct __natsMsg;

namespace meadow::edge {

struct NatsOptions {
  std::string url;         // one or more, comma-separated: nats://[user:password@]host:port
  std::string creds_file;  // a NATS credentials file (JWT and seed), as the nats CLI's --creds
  std::string tls_ca;      // CA certificates to trust (turns TLS on)
  std::string tls_cert;    // a client certificate and its key, for servers that ask for one
  std::string tls_key;
  std::string name;        // how the NATS server lists this connection
  std::string inbox;       // where this connection's requests get their answers (_INBOX when empty)
};

// A message as a handler sees it; the bytes live only for the call.
struct NatsMessage {
  std::string_view subject;
  std::string_view data;
  std::string_view reply;  // where a request wants its answer; empty for plain messages
};
using NatsHandler = std::function<void(const NatsMessage& message)>;

// The connection's figures, for /metrics.
struct NatsCounters {
  std::atomic<std::uint64_t> published{0};
  std::atomic<std::uint64_t> published_bytes{0};
  std::atomic<std::uint64_t> publish_failures{0};  // not connected, or over the server's payload
  std::atomic<std::uint64_t> received{0};
  std::atomic<std::uint64_t> reconnects{0};
  // Times NATS began dropping messages a handler was too slow for (it says so once per bout).
  std::atomic<std::uint64_t> slow_consumer_events{0};
};

class NatsLink {
 public:
  // Starts connecting; throws std::runtime_error for options that cannot work (a missing
  // credentials file, a bad URL). Not being able to reach the server is not an error: it retries.
  explicit NatsLink(const NatsOptions& options);
  ~NatsLink();
  NatsLink(const NatsLink&) = delete;
  NatsLink& operator=(const NatsLink&) = delete;

  // False while the connection is down (publishing then fails; subscriptions resume on reconnect).
  [[nodiscard]] bool connected() const;
  // Publishes; false when NATS refused it (counted and logged, at most once a second).
  bool publish(std::string_view subject, std::string_view data);
  // A request with one answer; nullopt after `timeout` without one (or while disconnected).
  [[nodiscard]] std::optional<std::string> request(std::string_view subject, std::string_view data,
                                                   std::chrono::milliseconds timeout);

  // Unsubscribes when destroyed, and returns only once its handler has returned for the last time
  // (NATS's on-complete callback says so), so a handler may use its owner freely. The library's
  // own subscription is freed only with the connection (see retire).
  struct Subscription {
    ~Subscription();
    Subscription() = default;
    Subscription(const Subscription&) = delete;
    Subscription& operator=(const Subscription&) = delete;
    __natsSubscription* sub = nullptr;
    NatsHandler handler;
    NatsCounters* counters = nullptr;
    NatsLink* link = nullptr;
    std::mutex mutex;
    std::condition_variable completed;
    bool complete = false;
  };
  // `pending_messages`: how many may wait for the handler before NATS drops the oldest (a slow
  // consumer); frames want few, actions many.
  [[nodiscard]] std::unique_ptr<Subscription> subscribe(const std::string& subject, NatsHandler handler,
                                                        int pending_messages = 65536);

  // The connection's series for /metrics (the sim's relay and an edge's link add them to theirs).
  void render_metrics(std::string& out) const;

 private:
  __natsOptions* options_ = nullptr;
  __natsConnection* connection_ = nullptr;
  NatsCounters counters_;
  std::atomic<std::int64_t> last_failure_log_ms_{0};
  std::atomic<bool> closing_{false};  // this process closes the connection: no "lost" warning

  // libnats 3.4 (Debian 12's) has a race, fixed upstream in nats.c 3.6.1: its reading
  // thread looks a message's subscription up, lets go of the lock, then locks the
  // subscription's own mutex. A subscription freed in between crashed an edge at exit under
  // ASan (and was TSan's "invalid mutex"). So unsubscribed subscriptions are kept here and
  // freed after the connection, whose destruction joins that thread.
  void retire(__natsSubscription* sub);
  std::mutex retired_mutex_;
  std::vector<__natsSubscription*> retired_;
};

}  // namespace meadow::edge
