// A world's view for tests that draws nothing: the registry and the choice only read its world and name.
import type { World } from "../../src/gen/meadow/v1/viewer_pb";
import { worldName, type WorldView } from "../../src/worlds/world-view";

export function namedView(world: World): WorldView {
  const name = worldName(world);
  return {
    world,
    name,
    greeting: `The ${name}`,
    landOf: () => undefined,
    takeFrame: () => undefined,
    worldBounds: undefined,
    cameraTarget: undefined,
    viewers: undefined,
    fireflies: undefined,
    statusParts: () => [],
    problem: undefined,
    music: () => undefined,
    show: () => undefined,
    draw: () => undefined,
    hide: () => undefined,
    forget: () => undefined,
    setFrameRate: () => undefined,
    setPalette: () => undefined,
  };
}
