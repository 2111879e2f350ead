// The kiosk wall's join card (docs/rules.md "The gallery"), top right under the sound panel, clear
// of the status line, the tool bar and the panels: a QR code and the short address for phones, and
// how many are here (the viewers the frames count). Small and half see-through, so the meadow
// stays the picture.
import "./gallery.css";
import { wallText } from "../captions/caption-strings";
import type { JoinAddress } from "./join-address";
import { paintQr } from "./qr-code";

export class JoinCard {
  readonly element: HTMLElement;
  private readonly qr: HTMLCanvasElement;
  private readonly address: HTMLElement;
  private readonly here: HTMLElement;
  private shownUrl: string | undefined;
  private shownHere: number | undefined;

  constructor(
    doc: Document,
    private readonly language: string,
  ) {
    const el = doc.createElement("aside");
    el.id = "join";
    el.setAttribute("aria-label", wallText("join.title", language));
    this.qr = doc.createElement("canvas");
    this.qr.id = "join-qr";
    this.qr.setAttribute("role", "img");
    const title = doc.createElement("div");
    title.className = "join-title";
    title.textContent = wallText("join.title", language);
    this.address = doc.createElement("div");
    this.address.id = "join-address";
    this.here = doc.createElement("div");
    this.here.id = "join-here";
    el.append(this.qr, title, this.address, this.here);
    doc.body.append(el);
    this.element = el;
  }

  /** The address phones open: the code is painted again only when it changes. */
  setAddress(address: JoinAddress): void {
    if (address.url === this.shownUrl) return;
    this.shownUrl = address.url;
    paintQr(this.qr, address.url, this.element.ownerDocument.defaultView?.devicePixelRatio ?? 1);
    this.qr.setAttribute("aria-label", `QR code: ${address.url}`);
    this.address.textContent = address.short;
  }

  /** Viewers connected, as the latest frame says (undefined: none yet). */
  setHere(viewers: number | undefined): void {
    if (viewers === this.shownHere) return;
    this.shownHere = viewers;
    this.here.textContent = viewers === undefined ? "" : wallText("join.here", this.language, viewers);
  }

  get url(): string | undefined {
    return this.shownUrl;
  }
}
