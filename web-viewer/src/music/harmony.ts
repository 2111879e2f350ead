// When a bar gets a harmony (docs/rules.md "The music"): each world's theme gives a bar its chance
// of one from its own figures (src/music/<world>/); a draw against that chance decides.

/** Whether a bar gets a harmony, given its chance and a draw in [0, 1). */
export function barHasHarmony(chance: number, draw: number): boolean {
  return draw < chance;
}
