// Moved to test/music/music-streams.ts; this re-export keeps e2e/music.e2e.ts's import working
// until that import names the new path, then it goes.
export * from "./music/music-streams";
