// How a flower looks at each stage of its life (docs/rules.md "The flowers · A flower's life"), as
// numbers the painter draws: a shoot pops up where a seed took root (a small green sprout that
// overshoots its size for a moment, then grows with `growth`), a bud swells and blushes, the bloom
// is as it always was (pale petals losing colour with their nectar, a golden heart, the nectar
// ring), a wilting flower droops (its head leans off and shrinks) and fades towards a dull
// mauve-brown, a withered one is a small brown husk until it is gone. Pure, written into a look it
// is handed (it runs for every flower every animation frame); flower-painter.ts draws it.
import { clamp01, type FlowerView } from "./colony-snapshot";

/** World units: petal length of a bloom (and the nectar ring's radius, in flower-painter.ts). */
export const FLOWER_RADIUS = 11;
/**
 * Seconds of the sprout's growth (shoot, then bud) and of a flower's life
 * (docs/rules.md "The flowers").
 */
const SPROUT_S = 30;
const LIFE_S = 180;
const WILT_S = 30;
/** `growth` in bloom is of the whole life; wilting is its last 30 s (of about 3 min). */
const WILT_FROM = 1 - WILT_S / LIFE_S;
/** A shoot at its smallest and at its largest (it becomes a bud at half the sprout), world units. */
const SHOOT_MIN = 5;
const SHOOT_MAX = 10;
const BUD_MIN = 8;
const BUD_MAX = 10;
/** The pop: seconds it takes, and how far it overshoots its size. */
export const POP_S = 0.45;
const POP_OVERSHOOT = 2.6;
/** How far a wilting head leans off (world units, when fully wilted) and shrinks (share). */
const DROOP_UNITS = 4;
const WILT_SHRINK = 0.35;

export type FlowerForm = "sprout" | "bud" | "petals";

/** r, g, b, 0 … 255. */
export type Rgb255 = [number, number, number];

export interface FlowerLook {
  form: FlowerForm;
  /** World units: a shoot's leaf span, a bud's length, a bloom's petal length. */
  size: number;
  /** The petals' (or bud's, or leaves') colour and alpha. */
  color: Rgb255;
  alpha: number;
  /** The golden heart's alpha (0: none). */
  heart: number;
  /** The nectar ring is shown (nectar is there: bloom and wilting). */
  gauge: boolean;
  /** World units the head leans off its root (drooping), towards `droopAngle`. */
  droop: number;
  droopAngle: number;
  /** How much the breeze bends it (1 for a bloom). */
  give: number;
}

export function newFlowerLook(): FlowerLook {
  return { form: "petals", size: FLOWER_RADIUS, color: [0, 0, 0], alpha: 1, heart: 0, gauge: false, droop: 0, droopAngle: 0, give: 1 };
}

const PETAL_FULL: Rgb255 = [246, 214, 228];
const PETAL_EMPTY: Rgb255 = [120, 112, 118];
const WILTED: Rgb255 = [142, 104, 88];
const WITHERED: Rgb255 = [112, 78, 48];
const SHOOT_GREEN: Rgb255 = [120, 206, 92];
const BUD_GREEN: Rgb255 = [92, 170, 82];
const BLOOM_ALPHA = 0.92;
const WILTED_ALPHA = 0.62;
const WITHERED_ALPHA = 0.7;

/** A shoot's size against its size to be: 0 → a little over 1 → 1 over POP_S (ease-out-back). */
export function popScale(sinceRootS: number): number {
  if (!(sinceRootS > 0)) return 0;
  if (sinceRootS >= POP_S) return 1;
  const x = sinceRootS / POP_S - 1;
  return 1 + (POP_OVERSHOOT + 1) * x * x * x + POP_OVERSHOOT * x * x;
}

/** 0 … 1: how far into its wilting a wilting flower is (its `growth` is of its whole life). */
export function wiltProgress(growth: number): number {
  return clamp01((growth - WILT_FROM) / (1 - WILT_FROM));
}

/** The look of `flower` now, into `out`. */
export function flowerLook(out: FlowerLook, flower: FlowerView): FlowerLook {
  const g = flower.growth;
  out.droop = 0;
  out.droopAngle = ((flower.id * 0.381966) % 1) * Math.PI * 2;
  out.heart = 0;
  out.gauge = false;
  switch (flower.stage) {
    case "shoot": {
      // growth 0 … 0.5 of the sprout is the shoot; the pop is in its first moments.
      const k = clamp01(g / 0.5);
      out.form = "sprout";
      out.size = (SHOOT_MIN + (SHOOT_MAX - SHOOT_MIN) * k) * popScale(g * SPROUT_S);
      setColor(out.color, SHOOT_GREEN);
      out.alpha = 1;
      out.give = 0.3;
      return out;
    }
    case "bud": {
      const k = clamp01((g - 0.5) / 0.5);
      out.form = "bud";
      out.size = BUD_MIN + (BUD_MAX - BUD_MIN) * k;
      // It blushes towards the petals' colour as it is about to open.
      mixInto(out.color, BUD_GREEN, PETAL_FULL, 0.55 * k);
      out.alpha = 1;
      out.give = 0.6;
      return out;
    }
    case "bloom":
    case "wilting": {
      const w = flower.stage === "wilting" ? wiltProgress(g) : 0;
      out.form = "petals";
      mixInto(out.color, PETAL_EMPTY, PETAL_FULL, flower.nectar);
      mixInto(out.color, out.color, WILTED, w);
      out.size = FLOWER_RADIUS * (1 - WILT_SHRINK * w);
      out.alpha = BLOOM_ALPHA + (WILTED_ALPHA - BLOOM_ALPHA) * w;
      out.heart = (0.55 + 0.45 * flower.nectar) * (1 - 0.6 * w);
      out.gauge = true;
      out.droop = DROOP_UNITS * w;
      out.give = 1 + 0.4 * w;
      return out;
    }
    case "withered": {
      out.form = "petals";
      setColor(out.color, WITHERED);
      out.size = FLOWER_RADIUS * (1 - WILT_SHRINK);
      out.alpha = WITHERED_ALPHA;
      out.droop = DROOP_UNITS;
      out.give = 0.5;
      return out;
    }
  }
}

function setColor(out: Rgb255, c: Rgb255): void {
  out[0] = c[0];
  out[1] = c[1];
  out[2] = c[2];
}

/** out = a + (b − a) · t, rounded (out may be a). */
function mixInto(out: Rgb255, a: Rgb255, b: Rgb255, t: number): void {
  const k = clamp01(t);
  out[0] = Math.round(a[0] + (b[0] - a[0]) * k);
  out[1] = Math.round(a[1] + (b[1] - a[1]) * k);
  out[2] = Math.round(a[2] + (b[2] - a[2]) * k);
}
