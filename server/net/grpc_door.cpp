#include "net/grpc_door.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <grpcpp/server.h>
#include <spdlog/spdlog.h>
#include <grpcpp/server_posix.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <charconv>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <thread>
#include <vector>

#include "net/admission.hpp"
#include "net/grpc_listen.hpp"
#include "net/logger.hpp"
#include "net/metrics.hpp"

namespace meadow::net {

namespace {

// How often the door looks whether gRPC closed the connections it handed over: a slot given
// back within a quarter of a second of its connection's end.
constexpr int kSweepEveryMs = 250;
// After a failed accept (out of descriptors, say) the pending connection stays in the backlog:
// wait this long rather than spin.
constexpr auto kAcceptBackoff = std::chrono::milliseconds(100);
constexpr int kBacklog = 512;

// A socket's peer as gRPC names its own ("ipv4:10.0.0.2:5000", "ipv6:[::1]:5000"), with an
// IPv4-mapped IPv6 address as IPv4, as the HTTP door counts it.
std::string grpc_name_of(const sockaddr_storage& peer) {
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (peer.ss_family == AF_INET) {
    const auto& v4 = reinterpret_cast<const sockaddr_in&>(peer);
    inet_ntop(AF_INET, &v4.sin_addr, text.data(), text.size());
    return std::string("ipv4:") + text.data() + ":" + std::to_string(ntohs(v4.sin_port));
  }
  if (peer.ss_family == AF_INET6) {
    const auto& v6 = reinterpret_cast<const sockaddr_in6&>(peer);
    if (IN6_IS_ADDR_V4MAPPED(&v6.sin6_addr)) {
      inet_ntop(AF_INET, &v6.sin6_addr.s6_addr[12], text.data(), text.size());
      return std::string("ipv4:") + text.data() + ":" + std::to_string(ntohs(v6.sin6_port));
    }
    inet_ntop(AF_INET6, &v6.sin6_addr, text.data(), text.size());
    return std::string("ipv6:[") + text.data() + "]:" + std::to_string(ntohs(v6.sin6_port));
  }
  return "unknown";
}

int listen_on(const std::string& bind_address, std::uint16_t port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICHOST | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (getaddrinfo(bind_address.c_str(), service.c_str(), &hints, &found) != 0 || found == nullptr) {
    throw std::runtime_error("cannot serve the viewers' gRPC on " + bind_address + ":" + service + " (not an address)");
  }
  const int fd = socket(found->ai_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  const int one = 1;
  const bool ok = fd >= 0 && setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) == 0 &&
                  bind(fd, found->ai_addr, found->ai_addrlen) == 0 && listen(fd, kBacklog) == 0;
  const int error = errno;
  freeaddrinfo(found);
  if (!ok) {
    if (fd >= 0) close(fd);
    throw std::runtime_error("cannot serve the viewers' gRPC on " + bind_address + ":" + service + " (" +
                             std::strerror(error) + ")");
  }
  return fd;
}

}  // namespace

namespace grpc_door_detail {

// What identifies a socket while it is open: its device and inode.
struct SocketIdentity {
  dev_t device = 0;
  ino_t inode = 0;
  friend bool operator==(const SocketIdentity&, const SocketIdentity&) = default;
};

std::optional<SocketIdentity> identity_of(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode)) return std::nullopt;
  return SocketIdentity{st.st_dev, st.st_ino};
}

}  // namespace grpc_door_detail

using grpc_door_detail::identity_of;
using grpc_door_detail::SocketIdentity;

struct GrpcDoor::Impl {
  Admission& admission;
  Metrics& metrics;
  int listen_fd = -1;
  int wake_fd = -1;
  std::uint16_t port = 0;
  grpc::Server* server = nullptr;
  std::thread thread;

  struct Handed {
    int fd;
    SocketIdentity identity;
    std::string peer;  // as gRPC would name it
    AdmissionTicket ticket;
  };
  std::chrono::steady_clock::time_point swept;
  mutable std::mutex mutex;
  std::vector<Handed> handed;

  Impl(Admission& a, Metrics& m) : admission(a), metrics(m) {}

