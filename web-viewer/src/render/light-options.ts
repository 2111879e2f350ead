// What `?light=` asks of a world's light, so that a tester can compare: `main` draws it on the
// main thread instead of in a worker, `zstd` turns the video codec off (the Hello then offers
// the server nothing but zstd). The words combine: `?light=main,zstd` or `?light=main&light=zstd`.

export interface LightOptions {
  /** Decode and draw the light in a worker where the browser can. */
  readonly inWorker: boolean;
  /** Offer the server VP9 video where WebCodecs decodes it. */
  readonly video: boolean;
}

export function lightOptions(search: string): LightOptions {
  const words = new URLSearchParams(search)
    .getAll("light")
    .flatMap((value) => value.split(","))
    .map((word) => word.trim());
  return { inWorker: !words.includes("main"), video: !words.includes("zstd") };
}
