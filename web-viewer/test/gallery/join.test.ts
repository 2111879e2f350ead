// The address a kiosk wall shows phones (docs/rules.md "The gallery"): the server's --public-url
// when it has one, else the wall's own page without its kiosk query; written short; and the QR
// code that holds it, read back with the same library's decoder.
import decodeQR from "@paulmillr/qr/decode.js";
import { describe, expect, it } from "vitest";
import { joinAddress, shortAddress } from "../../src/gallery/join-address";
import { QR_QUIET, qrModules } from "../../src/gallery/qr-code";

const WALL = { origin: "http://10.0.0.5:8080", pathname: "/" };

describe("joinAddress", () => {
  it("is the server's public address when it has one", () => {
    expect(joinAddress("https://meadow.example.org/", WALL)).toEqual({ url: "https://meadow.example.org/", short: "meadow.example.org" });
    expect(joinAddress("  https://gallery.example.org/meadow/ ", WALL)).toEqual({ url: "https://gallery.example.org/meadow/", short: "gallery.example.org/meadow" });
    // Given without its scheme, it is still a web address for the phone.
    expect(joinAddress("meadow.example.org", WALL).url).toBe("https://meadow.example.org");
  });

  it("is the wall's own page otherwise, without the kiosk's query", () => {
    // window.location's origin and pathname: `?kiosk&world=pond` is in neither.
    expect(joinAddress("", WALL)).toEqual({ url: "http://10.0.0.5:8080/", short: "10.0.0.5:8080" });
    expect(joinAddress(undefined, { origin: "https://example.org", pathname: "/meadow/index.html" })).toEqual({
      url: "https://example.org/meadow/index.html",
      short: "example.org/meadow/index.html",
    });
  });

  it("writes an address short: host and path, no scheme, query or trailing slash", () => {
    expect(shortAddress("https://meadow.example.org/?kiosk=1#x")).toBe("meadow.example.org");
    expect(shortAddress("http://127.0.0.1:4000/a/b/")).toBe("127.0.0.1:4000/a/b");
  });
});

describe("the QR code", () => {
  it("holds the address, as a phone reads it", () => {
    // (The library's decoder misreads some longer codes, version 4 at medium correction, that
    // jsQR reads: its encoder is right, so the addresses here are of the usual length.)
    for (const url of ["https://meadow.example.org/", "http://10.0.0.5:8080/", "https://gallery.example.org/meadow/"]) {
      const modules = qrModules(url);
      // Drawn as the wall does: dark modules on a light quiet margin, a few pixels each.
      const px = 3;
      const side = (modules.length + 2 * QR_QUIET) * px;
      const data = new Uint8Array(side * side * 4).fill(255);
      modules.forEach((row, y) =>
        row.forEach((dark, x) => {
          if (!dark) return;
          for (let dy = 0; dy < px; dy++) {
            for (let dx = 0; dx < px; dx++) {
              const i = (((y + QR_QUIET) * px + dy) * side + (x + QR_QUIET) * px + dx) * 4;
              data.fill(12, i, i + 3);
            }
          }
        }),
      );
      expect(decodeQR({ width: side, height: side, data })).toBe(url);
    }
  });
});
