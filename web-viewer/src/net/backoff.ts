// How long to wait before the next connection attempt. Exponential so a restarting server is
// not hammered, capped so a viewer on a gallery wall comes back within seconds once the
// server is up again, and jittered so a room full of viewers does not reconnect in lockstep.

export interface BackoffPolicy {
  readonly initialMs: number;
  readonly factor: number;
  readonly maxMs: number;
  /** Share of the delay that is random: 0.5 means the delay lies in [50 %, 100 %] of nominal. */
  readonly jitter: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = {
  initialMs: 500,
  factor: 2,
  maxMs: 10_000,
  jitter: 0.5,
};

/** The nominal (jitter-free) delay before attempt number `attempt` (0 = first retry). */
export function nominalDelayMs(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  const exponent = Math.max(0, Math.floor(attempt));
  return Math.min(policy.maxMs, policy.initialMs * policy.factor ** exponent);
}

/** The delay to wait; `random` is a number in [0, 1), injectable for tests. */
export function backoffDelayMs(
  attempt: number,
  random: number = Math.random(),
  policy: BackoffPolicy = DEFAULT_BACKOFF,
): number {
  const nominal = nominalDelayMs(attempt, policy);
  const r = Math.min(Math.max(random, 0), 1);
  return Math.round(nominal * (1 - policy.jitter * r));
}