  void run() {
    std::array<pollfd, 2> fds{pollfd{listen_fd, POLLIN, 0}, pollfd{wake_fd, POLLIN, 0}};
    while (true) {
      const int ready = poll(fds.data(), fds.size(), kSweepEveryMs);
      if (ready < 0 && errno != EINTR) break;
      if ((fds[1].revents & POLLIN) != 0) break;  // stop()
      if ((fds[0].revents & POLLIN) != 0) accept_one();
      // Every quarter second, not at every accept: a flood of them would make it one fstat of
      // every open connection per connection.
      if (std::chrono::steady_clock::now() - swept >= std::chrono::milliseconds(kSweepEveryMs)) {
        sweep();
        swept = std::chrono::steady_clock::now();
      }
    }
  }

  void accept_one() {
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    const int fd = accept4(listen_fd, reinterpret_cast<sockaddr*>(&peer), &length, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) {
      if (errno == EAGAIN || errno == EINTR || errno == ECONNABORTED) return;
      metrics.accept_errors_total.fetch_add(1, std::memory_order_relaxed);
      logger()->warn("accepting a viewers' gRPC connection failed: {}; trying again in {} ms", std::strerror(errno),
                     kAcceptBackoff.count());
      std::this_thread::sleep_for(kAcceptBackoff);
      return;
    }
    std::string name = grpc_name_of(peer);
    const std::string address = grpc_peer_address(name);
    Admitted admitted = admission.admit_connection(address);
    const std::optional<SocketIdentity> identity = identity_of(fd);
    if (!admitted.ticket.held() || !identity) {
      // gRPC's clients see the connection closed (UNAVAILABLE) and back off before trying again.
      record_refusal(metrics, Refused::kConnection, admitted, address);
      close(fd);
      return;
    }
    const int no_delay = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &no_delay, sizeof no_delay);  // frames are latency-sensitive
    {
      const std::lock_guard lock(mutex);
      handed.push_back(Handed{fd, *identity, std::move(name), std::move(admitted.ticket)});
    }
    grpc::AddInsecureChannelFromFd(server, fd);  // gRPC owns the descriptor from here
  }

  // Gives back the slots of the connections gRPC closed: their descriptor is closed, or is now
  // another file (a descriptor number is used again at once).
  void sweep() {
    const std::lock_guard lock(mutex);
    std::erase_if(handed, [](const Handed& h) { return identity_of(h.fd) != h.identity; });
  }
};

GrpcDoor::GrpcDoor(Admission& admission, Metrics& metrics, const std::string& bind_address, std::uint16_t port)
    : impl_(std::make_unique<Impl>(admission, metrics)) {
  impl_->listen_fd = listen_on(bind_address, port);
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  getsockname(impl_->listen_fd, reinterpret_cast<sockaddr*>(&bound), &length);
  impl_->port = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<const sockaddr_in6&>(bound).sin6_port
                                                  : reinterpret_cast<const sockaddr_in&>(bound).sin_port);
  impl_->wake_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (impl_->wake_fd < 0) {
    close(impl_->listen_fd);
    throw std::runtime_error(std::string("the viewers' gRPC door: no eventfd (") + std::strerror(errno) + ")");
  }
}

GrpcDoor::~GrpcDoor() {
  stop();
  forget_all();
  close(impl_->wake_fd);
}

void GrpcDoor::start(grpc::Server& server) {
  impl_->server = &server;
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

void GrpcDoor::stop() {
  if (impl_->listen_fd < 0) return;
  const std::uint64_t one = 1;
  if (write(impl_->wake_fd, &one, sizeof one) < 0) logger()->warn("the viewers' gRPC door: cannot wake its thread");
  if (impl_->thread.joinable()) impl_->thread.join();
  close(impl_->listen_fd);
  impl_->listen_fd = -1;
}

void GrpcDoor::forget_all() {
  const std::lock_guard lock(impl_->mutex);
  impl_->handed.clear();
}

std::uint16_t GrpcDoor::port() const { return impl_->port; }

std::string GrpcDoor::peer_of(const std::string& grpc_peer) const {
  constexpr std::string_view kFd = "fd:";
  if (!grpc_peer.starts_with(kFd)) return grpc_peer;
  int fd = -1;
  const char* const end = grpc_peer.data() + grpc_peer.size();
  if (std::from_chars(grpc_peer.data() + kFd.size(), end, fd).ptr != end) return "unknown";
  const std::optional<SocketIdentity> now = identity_of(fd);
  const std::lock_guard lock(impl_->mutex);
  for (const Impl::Handed& h : impl_->handed) {
    if (h.fd == fd && now == h.identity) return h.peer;
  }
  return "unknown";
}

std::size_t GrpcDoor::open_connections() const {
  const std::lock_guard lock(impl_->mutex);
  return impl_->handed.size();
}

}  // namespace meadow::net
