import { create, fromBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { ClientMessageSchema, TrailsSchema } from "../../src/gen/meadow/v1/viewer_pb";
import { recordTrailsBytes, watchTrailsBytes } from "../../src/net/messages";
import { RECORDING_TIMEOUT_MS, TrailRecording } from "../../src/swarm/trail-recording";
import { TrailWatch } from "../../src/swarm/trail-watch";
import { trailsFileName, trailsSvg } from "../../src/trails/trail-files";

/** A TrailWatch whose sends are recorded; `connected` says whether they go out. */
function watch() {
  const sent: boolean[] = [];
  const link = { connected: true };
  const w = new TrailWatch((on) => {
    if (link.connected) sent.push(on);
    return link.connected;
  });
  return { w, sent, link };
}

describe("TrailWatch (t)", () => {
  it("asks for the points when turned on in the swarm, and says stop when turned off", () => {
    const { w, sent } = watch();
    w.frameShown("swarm");
    expect(w.toggle()).toBe(true);
    w.frameShown("swarm");
    expect(w.toggle()).toBe(false);
    expect(sent).toEqual([true, false]);
  });

  it("asks again after a reconnect and on coming back to the swarm, never twice in one stay", () => {
    const { w, sent, link } = watch();
    w.frameShown("swarm");
    w.toggle();
    w.frameShown("swarm");
    // The link drops; frames come again from a new session.
    link.connected = false;
    w.linkLost();
    w.frameShown("swarm");
    link.connected = true;
    w.frameShown("swarm");
    w.frameShown("swarm");
    expect(sent).toEqual([true, true]);
    // Off to the colony (the server stops them there) and back.
    w.frameShown("colony");
    w.frameShown("colony");
    w.frameShown("swarm");
    expect(sent).toEqual([true, true, true]);
  });

  it("asks nothing while off, and waits for a swarm frame when turned on elsewhere", () => {
    const { w, sent } = watch();
    w.frameShown("swarm");
    w.linkLost();
    w.frameShown("swarm");
    expect(sent).toEqual([]);
    w.frameShown("colony");
    w.toggle();
    expect(sent).toEqual([]);
    w.frameShown("swarm");
    expect(sent).toEqual([true]);
  });

  it("goes out as WatchTrails, and a recording as an empty TrailsRequest (the plate's defaults)", () => {
    const on = fromBinary(ClientMessageSchema, watchTrailsBytes(true));
    expect(on.body.case === "watchTrails" && on.body.value.on).toBe(true);
    const off = fromBinary(ClientMessageSchema, watchTrailsBytes(false));
    expect(off.body.case === "watchTrails" && off.body.value.on).toBe(false);
    const rec = fromBinary(ClientMessageSchema, recordTrailsBytes());
    if (rec.body.case !== "recordTrails") throw new Error(rec.body.case);
    expect([rec.body.value.warmupSteps, rec.body.value.steps, rec.body.value.count]).toEqual([0, 0, 0]);
  });
});

describe("TrailRecording (r)", () => {
  it("is under way from the ask until the answer, one at a time", () => {
    const r = new TrailRecording();
    expect(r.start(0)).toBe(true);
    expect(r.start(100)).toBe(false);
    expect(r.elapsedS(3400)).toBe(3);
    r.answered();
    expect(r.recording).toBe(false);
    expect(r.start(5000)).toBe(true);
  });

  it("ends at the server's refusals, not at other notices", () => {
    for (const code of ["trails_busy", "trails_unavailable", "rate_limited"]) {
      const r = new TrailRecording();
      r.start(0);
      expect(r.noticed("too_fast")).toBe(false);
      expect(r.recording).toBe(true);
      expect(r.noticed(code)).toBe(true);
      expect(r.recording).toBe(false);
    }
    // A refusal code with nothing under way is someone else's business.
    expect(new TrailRecording().noticed("trails_busy")).toBe(false);
  });

  it("gives up after its time, and when the link drops", () => {
    const r = new TrailRecording();
    r.start(1000);
    expect(r.timedOut(1000 + RECORDING_TIMEOUT_MS - 1)).toBe(false);
    expect(r.timedOut(1000 + RECORDING_TIMEOUT_MS)).toBe(true);
    expect(r.recording).toBe(false);
    expect(r.timedOut(1000 + 2 * RECORDING_TIMEOUT_MS)).toBe(false);
    r.start(0);
    expect(r.stop()).toBe(true);
    expect(r.stop()).toBe(false);
  });
});

describe("the trails' SVG", () => {
  const trails = create(TrailsSchema, {
    world: { x: -100, y: 0, width: 1800, height: 900 },
    tick: 4242n,
    warmupSteps: 240,
    steps: 120,
    count: 2,
    trails: [
      { id: 3, red: 1, green: 0.25, blue: 0.251, pieces: [{ xy: [1, 2, 3.456, 4] }, { xy: [10, 20, 11, 21, 12, 22] }] },
      { id: 8, red: 0.5, green: 2, blue: -1, pieces: [{ xy: [-5.5, 6.126, 7, 8] }] },
    ],
  });

  it("is the operator's document: the world as viewBox on dark ground, a polyline per piece in its trail's colour", () => {
    expect(trailsSvg(trails)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="-100.00 0.00 1800.00 900.00">\n' +
        '<rect x="-100.00" y="0.00" width="1800.00" height="900.00" fill="#05070d"/>\n' +
        '<g fill="none" stroke-linecap="round" stroke-linejoin="round" stroke-width="1.80">\n' +
        '<polyline data-id="3" stroke="rgb(255,64,64)" points="1.00,2.00 3.46,4.00"/>\n' +
        '<polyline data-id="3" stroke="rgb(255,64,64)" points="10.00,20.00 11.00,21.00 12.00,22.00"/>\n' +
        '<polyline data-id="8" stroke="rgb(128,255,0)" points="-5.50,6.13 7.00,8.00"/>\n' +
        "</g>\n</svg>\n",
    );
  });

  it("is named for the meadow's tick", () => {
    expect(trailsFileName(trails)).toBe("meadow-trails-4242.svg");
  });
});
