// The tests' world on the viewer's side: wire number 15, which the protocol's World enum leaves
// free (the server's tests/support/test_world_kind.hpp), named "test" as the tests' server names it.
import type { World } from "../../src/gen/meadow/v1/viewer_pb";

export const TEST_WORLD = 15 as World;
export const TEST_WORLD_NAME = "test";
