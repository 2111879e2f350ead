// Kiosk mode for a gallery wall (`?kiosk=1`): it starts by itself, tries fullscreen (a kiosk
// browser launched with --kiosk already is; others refuse without a gesture, so it tries again
// on the first tap), shows no chrome (tool bar, sliders, status, "more") and no cursor. A tap,
// click or key shows the chrome for a while. Recovery from a server restart or a lost network is
// the link's (reconnect with backoff, silence timeout); kiosk mode adds a retry as soon as the
// browser is back online and a reload when the server speaks another protocol (a new build).

/** How long a tap shows the chrome in kiosk mode, ms: long enough to read the status or pick a tool. */
export const KIOSK_PEEK_MS = 8000;

/** Whether an address's query string asks for kiosk mode (`kiosk=1`, `true`, `yes` or bare `kiosk`). */
export function isKiosk(search: string): boolean {
  const params = new URLSearchParams(search);
  if (!params.has("kiosk")) return false;
  const v = (params.get("kiosk") ?? "").trim().toLowerCase();
  return v === "" || v === "1" || v === "true" || v === "yes" || v === "on";
}

export class Kiosk {
  private peekTimer: ReturnType<typeof setTimeout> | undefined;
  private triedOnGesture = false;

  constructor(private readonly doc: Document) {}

  /** Chrome off, cursor off, fullscreen attempted, peeks on tap or key. */
  enter(): void {
    const body = this.doc.body;
    body.classList.add("kiosk");
    this.tryFullscreen();
    const win = this.doc.defaultView;
    const peek = (): void => {
      if (!this.triedOnGesture) {
        this.triedOnGesture = true;
        this.tryFullscreen();
      }
      this.peek();
    };
    win?.addEventListener("pointerdown", peek, { capture: true });
    win?.addEventListener("keydown", peek, { capture: true });
  }

  get peeking(): boolean {
    return this.doc.body.classList.contains("kiosk-peek");
  }

  /** Shows the chrome for KIOSK_PEEK_MS. */
  peek(): void {
    this.doc.body.classList.add("kiosk-peek");
    if (this.peekTimer !== undefined) clearTimeout(this.peekTimer);
    this.peekTimer = setTimeout(() => this.doc.body.classList.remove("kiosk-peek"), KIOSK_PEEK_MS);
  }

  private tryFullscreen(): void {
    const root = this.doc.documentElement;
    if (this.doc.fullscreenElement || typeof root.requestFullscreen !== "function") return;
    // Refused without a user gesture in most browsers: quietly, the wall shows the meadow anyway.
    root.requestFullscreen().catch(() => undefined);
  }
}
