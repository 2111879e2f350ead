import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { NO_LOCKS, locksFromProto, sameLocks } from "../../src/app/locks";
import { LocksSchema } from "../../src/gen/meadow/v1/viewer_pb";

describe("locks", () => {
  it("locks nothing without a Locks message", () => {
    expect(locksFromProto(undefined)).toBe(NO_LOCKS);
  });

  it("names the locked tools and the settings lock", () => {
    const l = locksFromProto(create(LocksSchema, { rock: true, predator: true, settings: true }));
    expect([...l.tools].sort()).toEqual(["predator", "rock"]);
    expect(l.settings).toBe(true);
    expect(sameLocks(l, locksFromProto(create(LocksSchema, { predator: true, rock: true, settings: true })))).toBe(true);
    expect(sameLocks(l, locksFromProto(create(LocksSchema, { rock: true, settings: true })))).toBe(false);
    expect(sameLocks(NO_LOCKS, locksFromProto(create(LocksSchema, {})))).toBe(true);
  });

  it("locks the frog tool like the others", () => {
    expect([...locksFromProto(create(LocksSchema, { frog: true })).tools]).toEqual(["frog"]);
  });
});
