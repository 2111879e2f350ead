// Records what the music listens to from a running meadow-server, as test data for the music's
// browser tests (e2e/music.e2e.ts). It connects to /ws like the viewer (Hello, then ChooseWorld),
// and stores every frame's musical inputs (what the world's view gives the music: its events and
// figures, no light, no fireflies; src/music/<world>/*-music-frame.ts) as compact JSON.
//
//   npm run capture:music -- --url ws://127.0.0.1:8080/ws --world colony --seconds 22 \
//       --flowers 3 --wait-sync 240 --out test/data/colony-sync.json
//
// --flowers N drops N flowers near the stump (the colony's foragers need them to form groups that
// fall into sync); --wait-sync S waits up to S seconds for a group of 3+ flashing as one before
// recording starts; --wait-gust S waits up to S seconds for a gust, keeping the --lead seconds
// before it. Needs Node's WebSocket (Node 20: --experimental-websocket; the npm script
// sets it).
import { writeFileSync } from "node:fs";
import { Tool, World, type Frame } from "../src/gen/meadow/v1/viewer_pb";
import { chooseWorldBytes, decodeServerMessage, helloBytes, toolTapBytes } from "../src/net/messages";
import { colonyMusicFrame } from "../src/music/colony/colony-music-frame";
import { swarmMusicFrame } from "../src/music/swarm/swarm-music-frame";
import type { MusicFrame } from "../src/music/music-frame";

interface Options {
  url: string;
  world: "colony" | "swarm";
  seconds: number;
  flowers: number;
  waitSyncS: number;
  waitGustS: number;
  leadS: number;
  out: string;
}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { url: "ws://127.0.0.1:8080/ws", world: "colony", seconds: 22, flowers: 0, waitSyncS: 0, waitGustS: 0, leadS: 0, out: "" };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1] ?? ""];
    if (k === "--url") o.url = v;
    else if (k === "--world") o.world = v === "swarm" ? "swarm" : "colony";
    else if (k === "--seconds") o.seconds = Number(v);
    else if (k === "--flowers") o.flowers = Number(v);
    else if (k === "--wait-sync") o.waitSyncS = Number(v);
    else if (k === "--wait-gust") o.waitGustS = Number(v);
    else if (k === "--lead") o.leadS = Number(v);
    else if (k === "--out") o.out = v;
    else if (k !== "--") throw new Error(`unknown option ${k}`);
  }
  if (!o.out) throw new Error("--out FILE is needed");
  return o;
}

/** Where the flowers go, relative to the stump (world units): close to home, apart from each other. */
const FLOWER_OFFSETS: readonly (readonly [number, number])[] = [
  [230, -60],
  [170, -230],
  [360, -170],
];

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  const socket = new WebSocket(o.url);
  socket.binaryType = "arraybuffer";
  const frames: MusicFrame[] = [];
  let tickRate = 60;
  let frameRate = 30;
  let dropped = false;
  let recordingSince: number | undefined;
  const startedMs = Date.now();
  let syncSeenAfterS: number | undefined;
  let gustSeenAfterS: number | undefined;

  await new Promise<void>((resolve, reject) => {
    socket.onerror = () => reject(new Error(`cannot connect to ${o.url}`));
    socket.onopen = () => socket.send(helloBytes("meadow-music-capture"));
    socket.onmessage = (ev: MessageEvent) => {
      const decoded = decodeServerMessage(new Uint8Array(ev.data as ArrayBuffer));
      if (!decoded.ok) return;
      const body = decoded.message.body;
      if (body.case === "welcome") {
        tickRate = body.value.tickRate || tickRate;
        frameRate = body.value.frameRate || frameRate;
        socket.send(chooseWorldBytes(o.world === "colony" ? World.COLONY : World.SWARM));
        return;
      }
      if (body.case !== "frame") return;
      const frame: Frame = body.value;
      const m = o.world === "colony" ? colonyMusicFrame(frame) : swarmMusicFrame(frame);
      if (m.world !== o.world) return;
      if (!dropped && o.world === "colony" && frame.colony?.stump) {
        dropped = true;
        const { x, y } = frame.colony.stump;
        for (const [dx, dy] of FLOWER_OFFSETS.slice(0, o.flowers)) socket.send(toolTapBytes(Tool.FLOWER, x + dx, y + dy));
      }
      const waitedS = (Date.now() - startedMs) / 1000;
      if (recordingSince === undefined) {
        const synced = (m.figures?.groupsInSync ?? 0) > 0;
        const gust = m.events.some((e) => e.kind === "gust");
        const waitingSync = o.waitSyncS > 0 && !synced && waitedS < o.waitSyncS;
        const waitingGust = o.waitGustS > 0 && !gust && waitedS < o.waitGustS;
        if (waitingSync || waitingGust) {
          // Kept for the lead: the last --lead seconds before the moment waited for.
          frames.push(m);
          while (frames.length > 0 && (m.tick - (frames[0]?.tick ?? 0)) / tickRate > o.leadS) frames.shift();
          return;
        }
        if (o.waitSyncS > 0) syncSeenAfterS = synced ? waitedS : undefined;
        if (o.waitGustS > 0) gustSeenAfterS = gust ? waitedS : undefined;
        recordingSince = frames[0]?.tick ?? m.tick;
      }
      frames.push(m);
      if ((m.tick - recordingSince) / tickRate >= o.seconds) {
        socket.close();
        resolve();
      }
    };
  });

  const data = {
    // 2: the world's measures are the frame's figures (1 kept them under the world's name).
    format: "meadow-music-frames/2",
    world: o.world,
    tickRate,
    frameRate,
    note: `captured by scripts/capture-music.ts from ${o.url}; flowers dropped: ${o.flowers}; sync waited for: ${o.waitSyncS} s, seen after: ${syncSeenAfterS ?? "-"} s; gust waited for: ${o.waitGustS} s, seen after: ${gustSeenAfterS ?? "-"} s, lead ${o.leadS} s`,
    frames,
  };
  const text = JSON.stringify(data);
  writeFileSync(o.out, text);
  console.log(`${o.out}: ${frames.length} frames, ${(text.length / 1024).toFixed(1)} kB; ${data.note}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
