// The meadow behind nginx with TLS (deploy/nginx/meadow.conf, deploy/README.md): Chromium loads the
// viewer over https://localhost through Debian's nginx, as a phone would from a gallery's public
// name; the light comes over the proxied WebSocket and keeps moving, and a rock placed goes back
// through it. The config is the shipped one with only ports and a throw-away certificate changed
// (tests/deploy/nginx_local_conf.sh, which tests/deploy/nginx_e2e_test.sh uses too).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { debugState, launchChromium, saveArtifact, waitConnected, worldToScreen, waitForState as waitFor, DESKTOP_VIEWPORT } from "./browser";
import { freePort, sleep, startServer, type RunningServer } from "./server";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

describe("the meadow behind nginx with TLS", () => {
  let server: RunningServer;
  let browser: Browser;
  let nginx: ChildProcess | undefined;
  let dir = "";
  let url = "";

  beforeAll(async () => {
    server = await startServer();
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), "meadow-nginx-"));
    const [http, https] = [await freePort(), await freePort()];
    // No operator or native-viewer gRPC here: their upstreams point at closed ports (nginx
    // checks nothing of an upstream before a request needs it).
    execFileSync(resolve(REPO, "tests/deploy/nginx_local_conf.sh"), [dir, String(server.port), "1", "1", String(http), String(https)]);
    nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
    url = `https://localhost:${https}`;
    for (let i = 0; i < 100; i++) {
      try {
        execFileSync("curl", ["-fsS", "--cacert", join(dir, "cert.pem"), `${url}/healthz`], { stdio: "ignore" });
        break;
      } catch {
        await sleep(100);
      }
    }
  }, 60_000);

  afterAll(async () => {
    nginx?.kill();
    await browser?.close();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("loads over HTTPS, the light moves over the proxied WebSocket, and a rock placed comes back", async () => {
    // The certificate is this test's own: the browser is told to take it, nothing else changes.
    const context = await browser.newContext({ viewport: DESKTOP_VIEWPORT, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);
    await waitConnected(page);
    const first = (await debugState(page)).frames;
    await waitFor(page, (s) => s.frames >= first + 20 || undefined, "20 more light frames through the proxy", 30_000);

    await page.keyboard.press("3");
    const w = (await debugState(page)).worldBounds;
    const spot = await worldToScreen(page, w.x + w.width * 0.3, w.y + w.height * 0.35);
    const before = (await debugState(page)).rocks.length;
    await page.mouse.click(spot.x, spot.y);
    const rocks = await waitFor(page, (s) => s.rocks.length > before && s.rocks, "the rock placed through the proxy", 15_000);
    console.log(`[e2e] through nginx (${url}): ${(await debugState(page)).frames - first} light frames, ${rocks.length} rock(s)`);
    saveArtifact("through-proxy.png", await page.screenshot());
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
