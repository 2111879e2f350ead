// CSS colour strings for canvas fills, cached: painters that run every animation frame ask for
// the same few colours again and again, and building the string each time would be garbage.

/** More than this many colours and the cache starts afresh (colours drift slowly). */
const MAX_COLORS = 512;
const cache = new Map<number, string>();

/** "rgb(r, g, b)" for channels 0 … 255 (rounded and clamped). */
export function cssRgb(r: number, g: number, b: number): string {
  const q = (c: number): number => Math.min(255, Math.max(0, Math.round(c)));
  const key = (q(r) << 16) | (q(g) << 8) | q(b);
  const hit = cache.get(key);
  if (hit) return hit;
  if (cache.size >= MAX_COLORS) cache.clear();
  const text = `rgb(${q(r)}, ${q(g)}, ${q(b)})`;
  cache.set(key, text);
  return text;
}
