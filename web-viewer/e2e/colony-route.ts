// Colony frames of our own making, for testing the drawing exactly: a WebSocket route between
// the page and the real server passes everything through, except that while the page has asked
// for the colony (ChooseWorld) every frame the server sends is replaced by a colony frame from
// `scene`. With `alone`, no server is involved: the route welcomes the page itself and sends
// colony frames 30 times a second once asked (for working on the drawing without a server).
import { create, fromBinary, toBinary, type MessageInitShape } from "@bufbuild/protobuf";
import type { Page, WebSocketRoute } from "playwright-core";
import { BreezeSchema, ClientMessageSchema, ProtocolVersion, ServerMessageSchema, World, type ServerMessage } from "../src/gen/meadow/v1/viewer_pb";
import { ColonyStateSchema } from "../src/gen/meadow/v1/colony/colony_frame_pb";

export type ColonyInit = MessageInitShape<typeof ColonyStateSchema>;
export type BreezeInit = MessageInitShape<typeof BreezeSchema>;

export const MEADOW = { x: 0, y: 0, width: 1600, height: 900 } as const;

export interface ColonyRoute {
  /** The worlds the page asked for, one list per connection, in order. */
  readonly chosen: World[][];
  /** Closes the page's current socket (as a server going away would); the page reconnects. */
  drop(): void;
}

/**
 * `scene(timeS)`: the colony at `timeS` seconds since the route was made; `breeze(timeS)`, if
 * given, the breeze its frames carry (none otherwise).
 */
export async function routeColony(
  page: Page,
  scene: (timeS: number) => ColonyInit,
  mode: "server" | "alone" = "server",
  breeze?: (timeS: number) => BreezeInit,
): Promise<ColonyRoute> {
  const started = Date.now();
  const chosen: World[][] = [];
  let current: WebSocketRoute | undefined;
  const colonyBytes = (number: bigint, tick: bigint, viewers: number): Buffer => {
    const t = (Date.now() - started) / 1000;
    return encode(
      create(ServerMessageSchema, {
        body: {
          case: "frame",
          value: { number, tick, world: World.COLONY, camera: MEADOW, worldBounds: MEADOW, viewers, colony: scene(t), breeze: breeze?.(t) },
        },
      }),
    );
  };

  await page.routeWebSocket(/\/ws$/, (ws) => {
    current = ws;
    const asked: World[] = [];
    chosen.push(asked);
    const wantsColony = () => asked.at(-1) === World.COLONY;
    const server = mode === "server" ? ws.connectToServer() : undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let number = 0n;
    ws.onClose(() => clearInterval(timer));

    ws.onMessage((m) => {
      if (typeof m !== "string") {
        const body = fromBinary(ClientMessageSchema, new Uint8Array(m)).body;
        if (body.case === "chooseWorld") asked.push(body.value.world);
        if (!server && body.case === "hello") {
          ws.send(welcomeBytes());
          timer = setInterval(() => {
            number += 1n;
            if (wantsColony()) ws.send(colonyBytes(number, number * 2n, 1));
          }, 1000 / 30);
        }
      }
      server?.send(m);
    });
    server?.onMessage((m) => {
      if (typeof m === "string" || !wantsColony()) {
        ws.send(m);
        return;
      }
      const message = fromBinary(ServerMessageSchema, new Uint8Array(m));
      if (message.body.case !== "frame") {
        ws.send(m);
        return;
      }
      const f = message.body.value;
      ws.send(colonyBytes(f.number, f.tick, f.viewers));
    });
  });
  return {
    chosen,
    drop: () => {
      void current?.close();
    },
  };
}

function welcomeBytes(): Buffer {
  return encode(
    create(ServerMessageSchema, {
      body: {
        case: "welcome",
        value: { protocolVersion: ProtocolVersion.CURRENT, sessionId: 1n, meadow: MEADOW, worldBounds: MEADOW, frameRate: 30, tickRate: 60, world: World.SWARM },
      },
    }),
  );
}

function encode(message: ServerMessage): Buffer {
  return Buffer.from(toBinary(ServerMessageSchema, message));
}
