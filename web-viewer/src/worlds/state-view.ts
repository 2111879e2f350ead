// What a world's latest frame says of where it is and who watches (its bounds, the shared
// camera's aim, the viewers connected), as the view of a world whose frames fill a state of
// their own reads it.
import type { WorldRect } from "../render/viewport";

/** What a world's state keeps of its latest frame's bounds, camera and viewers. */
export interface FramePlace {
  readonly worldBounds: WorldRect | undefined;
  readonly cameraTarget: WorldRect | undefined;
  readonly viewers: number | undefined;
}

/** A world's view over the state its frames fill: its bounds, the camera's aim and the viewers are the state's. */
export abstract class StateView<S extends FramePlace> {
  protected constructor(readonly state: S) {}

  get worldBounds(): WorldRect | undefined {
    return this.state.worldBounds;
  }

  get cameraTarget(): WorldRect | undefined {
    return this.state.cameraTarget;
  }

  get viewers(): number | undefined {
    return this.state.viewers;
  }
}
