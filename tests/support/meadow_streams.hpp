#pragma once
// The standard worlds' streams, for a test's FrameBuilder (as the server registers them).
#include <memory>
#include <vector>

#include "stream/colony/colony_stream.hpp"
#include "stream/swarm/swarm_stream.hpp"

namespace meadow::testing {

inline std::vector<std::unique_ptr<stream::WorldStream>> standard_streams() {
  std::vector<std::unique_ptr<stream::WorldStream>> out;
  out.push_back(std::make_unique<stream::SwarmStream>());
  out.push_back(std::make_unique<stream::ColonyStream>());
  return out;
}

}  // namespace meadow::testing
