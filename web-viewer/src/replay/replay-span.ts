// The scrub bar's arithmetic (docs/gallery.md "Tonight so far"): a moment of the night as a share
// of what the journal keeps (0 at the oldest moment, 1 at now) and back, and the clock time a
// person reads off the bar. Pure.

/** Where `atMs` lies between `startMs` and `endMs`, 0 … 1 (0 when nothing is kept yet). */
export function spanPosition(atMs: number, startMs: number, endMs: number): number {
  const span = endMs - startMs;
  if (!(span > 0)) return 0;
  return Math.min(1, Math.max(0, (atMs - startMs) / span));
}

/** The moment at `position` (0 … 1, clamped) between `startMs` and `endMs`, whole milliseconds. */
export function spanMoment(position: number, startMs: number, endMs: number): number {
  const p = Number.isFinite(position) ? Math.min(1, Math.max(0, position)) : 0;
  return Math.round(startMs + p * Math.max(0, endMs - startMs));
}

/**
 * A moment as the wall's clock says it, local time, 24 hours ("21:40"): the caretaker's notices
 * write times so, and a 12-hour clock needs words a bar has no room for.
 */
export function clockText(ms: number, withSeconds = false): string {
  const d = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, "0");
  const hm = `${two(d.getHours())}:${two(d.getMinutes())}`;
  return withSeconds ? `${hm}:${two(d.getSeconds())}` : hm;
}
