import { defineConfig } from "vitest/config";

// Browser tests against the real server (see e2e/server.ts); run with `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    globalSetup: ["e2e/global-setup.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser-heavy file at a time: CI machines have two cores.
    fileParallelism: false,
  },
});
