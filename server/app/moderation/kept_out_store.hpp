#pragma once
// The operator's keep-outs written down in the saved state (docs/gallery.md "Moderation"), so that a
// restart does not let a kept-out address in again.
#include <cstdint>
#include <functional>
#include <string>

#include "net/admission.hpp"
#include "store/store_writer.hpp"

namespace meadow::app {

// Writes each keep-out down on the store's thread (OperatorConfig::write_keep_out).
[[nodiscard]] std::function<void(const std::string& address, std::int64_t until_ms)> kept_out_writer(
    store::StoreWriter& store);

// Keeps out again, until their time, the addresses the saved state has kept out (waits for the
// store's thread to read them). Returns how many.
std::size_t bring_back_kept_out(store::StoreWriter& store, net::Admission& admission);

}  // namespace meadow::app
