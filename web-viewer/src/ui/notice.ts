// Server notices and local problems, shown briefly at the top without blocking anything.
export type NoticeLevel = "info" | "warning" | "error";

export class NoticeToast {
  private hideTimer: ReturnType<typeof setTimeout> | undefined;
  private fadeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly element: HTMLElement,
    private readonly visibleMs = 4000,
  ) {}

  show(text: string, level: NoticeLevel = "info"): void {
    clearTimeout(this.hideTimer);
    clearTimeout(this.fadeTimer);
    const el = this.element;
    el.textContent = text;
    el.className = level;
    el.hidden = false;
    this.fadeTimer = setTimeout(() => el.classList.add("fading"), this.visibleMs);
    this.hideTimer = setTimeout(() => {
      el.hidden = true;
    }, this.visibleMs + 450);
  }
}
