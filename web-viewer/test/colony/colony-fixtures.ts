// A colony firefly for tests: a full wanderer at (100, 100) heading +x, unless told otherwise.
import type { FireflyView } from "../../src/colony/colony-snapshot";

export const fly = (over: Partial<FireflyView> = {}): FireflyView => ({
  id: 1,
  x: 100,
  y: 100,
  heading: 0,
  energy: 1,
  activity: "wandering",
  flash: 0,
  flowerId: 0,
  fade: 1,
  seed: false,
  ...over,
});
