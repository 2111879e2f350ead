#pragma once
// Protobuf logs each string field with invalid UTF-8 it refuses; the server sends those lines to
// its net log at debug level (app/logging.cpp). A fuzz body drops them: a line per input would
// bury libFuzzer's report and cost more than the input.
#include <google/protobuf/stubs/logging.h>

namespace meadow::fuzz {

inline void quiet_protobuf() {
  static const bool quiet = [] {
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)quiet;
}

}  // namespace meadow::fuzz
