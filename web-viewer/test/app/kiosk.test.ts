import { describe, expect, it } from "vitest";
import { isKiosk } from "../../src/app/kiosk";

describe("isKiosk", () => {
  it("reads kiosk=1 and its spellings", () => {
    for (const q of ["?kiosk=1", "?kiosk", "?kiosk=true", "?palette=deep&kiosk=yes", "?kiosk=ON"]) expect(isKiosk(q), q).toBe(true);
  });

  it("is off without it, or when it says no", () => {
    for (const q of ["", "?palette=deep", "?kiosk=0", "?kiosk=false", "?kioskmode=1"]) expect(isKiosk(q), q).toBe(false);
  });
});
