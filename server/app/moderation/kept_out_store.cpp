#include "app/moderation/kept_out_store.hpp"

#include <chrono>
#include <vector>

#include "app/replay/night_clock.hpp"

namespace meadow::app {

namespace {

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::function<void(const std::string&, std::int64_t)> kept_out_writer(store::StoreWriter& store) {
  return [&store](const std::string& address, std::int64_t until_ms) {
    store.post([address, until_ms](store::StateStore* s) {
      if (s != nullptr) s->keep_out(address, until_ms, now_ms());
    });
  };
}

std::size_t bring_back_kept_out(store::StoreWriter& store, net::Admission& admission) {
  std::vector<store::StateStore::KeptOut> rows;
  store.post([&rows](store::StateStore* s) {
    if (s != nullptr) rows = s->kept_out();
  });
  store.flush();
  std::size_t brought = 0;
  const std::int64_t now = now_ms();
  for (const store::StateStore::KeptOut& k : rows) {
    if (k.until_ms <= now) continue;
    admission.keep_out(k.address, std::chrono::steady_clock::now() + std::chrono::milliseconds(k.until_ms - now),
                       clock_text(k.until_ms));
    ++brought;
  }
  return brought;
}

}  // namespace meadow::app
