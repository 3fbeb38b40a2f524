/** The middle value (the upper one of the two middles for an even count); the list is not changed. */
export const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
