/** Time source; tests pass a controllable one to exercise deadlines and 24-hour rules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
