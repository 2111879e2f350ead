// A WebSocket route between the page and the real server that passes everything through and
// lets a test change each swarm frame on its way (the operator's lock, the order parameter…).
import { fromBinary, toBinary } from "@bufbuild/protobuf";
import type { Page } from "playwright-core";
import { ServerMessageSchema, type Frame } from "../src/gen/meadow/v1/viewer_pb";
import { type SwarmFigures } from "../src/gen/meadow/v1/swarm/swarm_frame_pb";

/** Routes `page`'s WebSocket before it opens (call before `page.goto`): `edit` changes every swarm frame in place. */
export async function routeSwarmFrames(page: Page, edit: (frame: Frame & { swarm: SwarmFigures }) => void): Promise<void> {
  await page.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((m) => server.send(m));
    server.onMessage((m) => {
      if (typeof m === "string") return ws.send(m);
      const message = fromBinary(ServerMessageSchema, new Uint8Array(m));
      const frame = message.body.case === "frame" ? message.body.value : undefined;
      if (!frame?.swarm) return ws.send(m);
      edit(frame as Frame & { swarm: SwarmFigures });
      ws.send(Buffer.from(toBinary(ServerMessageSchema, message)));
    });
  });
}
