// Every word the gallery's wall says, in one place: the captions of the meadow's moments (each
// world's rules name them by key, captions/caption-rules.ts), the join card's lines, the
// resting meadow's plain words (the caretaker's own notices come in the server's words) and the
// words of "Tonight so far", the night replayed (replay/; a wall plays it by itself). One table
// per language, keyed by its primary subtag; English is complete (the compiler checks it) and is
// the fallback for any word another language lacks, so a language can be added a few lines at a
// time. The language is the browser's first preference that has a table.

/** The captions, by key: `<world>.<moment>`. */
export type CaptionKey =
  | "swarm.order"
  | "swarm.disorder"
  | "swarm.crumb"
  | "colony.sync"
  | "colony.hungry"
  | "colony.birth"
  | "colony.asleep"
  | "colony.awake"
  | "colony.rooted"
  | "colony.frog"
  | "mold.reached"
  | "mold.eaten"
  | "mold.network"
  | "pond.crumb"
  | "pond.predator"
  | "plate.stream"
  | "plate.gas";

/** The words of the night replayed (replay/replay-bar.ts, replay-control.ts). */
export type ReplayKey =
  | "replay.title"
  | "replay.scrub"
  | "replay.live"
  | "replay.liveTitle"
  | "replay.speed"
  | "replay.starting"
  | "replay.returning"
  | "replay.seeking"
  | "replay.slow"
  | "replay.past"
  | "replay.none"
  | "replay.unanswered";

/** Everything the wall says: the captions, the join card's lines, the resting meadow's plain words, the replay's. */
export type WallKey = CaptionKey | "join.title" | "join.here" | "rest.plain" | ReplayKey;

/** A phrase: fixed, or made from a count (how many fireflies, crumbs, viewers). */
export type Phrase = string | ((count: number) => string);

const ENGLISH_NUMBERS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];

/** A count in words while it is small ("seven"), in figures past twelve. */
function englishCount(n: number): string {
  return ENGLISH_NUMBERS[n] ?? n.toLocaleString("en");
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const ENGLISH: Readonly<Record<WallKey, Phrase>> = {
  "swarm.order": "The swarm falls into order",
  "swarm.disorder": "The swarm scatters into disorder",
  "swarm.crumb": "A firefly finds a crumb",
  "colony.sync": (n) => `${capitalised(englishCount(n))} fireflies flash together`,
  "colony.hungry": "The stump's store of nectar is nearly empty",
  "colony.birth": "A new firefly rises from the stump",
  "colony.asleep": "The colony has died out: one spark sleeps in the stump",
  "colony.awake": "The spark wakes and flies to a flower",
  "colony.rooted": "A seed takes root",
  "colony.frog": "A frog catches a firefly",
  "mold.reached": "The mold reaches an oat flake",
  "mold.eaten": "The mold has eaten an oat flake",
  "mold.network": "The mold has woven a network",
  "pond.crumb": (n) => (n <= 1 ? "A fish snaps up a crumb" : `The fish snap up ${englishCount(n)} crumbs`),
  "pond.predator": "The school scatters from a shadow",
  "plate.stream": "The birds fall into a stream",
  "plate.gas": "The birds scatter like a gas",
  "join.title": "Join from your phone",
  "join.here": (n) => `${n.toLocaleString("en")} here`,
  "rest.plain": "The meadow rests.",
  "replay.title": "Tonight so far",
  "replay.scrub": "Tonight so far: from the oldest moment kept to now",
  "replay.live": "● Live",
  "replay.liveTitle": "Back to the meadow as it is now (n)",
  "replay.speed": (n) => `${n}× as fast as it happened`,
  "replay.starting": "finding tonight…",
  "replay.returning": "back to live…",
  "replay.seeking": "seeking…",
  "replay.slow": (n) => `only ${n}× here`,
  "replay.past": "You are watching the past — back to live to touch the meadow.",
  "replay.none": "This meadow keeps no night to replay.",
  "replay.unanswered": "The night could not be replayed just now.",
};

/** The tables, by language (a BCP 47 primary subtag). Another language: its table here. */
export const WALL_WORDS: Readonly<Record<string, Partial<Record<WallKey, Phrase>>>> = {
  en: ENGLISH,
};

/** The language the wall speaks: the first of the browser's preferences that has a table; English otherwise. */
export function wallLanguage(preferred: readonly string[]): string {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split("-")[0] ?? "";
    if (primary in WALL_WORDS) return primary;
  }
  return "en";
}

/** What the wall says for `key` in `language` (English where that language lacks it). */
export function wallText(key: WallKey, language = "en", count = 1): string {
  const phrase = WALL_WORDS[language]?.[key] ?? ENGLISH[key];
  return typeof phrase === "string" ? phrase : phrase(count);
}
