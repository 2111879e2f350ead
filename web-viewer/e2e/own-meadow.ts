// A spec's own meadow: a server of its own (for specs that change the shared world), one browser
// and `viewers` pages connected to it, made before the spec's tests and closed after them.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchChromium, openViewer, waitConnected } from "./browser";
import { startServer, type RunningServer } from "./server";

export interface Viewer {
  readonly page: Page;
  /** The errors the page raised. */
  readonly errors: string[];
}

export interface OwnMeadow {
  server: RunningServer;
  browser: Browser;
  /** The `i`th page opened on it, connected. */
  viewer(i?: number): Viewer;
}

/** Registers the spec's beforeAll and afterAll; the fields are there once the tests run. */
export function ownMeadow(viewers = 1): OwnMeadow {
  const pages: Viewer[] = [];
  const meadow = {
    viewer: (i = 0) => {
      const v = pages[i];
      if (!v) throw new Error(`no viewer ${i} on this meadow`);
      return v;
    },
  } as OwnMeadow;
  beforeAll(async () => {
    meadow.server = await startServer();
    meadow.browser = await launchChromium();
    for (let i = 0; i < viewers; i++) pages.push(await openViewer(meadow.browser, meadow.server.url));
    await Promise.all(pages.map((v) => waitConnected(v.page)));
  });
  afterAll(async () => {
    await meadow.browser?.close();
    await meadow.server?.stop();
  });
  return meadow;
}

/** A phone (390 × 844, touch, a context of its own) on the viewer, connected. */
export async function openPhone(browser: Browser, url: string): Promise<Viewer> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  await waitConnected(page);
  return { page, errors };
}
