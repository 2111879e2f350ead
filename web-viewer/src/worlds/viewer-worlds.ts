// The viewer's registration of worlds: every world it can draw, made on the page's stage. A new
// world is one more view here (and its own files); the switching, the status line, the music
// and the render loop follow from the registry.
import { ColonyView } from "../colony/colony-view";
import { MoldView } from "../mold/mold-view";
import { PlateView } from "../plate/plate-view";
import { PondView } from "../pond/pond-view";
import { OrderGauge } from "../order/order-gauge";
import { PhaseCaption } from "../swarm/phase-caption";
import { SwarmView, type SwarmHooks } from "../swarm/swarm-view";
import { stageLayer } from "./stage-layer";
import { WorldRegistry } from "./world-registry";

export interface ViewerWorlds {
  readonly registry: WorldRegistry;
}

/** What the worlds' own buttons need of the page: the link, and the phone's ⋯ menu they live in there. */
export interface PageHooks {
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  /**
   * Sends what touches the meadow (the pond's food): while the past is on screen (a replay of the
   * night) it goes nowhere and the page says why; true then too, as the page has answered it.
   */
  readonly touch: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly menu: HTMLElement;
}

export function viewerWorlds(stage: HTMLElement, hooks: SwarmHooks, page: PageHooks): ViewerWorlds {
  const swarm = new SwarmView(
    {
      light: stageLayer(stage, "light-layer", { added: true }),
      rims: stageLayer(stage, "rims-layer", { added: true }),
      trails: stageLayer(stage, "trails-layer"),
      marks: stageLayer(stage, "marks-layer"),
    },
    hooks,
    // Its order parameter and the crossings of it, on the page around the stage.
    { gauge: new OrderGauge(stage.ownerDocument, "order-gauge", "The swarm's order: 0 when the fireflies fly every way, 1 when all fly one way (the last minute)"), caption: new PhaseCaption(stage.ownerDocument) },
  );
  const colony = new ColonyView({
    things: stageLayer(stage, "colony-layer"),
    light: stageLayer(stage, "colony-light", { added: true }),
    frogs: stageLayer(stage, "colony-frogs"),
  });
  const mold = new MoldView(
    {
      light: stageLayer(stage, "mold-light", { added: true }),
      marks: stageLayer(stage, "mold-marks"),
    },
    hooks,
  );
  const gauge = new OrderGauge(stage.ownerDocument, "plate-order-gauge", "The plate's order: 0 when the birds fly every way, 1 when all fly one way (the last minute)");
  const pond = new PondView(stageLayer(stage, "pond-layer"), { say: hooks.say, sessionId: hooks.sessionId, send: page.touch, menu: page.menu });
  const plate = new PlateView(stageLayer(stage, "plate-layer"), { say: hooks.say, exports: page, gauge });
  // The first is where a viewer starts, and an older server's (worldName's unset world).
  return { registry: new WorldRegistry([swarm, colony, mold, pond, plate]) };
}
