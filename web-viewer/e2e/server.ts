// Starts and stops the real meadow-server for the browser tests: a free loopback port, the
// built viewer as web root, a fixed seed, and a wait for /healthz before anything connects.
// How it ends is part of the test: stop() fails unless the server exits with status 0 after
// SIGTERM (a crash, a hang, a sanitizer's report at exit).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const WEB_VIEWER = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BIN = process.env.MEADOW_SERVER_BIN ?? resolve(WEB_VIEWER, "../build/release/server/app/meadow-server");
export const WEB_ROOT = resolve(WEB_VIEWER, "dist");

export interface RunningServer {
  readonly port: number;
  readonly url: string;
  readonly process: ChildProcess;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  log(): string;
  /** Stops it (SIGTERM); rejects unless it exits with status 0. */
  stop(): Promise<void>;
}

/** A port the OS says is free right now: bind port 0 on loopback, read it, close. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** `extraArgs`: flags besides the tests' usual ones (e.g. the light as video), after them. */
export async function startServer(port?: number, extraArgs: readonly string[] = []): Promise<RunningServer> {
  if (!existsSync(SERVER_BIN)) {
    throw new Error(`meadow-server not found at ${SERVER_BIN}: build it, or set MEADOW_SERVER_BIN`);
  }
  if (!existsSync(resolve(WEB_ROOT, "index.html"))) {
    throw new Error(`${WEB_ROOT}/index.html is missing: run "npm run build" first`);
  }
  const p = port ?? (await freePort());
  // Every page here comes from 127.0.0.1: more viewers and connections than one address gets by default.
  const args = ["--bind", "127.0.0.1", "--port", String(p), "--viewer-grpc-port", "0", "--web-root", WEB_ROOT, "--seed", "7", "--swarm-count", "3000", "--log-level", "warn",
    "--max-viewers-per-address", "64", "--max-connections-per-address", "512", ...extraArgs];
  const child = spawn(SERVER_BIN, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  let stopped: Promise<void> | undefined;

  const url = `http://127.0.0.1:${p}`;
  const server: RunningServer = {
    port: p,
    url,
    process: child,
    log: () => output,
    stop: () => {
      stopped ??= (async () => {
        const alreadyEnded = child.exitCode !== null || child.signalCode !== null;
        if (!alreadyEnded) child.kill("SIGTERM");
        const ended = await Promise.race([exited, sleep(8000).then(() => undefined)]);
        if (ended === undefined) {
          child.kill("SIGKILL");
          await exited;
          throw new Error(`meadow-server did not stop within 8 s of SIGTERM and was killed\n--- server output ---\n${output}`);
        }
        if (ended.code !== 0) {
          const how = ended.code !== null ? `exit code ${ended.code}` : `signal ${ended.signal}`;
          throw new Error(`meadow-server ${alreadyEnded ? "had ended by itself" : "ended"} with ${how}, not 0\n--- server output ---\n${output}`);
        }
      })();
      return stopped;
    },
  };
  try {
    await waitForHealth(url, child, 30_000);
  } catch (e) {
    await server.stop().catch(() => undefined);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- server output ---\n${output}`);
  }
  return server;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`meadow-server exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`meadow-server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/**
 * The flags that make this server send light as video, from its --help: `--light-video` as a
 * switch, or with the value among its choices that turns it on. Undefined: it has none.
 */
export function videoLightArgs(help: string): string[] | undefined {
  // The flag itself, not a longer one that starts alike (--light-video-quality).
  const flag = /--light-video(?![\w-])(.*)$/m.exec(help);
  if (!flag) return undefined;
  const rest = flag[1] ?? "";
  const choices = /^\s+\S*\{([^}]*)\}/.exec(rest)?.[1]?.split(",").map((c) => c.trim());
  if (choices) {
    const on = choices.find((c) => /^(vp9|on|true|yes)$/i.test(c));
    return on ? [`--light-video=${on}`] : undefined;
  }
  if (/^\s+BOOL/.test(rest)) return ["--light-video=true"];
  return ["--light-video"];
}

/** The flags for a server that sends light as video: MEADOW_E2E_VIDEO_ARGS (space-separated), else from its --help. */
export function serverVideoArgs(): string[] | undefined {
  const given = process.env.MEADOW_E2E_VIDEO_ARGS;
  if (given !== undefined) return given.split(" ").filter((a) => a !== "");
  if (!existsSync(SERVER_BIN)) return undefined;
  try {
    return videoLightArgs(execFileSync(SERVER_BIN, ["--help"], { encoding: "utf8" }));
  } catch {
    return undefined;
  }
}
