// Making zstd data in tests. Node 20's zlib has no zstd, so: (1) a zstd frame built by hand
// from Raw_Blocks (RFC 8878 §3.1.1: a raw block is stored bytes, so the frame is trivially
// valid zstd), and (2) the real `zstd` command-line tool, as the server's libzstd would write.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const MAX_BLOCK = 128 * 1024;

/** One zstd frame: single segment, 4-byte content size, no checksum, raw blocks. */
export function rawZstd(bytes: Uint8Array): Uint8Array {
  const out: number[] = [...MAGIC];
  // Frame header descriptor: content-size flag 2 (4 bytes), single segment (no window byte).
  out.push(0b1010_0000);
  const n = bytes.length;
  out.push(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff);
  let offset = 0;
  do {
    const size = Math.min(MAX_BLOCK, n - offset);
    const last = offset + size >= n ? 1 : 0;
    // Block header: bit 0 last block, bits 1–2 type (0 = raw), bits 3–23 size.
    const header = last | (0 << 1) | (size << 3);
    out.push(header & 0xff, (header >>> 8) & 0xff, (header >>> 16) & 0xff);
    for (let i = 0; i < size; i++) out.push(bytes[offset + i] ?? 0);
    offset += size;
  } while (offset < n);
  return Uint8Array.from(out);
}

/** Compressed by the zstd CLI from a file (content size and checksum recorded, as the server does). */
export function cliZstd(bytes: Uint8Array, level = 3): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), "meadow-zstd-"));
  try {
    const file = join(dir, "raster.bin");
    writeFileSync(file, bytes);
    return new Uint8Array(execFileSync("zstd", ["-q", "-c", `-${level}`, "--check", file]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Compressed by the zstd CLI from a pipe: a streamed frame without a content size. */
export function cliZstdStreamed(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(execFileSync("zstd", ["-q", "-c", "-3"], { input: bytes }));
}

/**
 * The bytes a LightLayer's zstd frame holds (docs/light-codec.md): the residual (the raster
 * for a key, raster − base for a delta) with the "up" row predictor applied.
 */
export function lightPayload(raster: Uint8Array, row: number, base?: Uint8Array): Uint8Array {
  const r = base ? residual(raster, base) : raster;
  const p = new Uint8Array(r.length);
  for (let i = 0; i < r.length; i++) p[i] = (r[i] ?? 0) - (i >= row ? (r[i - row] ?? 0) : 0);
  return p;
}

/** (raster − base) mod 256, a delta frame's residual. */
export function residual(raster: Uint8Array, base: Uint8Array): Uint8Array {
  const out = new Uint8Array(raster.length);
  for (let i = 0; i < out.length; i++) out[i] = (raster[i] ?? 0) - (base[i] ?? 0);
  return out;
}

/** A deterministic test raster: a few soft blobs on black, like the swarm's light. */
export function testRaster(width: number, height: number, seed: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const a = Math.sin((x + seed * 3) * 0.21) * Math.cos((y - seed) * 0.17);
      out[y * width + x] = a > 0.6 ? Math.round((a - 0.6) * 600) & 0xff : 0;
    }
  }
  return out;
}
