// Every world's settings panel, made from the schemas the server's Welcome carries and the
// source each world's view gives (WorldView.settings). A world gets a panel when both are there;
// a new Welcome with another schema (a newer server after a restart) makes it again. The panels
// send WorldSettings for their world: one message, whichever world it is.
import { worldSettingsBytes } from "../net/messages";
import type { NoticeLevel } from "../ui/notice";
import { worldEnum, type WorldName, type WorldView } from "../worlds/world-view";
import { SettingsPanel } from "./settings-panel";
import type { SchemaView } from "./settings-schema";

export interface WorldPanelsHooks {
  /** Returns whether the bytes went out (false while disconnected). */
  readonly send: (bytes: Uint8Array<ArrayBuffer>) => boolean;
  readonly say: (text: string, level: NoticeLevel) => void;
  /** The phone's ⋯ menu: panels live there on narrow or touch screens. */
  readonly menu: HTMLElement;
}

export class WorldPanels {
  private schemas = new Map<WorldName, SchemaView>();
  private readonly panels = new Map<WorldName, { panel: SettingsPanel; key: string }>();

  constructor(
    private readonly doc: Document,
    private readonly hooks: WorldPanelsHooks,
  ) {}

  /** The schemas of a Welcome; a panel whose schema changed is made again when next shown. */
  takeSchemas(schemas: ReadonlyMap<WorldName, SchemaView>): void {
    this.schemas = new Map(schemas);
    for (const [world, made] of this.panels) {
      const schema = schemas.get(world);
      if (schema && JSON.stringify(schema) === made.key) continue;
      made.panel.remove();
      this.panels.delete(world);
    }
  }

  /** The panel of the world a view shows; undefined when it has no settings or the server sent no schema. */
  panelFor(view: WorldView): SettingsPanel | undefined {
    const source = view.settings;
    const schema = this.schemas.get(view.name);
    if (!source || !schema || schema.settings.length === 0) return undefined;
    const made = this.panels.get(view.name);
    if (made) return made.panel;
    const world = worldEnum(view.name);
    const panel = new SettingsPanel(this.doc, schema, source, {
      send: (change) => this.hooks.send(worldSettingsBytes(world, change)),
      say: this.hooks.say,
      menu: this.hooks.menu,
    });
    this.panels.set(view.name, { panel, key: JSON.stringify(schema) });
    return panel;
  }
}
