// One real server for the whole browser suite; its address and what it can do reach the tests
// via inject().
import type { TestProject } from "vitest/node";
import { probeCapabilities, type Capabilities } from "./capabilities";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    capabilities: Capabilities;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  const capabilities = await probeCapabilities(server.url);
  console.log(`[e2e] server capabilities: ${capabilities.note}`);
  project.provide("capabilities", capabilities);
  return async () => {
    await server.stop();
  };
}
