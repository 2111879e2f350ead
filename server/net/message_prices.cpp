#include "net/message_prices.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

namespace meadow::net {
namespace {

// The world whose folder of the protocol declares `body`'s message ("meadow/v1/NAME/…"), or empty:
// a shared message.
std::string world_folder_of(const google::protobuf::FieldDescriptor& body) {
  if (body.message_type() == nullptr) return {};
  const std::string& file = body.message_type()->file()->name();
  constexpr std::string_view kShared = "meadow/v1/";
  if (file.rfind(kShared, 0) != 0) return {};
  const auto slash = file.find('/', kShared.size());
  return slash == std::string::npos ? std::string() : file.substr(kShared.size(), slash - kShared.size());
}

struct PriceTable {
  std::vector<MessagePrice> prices;
  std::deque<std::string> words;  // the world's bodies' names and notes the prices point into
};

PriceTable make_price_table() {
  PriceTable table;
  table.prices.assign(kSharedMessagePrices.begin(), kSharedMessagePrices.end());
  const google::protobuf::OneofDescriptor* body = v1::ClientMessage::descriptor()->FindOneofByName("body");
  for (int i = 0; body != nullptr && i < body->field_count(); ++i) {
    const google::protobuf::FieldDescriptor& field = *body->field(i);
    const std::string world = world_folder_of(field);
    const bool shared = std::any_of(kSharedMessagePrices.begin(), kSharedMessagePrices.end(),
                                    [&](const MessagePrice& p) { return p.field == field.number(); });
    if (world.empty() || shared) continue;
    std::string name = field.name();  // "NAME_settings" → "NAME settings", as docs/limits.md has it
    std::replace(name.begin(), name.end(), '_', ' ');
    const std::string_view message = table.words.emplace_back(std::move(name));
    const std::string_view then = table.words.emplace_back("the " + world + "'s price (the table above)");
    table.prices.push_back({message, field.number(), std::nullopt, 1.0, then});
  }
  std::sort(table.prices.begin(), table.prices.end(),
            [](const MessagePrice& a, const MessagePrice& b) { return a.field < b.field; });
  return table;
}

}  // namespace

std::span<const MessagePrice> message_prices() {
  static const PriceTable table = make_price_table();
  return table.prices;
}

const MessagePrice* message_price(int field) {
  for (const MessagePrice& p : message_prices()) {
    if (p.field == field) return &p;
  }
  return nullptr;
}

}  // namespace meadow::net
