#include "app/logging.hpp"

#include <google/protobuf/stubs/logging.h>
#include <spdlog/pattern_formatter.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace meadow::app {

namespace {

constexpr std::array kAreas = {"app", "net", "sim", "gpu", "store", "edge"};

// %j: the message escaped for a JSON string.
class JsonMessageFlag final : public spdlog::custom_flag_formatter {
 public:
  void format(const spdlog::details::log_msg& msg, const std::tm&, spdlog::memory_buf_t& dest) override {
    for (const char c : msg.payload) {
      switch (c) {
        case '"': dest.append(std::string_view("\\\"")); break;
        case '\\': dest.append(std::string_view("\\\\")); break;
        case '\n': dest.append(std::string_view("\\n")); break;
        case '\r': dest.append(std::string_view("\\r")); break;
        case '\t': dest.append(std::string_view("\\t")); break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            constexpr char kHex[] = "0123456789abcdef";
            const auto u = static_cast<unsigned char>(c);
            const std::array<char, 6> esc{'\\', 'u', '0', '0', kHex[u >> 4], kHex[u & 0xF]};
            dest.append(esc.data(), esc.data() + esc.size());
          } else {
            dest.push_back(c);
          }
      }
    }
  }
  [[nodiscard]] std::unique_ptr<custom_flag_formatter> clone() const override {
    return std::make_unique<JsonMessageFlag>();
  }
};

// Protobuf reports bad input from viewers (e.g. invalid UTF-8) on stderr by itself; the net
// layer already answers those with a notice, so its lines go to the net log at debug level.
void protobuf_to_spdlog(google::protobuf::LogLevel level, const char* file, int line,
                        const std::string& message) {
  auto net = spdlog::get("net");
  if (!net) return;
  const auto spd = level >= google::protobuf::LOGLEVEL_FATAL ? spdlog::level::critical
                                                             : spdlog::level::debug;
  net->log(spd, "protobuf: {} ({}:{})", message, file, line);
}

}  // namespace

void setup_logging(const std::string& level, bool json) {
  const auto parsed = spdlog::level::from_str(level);
  if (parsed == spdlog::level::off && level != "off") {
    throw std::invalid_argument("unknown log level '" + level + "'");
  }
  auto sink = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
  auto formatter = std::make_unique<spdlog::pattern_formatter>();
  if (json) {
    formatter->add_flag<JsonMessageFlag>('j').set_pattern(
        R"({"time":"%Y-%m-%dT%H:%M:%S.%f%z","level":"%l","area":"%n","msg":"%j"})");
  } else {
    formatter->set_pattern("%Y-%m-%d %H:%M:%S.%e %^%-5l%$ [%n] %v");
  }
  sink->set_formatter(std::move(formatter));
  spdlog::drop_all();
  for (const char* area : kAreas) {
    auto logger = std::make_shared<spdlog::logger>(area, sink);
    logger->set_level(parsed);
    spdlog::register_logger(logger);
  }
  spdlog::set_default_logger(spdlog::get("app"));
  google::protobuf::SetLogHandler(&protobuf_to_spdlog);
}

}  // namespace meadow::app
