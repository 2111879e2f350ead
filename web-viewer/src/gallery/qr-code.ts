// A QR code on a canvas, for phones to read off a wall at night: dark modules on a light, quiet
// background with the four-module margin readers need. The encoding is @paulmillr/qr's (a small,
// dependency-free encoder, and the decoder the browser tests read the wall back with); only the
// modules are drawn here, each a whole number of device pixels so the code stays crisp.
import encodeQR from "@paulmillr/qr";

/** Modules of empty margin round the code (the QR standard's quiet zone). */
export const QR_QUIET = 4;
/** CSS px a module: a version 2–4 code (an address of up to ~60 characters) is then 132–164 px. */
export const QR_MODULE_PX = 4;
/** The modules' colours: near-black on a pale moonlit grey-green (bright, but not glaring at night). */
const DARK = "#0b1610";
const LIGHT = "#dde6da";

/** The code's modules, row by row (true: dark), without a margin. Medium error correction: it survives a glare spot. */
export function qrModules(text: string): boolean[][] {
  return encodeQR(text, "raw", { ecc: "medium", border: 0 });
}

/** Paints `text` as a QR code on `canvas`, sized to it (CSS px: the modules and their margin). */
export function paintQr(canvas: HTMLCanvasElement, text: string, devicePixelRatio: number): void {
  const modules = qrModules(text);
  const side = modules.length + 2 * QR_QUIET;
  const px = QR_MODULE_PX * Math.max(1, Math.round(devicePixelRatio));
  canvas.width = side * px;
  canvas.height = side * px;
  canvas.style.width = `${side * QR_MODULE_PX}px`;
  canvas.style.height = `${side * QR_MODULE_PX}px`;
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.fillStyle = LIGHT;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = DARK;
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) ctx.fillRect((x + QR_QUIET) * px, (y + QR_QUIET) * px, px, px);
    }),
  );
}
