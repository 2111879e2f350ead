// x: fullscreen on and off. Browsers may refuse (no user gesture, iframes); that is reported,
// never thrown.
export function toggleFullscreen(doc: Document, onProblem: (text: string) => void): void {
  const done = (p: Promise<void>): void => {
    p.catch((e: unknown) => onProblem(`Fullscreen is not available here${e instanceof Error ? ` (${e.message})` : ""}.`));
  };
  if (doc.fullscreenElement) {
    done(doc.exitFullscreen());
    return;
  }
  const root = doc.documentElement;
  if (typeof root.requestFullscreen !== "function") {
    onProblem("Fullscreen is not available in this browser.");
    return;
  }
  done(root.requestFullscreen());
}
