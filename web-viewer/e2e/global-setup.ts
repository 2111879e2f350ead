// One real server for the whole browser suite; its address reaches the tests via inject().
// Every test runs against it: nothing is skipped for what the server may lack.
import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide("baseUrl", server.url);
  return async () => {
    await server.stop();
  };
}
