// VideoChain: which frames of a layered stream a receiver can still decode (docs/light-codec.md
// "Video").
#include <gtest/gtest.h>

#include "stream/video_light.hpp"

namespace meadow::stream {
namespace {

TEST(VideoChain, NothingButAKeyBeforeTheFirstKey) {
  VideoChain chain;
  EXPECT_FALSE(chain.can_send(false, 0));
  EXPECT_FALSE(chain.can_send(false, 2));
  EXPECT_TRUE(chain.can_send(true, 0));
}

TEST(VideoChain, SkippingTheTopLayerCostsNothing) {
  VideoChain chain;
  chain.sent(true, 0);
  chain.skipped(false, 2, false);
  EXPECT_TRUE(chain.can_send(false, 1));
  chain.sent(false, 1);
  EXPECT_TRUE(chain.can_send(false, 2));
}

TEST(VideoChain, SkippingLayerOneHoldsLayerTwoUntilTheNextLayerZero) {
  VideoChain chain;
  chain.sent(true, 0);
  chain.skipped(false, 1, true);
  EXPECT_FALSE(chain.can_send(false, 2));
  EXPECT_FALSE(chain.can_send(false, 1));
  EXPECT_TRUE(chain.can_send(false, 0));
  chain.sent(false, 0);
  EXPECT_TRUE(chain.can_send(false, 2));
  EXPECT_TRUE(chain.can_send(false, 1));
}

TEST(VideoChain, SkippingLayerZeroBreaksTheChainUntilAKey) {
  VideoChain chain;
  chain.sent(true, 0);
  chain.skipped(false, 0, true);
  EXPECT_FALSE(chain.started());
  EXPECT_FALSE(chain.can_send(false, 0));
  EXPECT_FALSE(chain.can_send(false, 2));
  EXPECT_TRUE(chain.can_send(true, 0));
  chain.sent(true, 0);
  EXPECT_TRUE(chain.can_send(false, 0));
  chain.reset();
  EXPECT_FALSE(chain.can_send(false, 0));
}

}  // namespace
}  // namespace meadow::stream
