// A blank page in Chromium with the music's offline renderer on it: e2e/music-bundle.ts built
// by Vite into one script in memory and served on a routed address (no server needed: the
// music only needs the recorded frames and Web Audio).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { build, type Rollup } from "vite";

const ENTRY = resolve(dirname(fileURLToPath(import.meta.url)), "music-bundle.ts");
/** The routed page's address; nothing listens there, the route answers. */
const PAGE_URL = "http://music.test/";

let bundled: Promise<string> | undefined;

async function bundle(): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: "warn",
    build: {
      write: false,
      minify: false,
      target: "es2022",
      lib: { entry: ENTRY, formats: ["iife"], name: "meadowMusicBundle", fileName: "music" },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rollup.RollupOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((c): c is Rollup.OutputChunk => c.type === "chunk");
  if (!chunk) throw new Error("the music bundle has no chunk");
  return chunk.code;
}

export async function openMusicPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  bundled ??= bundle();
  const code = await bundled;
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.route(PAGE_URL, (route) =>
    route.fulfill({ contentType: "text/html", body: `<!doctype html><meta charset="utf-8"><title>music</title><script>${code.replace(/<\/script/g, "<\\/script")}</script>` }),
  );
  await page.goto(PAGE_URL);
  await page.waitForFunction(() => window.meadowMusic !== undefined);
  return { page, errors };
}
