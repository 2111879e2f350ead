// How the suite starts Debian's Chromium: apart from browser.ts, which imports Vitest's runner,
// so that the global setup (outside the runner) can launch it too.
/**
 * `--disable-gpu-compositing`: without it headless Chromium composites every frame of every page
 * on SwiftShader (a GPU emulated on the CPU) and reads the frame back at each swap; with two or
 * three viewer pages open that took 0.2–1.6 s a frame here, so a page saw one animation frame a
 * second or less. Chromium hands a page its mouse and touch moves at its next animation frame
 * and only then acknowledges them, so each CDP touchMove took 2.5–4 s. Composited by Skia on
 * the CPU instead: 5–15 frames a second, a touchMove in 0.1–0.4 s. WebGL2 (the light worker's
 * OffscreenCanvas too) still runs on SwiftShader.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_BIN ?? "/usr/bin/chromium",
  headless: true,
  args: ["--enable-unsafe-swiftshader", "--use-gl=angle", "--use-angle=swiftshader", "--disable-gpu-compositing"],
};
