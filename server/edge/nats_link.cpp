#include "edge/nats_link.hpp"

#include <nats/nats.h>
#include <spdlog/spdlog.h>

#include <stdexcept>
#include <string>

#include "edge/edge_log.hpp"
#include "edge/url_credentials.hpp"
#include "net/metrics.hpp"

namespace meadow::edge {

namespace {

// Reconnects for ever, a second apart (plus NATS's own jitter): a NATS restart takes seconds.
constexpr int kReconnectWaitMs = 1000;
// What may be published while reconnecting, kept to send once connected (8 MB: a few frames;
// beyond it publishing fails until the connection is back, and those frames are simply lost).
constexpr int kReconnectBufferBytes = 8 * 1024 * 1024;
// Bytes waiting for a slow handler before NATS drops messages (frames go stale anyway).
constexpr int kPendingBytes = 64 * 1024 * 1024;
// How long the last link waits for the library's threads to end.
constexpr int64_t kLibraryCloseWaitMs = 2000;
// How long an unsubscribing owner waits for a handler under way to return.
constexpr std::chrono::seconds kHandlerFinishWait{2};
// Failures are logged at most this often.
constexpr std::int64_t kFailureLogEveryMs = 1000;

void check(natsStatus status, const char* what) {
  if (status == NATS_OK) return;
  const char* last = nats_GetLastError(nullptr);
  throw std::runtime_error(std::string("NATS: ") + what + ": " + natsStatus_GetText(status) +
                           (last != nullptr && *last != '\0' ? std::string(" (") + last + ")" : ""));
}

void on_disconnected(natsConnection* /*nc*/, void* closure) {
  // Not when this process closes it.
  if (!static_cast<const std::atomic<bool>*>(closure)->load()) edge_log()->warn("NATS connection lost; reconnecting");
}

// Links alive in this process: the last one to go tears the library down.
std::atomic<int> links_alive{0};

// The library calls its callbacks from threads of its own, which outlive a destroyed connection:
// the last link waits for them to end, so that none runs after this link's members (and, at
// exit, the loggers) are gone. Said when they do not end in time.
void release_library() {
  if (links_alive.fetch_sub(1) != 1) return;
  const natsStatus status = nats_CloseAndWait(kLibraryCloseWaitMs);
  if (status != NATS_OK) {
    edge_log()->warn("NATS's threads did not all end within {} ms ({})", kLibraryCloseWaitMs, natsStatus_GetText(status));
  }
}

void on_reconnected(natsConnection* nc, void* closure) {
  auto* counters = static_cast<NatsCounters*>(closure);
  counters->reconnects.fetch_add(1, std::memory_order_relaxed);
  char url[256] = {0};
  natsConnection_GetConnectedUrl(nc, url, sizeof(url));
  edge_log()->info("NATS reconnected to {}", without_credentials(url));
}

void on_connected(natsConnection* nc, void* /*closure*/) {
  char url[256] = {0};
  natsConnection_GetConnectedUrl(nc, url, sizeof(url));
  edge_log()->info("NATS connected to {}", without_credentials(url));
}

void on_error(natsConnection* /*nc*/, natsSubscription* sub, natsStatus err, void* closure) {
  auto* counters = static_cast<NatsCounters*>(closure);
  if (err == NATS_SLOW_CONSUMER && sub != nullptr) {
    // NATS drops messages the handler could not take in time: counted, the handler goes on with
    // the newest (a frame later is a frame fresher).
    counters->slow_consumer_events.fetch_add(1, std::memory_order_relaxed);
    return;
  }
  edge_log()->warn("NATS: {}", natsStatus_GetText(err));
}

void on_message(natsConnection* /*nc*/, natsSubscription* /*sub*/, natsMsg* msg, void* closure) {
  auto* subscription = static_cast<NatsLink::Subscription*>(closure);
  subscription->counters->received.fetch_add(1, std::memory_order_relaxed);
  const char* reply = natsMsg_GetReply(msg);
  const NatsMessage message{natsMsg_GetSubject(msg),
                            std::string_view(natsMsg_GetData(msg), static_cast<std::size_t>(natsMsg_GetDataLength(msg))),
                            reply != nullptr ? std::string_view(reply) : std::string_view()};
  try {
    subscription->handler(message);
  } catch (const std::exception& e) {
    edge_log()->warn("a message on {} could not be handled: {}", message.subject, e.what());
  }
  natsMsg_Destroy(msg);
}

void on_complete(void* closure) {
  auto* subscription = static_cast<NatsLink::Subscription*>(closure);
  // Notified under the lock: the owner, waking, may destroy the condition variable at once.
  const std::lock_guard lock(subscription->mutex);
  subscription->complete = true;
  subscription->completed.notify_all();
}

}  // namespace

NatsLink::NatsLink(const NatsOptions& options) {
  if (options.url.empty()) throw std::runtime_error("NATS: no server URL (--nats)");
  check(natsOptions_Create(&options_), "options");
  links_alive.fetch_add(1);
  try {
    check(natsOptions_SetURL(options_, options.url.c_str()), "the server URL");
    if (!options.name.empty()) check(natsOptions_SetName(options_, options.name.c_str()), "the connection's name");
    if (!options.inbox.empty()) check(natsOptions_SetCustomInboxPrefix(options_, options.inbox.c_str()), "the inbox");
    check(natsOptions_SetMaxReconnect(options_, -1), "reconnecting");
    check(natsOptions_SetReconnectWait(options_, kReconnectWaitMs), "reconnecting");
    check(natsOptions_SetReconnectBufSize(options_, kReconnectBufferBytes), "the reconnect buffer");
    check(natsOptions_SetDisconnectedCB(options_, on_disconnected, &closing_), "callbacks");
    check(natsOptions_SetReconnectedCB(options_, on_reconnected, &counters_), "callbacks");
    check(natsOptions_SetErrorHandler(options_, on_error, &counters_), "callbacks");
    if (!options.creds_file.empty()) {
      check(natsOptions_SetUserCredentialsFromFiles(options_, options.creds_file.c_str(), nullptr),
            ("the credentials in " + options.creds_file).c_str());
    }
    if (!options.tls_ca.empty() || !options.tls_cert.empty()) {
      check(natsOptions_SetSecure(options_, true), "TLS");
      if (!options.tls_ca.empty()) {
        check(natsOptions_LoadCATrustedCertificates(options_, options.tls_ca.c_str()), ("the CA in " + options.tls_ca).c_str());
      }
      if (!options.tls_cert.empty()) {
        check(natsOptions_LoadCertificatesChain(options_, options.tls_cert.c_str(), options.tls_key.c_str()),
              ("the certificate in " + options.tls_cert).c_str());
      }
    }
    // Not there yet is not fatal: the connection comes up when the server does.
    check(natsOptions_SetRetryOnFailedConnect(options_, true, on_connected, nullptr), "retrying");
    const natsStatus status = natsConnection_Connect(&connection_, options_);
    if (status == NATS_NOT_YET_CONNECTED) {
      edge_log()->warn("NATS at {} is not reachable yet; trying every second", without_credentials(options.url));
    } else {
      check(status, ("connecting to " + without_credentials(options.url)).c_str());
    }
  } catch (...) {
    natsConnection_Destroy(connection_);
    natsOptions_Destroy(options_);
    release_library();
    throw;
  }
}

NatsLink::~NatsLink() {
  // Whatever was published goes out before the connection closes (the edge's last report).
  if (connected()) natsConnection_FlushTimeout(connection_, 1000);
  closing_.store(true);
  natsConnection_Destroy(connection_);
  // The reading thread is joined: no message can reach a retired subscription any more.
  const std::lock_guard lock(retired_mutex_);
  for (natsSubscription* sub : retired_) natsSubscription_Destroy(sub);
  retired_.clear();
  natsOptions_Destroy(options_);
  release_library();
}

void NatsLink::retire(natsSubscription* sub) {
  const std::lock_guard lock(retired_mutex_);
  retired_.push_back(sub);
}

bool NatsLink::connected() const { return natsConnection_Status(connection_) == NATS_CONN_STATUS_CONNECTED; }

void NatsLink::render_metrics(std::string& out) const {
  const auto load = [](const std::atomic<std::uint64_t>& a) { return a.load(std::memory_order_relaxed); };
  net::render_gauge(out, "meadow_nats_connected", "Whether the NATS connection is up.", connected() ? 1 : 0);
  net::render_counter(out, "meadow_nats_published_total", "Messages published on NATS.", load(counters_.published));
  net::render_counter(out, "meadow_nats_published_bytes_total", "Bytes published on NATS.", load(counters_.published_bytes));
  net::render_counter(out, "meadow_nats_publish_failures_total",
                      "Messages NATS refused: disconnected past its buffer, or over its payload limit.",
                      load(counters_.publish_failures));
  net::render_counter(out, "meadow_nats_received_total", "Messages received from NATS.", load(counters_.received));
  net::render_counter(out, "meadow_nats_reconnects_total", "Times the NATS connection came back.", load(counters_.reconnects));
  net::render_counter(out, "meadow_nats_slow_consumer_total",
                      "Times NATS began dropping messages this server's handlers were too slow for.",
                      load(counters_.slow_consumer_events));
}

bool NatsLink::publish(std::string_view subject, std::string_view data) {
  const std::string subject_z(subject);
  const natsStatus status =
      natsConnection_Publish(connection_, subject_z.c_str(), data.data(), static_cast<int>(data.size()));
  if (status == NATS_OK) {
    counters_.published.fetch_add(1, std::memory_order_relaxed);
    counters_.published_bytes.fetch_add(data.size(), std::memory_order_relaxed);
    return true;
  }
  counters_.publish_failures.fetch_add(1, std::memory_order_relaxed);
  const auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now().time_since_epoch())
                       .count();
  std::int64_t last = last_failure_log_ms_.load(std::memory_order_relaxed);
  if (now - last >= kFailureLogEveryMs && last_failure_log_ms_.compare_exchange_strong(last, now)) {
    edge_log()->warn("NATS refused a message of {} bytes on {}: {}", data.size(), subject, natsStatus_GetText(status));
  }
  return false;
}

