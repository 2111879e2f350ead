#pragma once
// Every message a viewer could send, at its extremes, found by protobuf reflection: for each body
// of meadow.v1.ClientMessage, the body empty, and then each of its fields (and their fields, a
// few levels down) alone at each extreme of its type: zero, the largest and the most negative
// numbers, NaN and the infinities, unknown enum values, empty and huge strings, long repeated
// fields. A message or field added to the protocol is covered the day it is added, with no change
// here (meadow-abuse's every-field turn sends them all).
#include <vector>

#include "meadow/v1/viewer.pb.h"

namespace meadow::client::abuse {

[[nodiscard]] std::vector<v1::ClientMessage> extreme_messages();

}  // namespace meadow::client::abuse
