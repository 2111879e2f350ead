// One real server for the whole browser suite; its address reaches the tests via inject().
// Every test runs against it: nothing is skipped for what the server may lack.
// And one Chromium for the whole suite (a browser server): each file connects to it
// (browser.ts's launchChromium) rather than starting its own.
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_LAUNCH } from "./chromium-launch";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  const browser = await chromium.launchServer(CHROMIUM_LAUNCH);
  project.provide("browserEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
  };
}
