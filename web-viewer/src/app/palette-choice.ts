// Which palette this viewer shows: `?palette=arctic` in the address wins (and is remembered),
// else the one chosen last time on this device (localStorage), else the night meadow. The p key
// steps to the next one and remembers it. Storage may be missing or refuse (private windows):
// then the choice lasts for the page's life.
import { DEFAULT_PALETTE, nextPalette, paletteByName, type Palette } from "../render/palettes";

/** localStorage key of the palette chosen last. */
export const PALETTE_KEY = "meadow.palette";

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The palette for an address's query string and what was stored (pure). */
export function initialPalette(search: string, stored: string | null): Palette {
  const asked = new URLSearchParams(search).get("palette");
  return paletteByName(asked) ?? paletteByName(stored) ?? DEFAULT_PALETTE;
}

export class PaletteChoice {
  private current: Palette;

  constructor(
    search: string,
    private readonly store: KeyValueStore | undefined,
  ) {
    this.current = initialPalette(search, safeGet(store));
    safeSet(store, this.current.name);
  }

  get palette(): Palette {
    return this.current;
  }

  /** p: the next palette, remembered. */
  step(): Palette {
    this.current = nextPalette(this.current);
    safeSet(this.store, this.current.name);
    return this.current;
  }
}

function safeGet(store: KeyValueStore | undefined): string | null {
  try {
    return store?.getItem(PALETTE_KEY) ?? null;
  } catch {
    return null;
  }
}

function safeSet(store: KeyValueStore | undefined, name: string): void {
  try {
    store?.setItem(PALETTE_KEY, name);
  } catch {
    // Storage refused: the choice lasts for the page's life.
  }
}