std::optional<std::string> NatsLink::request(std::string_view subject, std::string_view data,
                                             std::chrono::milliseconds timeout) {
  if (!connected()) return std::nullopt;
  const std::string subject_z(subject);
  natsMsg* reply = nullptr;
  const natsStatus status = natsConnection_Request(&reply, connection_, subject_z.c_str(), data.data(),
                                                   static_cast<int>(data.size()), timeout.count());
  if (status != NATS_OK) return std::nullopt;
  std::string out(natsMsg_GetData(reply), static_cast<std::size_t>(natsMsg_GetDataLength(reply)));
  natsMsg_Destroy(reply);
  return out;
}

std::unique_ptr<NatsLink::Subscription> NatsLink::subscribe(const std::string& subject, NatsHandler handler,
                                                            int pending_messages) {
  auto subscription = std::make_unique<Subscription>();
  subscription->handler = std::move(handler);
  subscription->counters = &counters_;
  subscription->link = this;
  check(natsConnection_Subscribe(&subscription->sub, connection_, subject.c_str(), on_message, subscription.get()),
        ("subscribing to " + subject).c_str());
  check(natsSubscription_SetPendingLimits(subscription->sub, pending_messages, kPendingBytes), "pending limits");
  check(natsSubscription_SetOnCompleteCB(subscription->sub, on_complete, subscription.get()), "completion");
  return subscription;
}

NatsLink::Subscription::~Subscription() {
  if (sub == nullptr) return;
  natsSubscription_Unsubscribe(sub);
  std::unique_lock lock(mutex);
  // A handler under way finishes first; bounded, in case the library never calls back.
  completed.wait_for(lock, kHandlerFinishWait, [this] { return complete; });
  lock.unlock();
  link->retire(sub);
}

}  // namespace meadow::edge
