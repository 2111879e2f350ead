import { defineConfig } from "vitest/config";

// The server serves dist/ at its web root and the viewer protocol on /ws of the same host.
// In `vite` dev mode /ws is proxied to a server on the default port. The proxy passes the page's
// Host on (no changeOrigin), so the server's origin check sees the page's own host and lets it in.
export default defineConfig({
  base: "./",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
  },
  server: {
    proxy: {
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
  },
});
