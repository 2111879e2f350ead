// The viewer's trails files are meadowctl's (client/meadowctl/trail_files.cpp, whose test
// tests/client/trail_files_test.cpp holds the same fixture and the same expectations): SVG, JSON,
// CSV and Houdini's geometry, a hundred-thousandth of the world's width a point.
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { TrailsSchema, type Trails } from "../../src/gen/meadow/v1/viewer_pb";
import { decimalsFor, trailsCsv, trailsFile, trailsFileName, trailsGeo, trailsJson } from "../../src/trails/trail-files";

function twoTrails(): Trails {
  const a = [0, 1].map((piece) => ({ xy: [0, 1, 2].flatMap((i) => [10 * (i + 3 * piece), 20]) }));
  return create(TrailsSchema, {
    world: { x: -100, y: -50, width: 1800, height: 1000 },
    steps: 3,
    warmupSteps: 5,
    trails: [
      { id: 7, red: 1, green: 0.5, blue: 0, pieces: a },
      { id: 9, blue: 1, pieces: [{ xy: [1.5, 2.25, 3, 4] }] },
    ],
  });
}

const count = (text: string, what: string): number => text.split(what).length - 1;

describe("trails as files", () => {
  it("Houdini's geometry: every point with its colour, each piece an open polygon, y turned over", () => {
    const geo = trailsGeo(twoTrails());
    expect(geo.startsWith("PGEOMETRY V5\nNPoints 8 NPrims 3\n")).toBe(true);
    expect(geo).toContain("NPointAttrib 1 NVertexAttrib 0 NPrimAttrib 0 NAttrib 0\nPointAttrib\nCd 3 float 1 1 1\n");
    expect(geo).toContain("\n0.00 930.00 0 1 (1.000 0.500 0.000)\n");
    expect(geo).toContain("\n1.50 947.75 0 1 (0.000 0.000 1.000)\n");
    expect(geo).toContain("Run 3 Poly\n 3 : 0 1 2\n 3 : 3 4 5\n 2 : 6 7\nbeginExtra\nendExtra\n");
    expect(count(geo, " 0 1 (")).toBe(8);
  });

  it("JSON and CSV hold every point, colours to three decimals", () => {
    const json = trailsJson(twoTrails());
    expect(json).toContain('"id":7');
    expect(json).toContain("[[1.50,2.25],[3.00,4.00]]");
    expect(JSON.parse(json).trails).toHaveLength(2);
    const csv = trailsCsv(twoTrails());
    expect(csv.startsWith("trail,id,piece,point,x,y,red,green,blue\n")).toBe(true);
    expect(csv.split("\n").length - 1).toBe(1 + 6 + 2);
    expect(csv).toContain("1,9,0,1,3.00,4.00,0.000,0.000,1.000\n");
  });

  it("a unit world keeps five decimals; files are named for their world and kind", () => {
    const t = twoTrails();
    t.world = { $typeName: "meadow.v1.Rect", x: 0, y: 0, width: 1, height: 1 };
    t.trails[1]!.pieces[0]!.xy[0] = 0.123456;
    expect(decimalsFor(1)).toBe(5);
    expect(decimalsFor(1800)).toBe(2);
    expect(trailsCsv(t)).toContain(",0.12346,");
    expect(trailsFile(t, "svg").text).toContain('viewBox="0.00000 0.00000 1.00000 1.00000"');
    t.tick = 42n;
    expect(trailsFileName(t, "geo", "plate", true)).toBe("meadow-plate-study-42.geo");
    expect(trailsFileName(t)).toBe("meadow-trails-42.svg");
    expect(trailsFile(t, "geo").type).toBe("text/plain");
  });
});
