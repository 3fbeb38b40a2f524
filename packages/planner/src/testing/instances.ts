import type { PlannerStudent, PlannerSubject } from '../model';

/** A small deterministic PRNG (mulberry32) so generated instances are reproducible from a seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shape of a generated semester. */
export interface InstanceShape {
  readonly students: number;
  readonly categories: number;
  /** Options per category are drawn from this range. */
  readonly minOptions: number;
  readonly maxOptions: number;
  readonly coreSubjects?: number;
  /** Probability that a student picks their track's option in a category (default 0.6). */
  readonly trackAffinity?: number;
  readonly seed: number;
}

/** A generated semester: subjects (core and electives by category) and students with choices. */
export interface GeneratedInstance {
  readonly subjects: PlannerSubject[];
  readonly students: PlannerStudent[];
}

// Distinct first letters keep the generated batch prefixes (subject initials) unique.
const TOPICS = ['Machine', 'Cloud', 'Data', 'Image', 'Network', 'Quantum', 'Robotic', 'Secure'];
const FIELDS = ['Learning', 'Computing', 'Systems', 'Analytics', 'Design'];

const HOURS: readonly [number, number, number][] = [
  [3, 0, 2],
  [3, 1, 2],
  [4, 0, 2],
  [3, 0, 4],
  [2, 0, 2],
  [3, 1, 0],
];

/**
 * Generates a realistic semester: each student picks one option in every elective category, with
 * skewed popularity (some options are much more popular) and correlation between categories
 * (students of one "track" tend to pick matching options), which is what makes real choice groups
 * few and large rather than uniform. Used by tests and benchmarks.
 */
export function generateInstance(shape: InstanceShape): GeneratedInstance {
  const random = seededRandom(shape.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const subjects: PlannerSubject[] = [];
  for (let c = 0; c < (shape.coreSubjects ?? 4); c += 1) {
    const [L, T, P] = pick(HOURS);
    subjects.push({ slug: `core-${c + 1}`, name: `Core Subject ${c + 1}`, L, T, P, elective: false });
  }
  const categories: { options: string[]; weights: number[] }[] = [];
  for (let c = 0; c < shape.categories; c += 1) {
    const count = shape.minOptions + Math.floor(random() * (shape.maxOptions - shape.minOptions + 1));
    const options: string[] = [];
    const weights: number[] = [];
    for (let o = 0; o < count; o += 1) {
      const [L, T, P] = pick(HOURS);
      const slug = `e${c + 1}-${o + 1}`;
      const name = `${TOPICS[c % TOPICS.length] ?? 'Topic'} ${FIELDS[o % FIELDS.length] ?? 'Studies'}${c >= TOPICS.length ? ` ${c}` : ''}`;
      subjects.push({ slug, name, L, T, P, elective: true, category: `cat-${c + 1}` });
      options.push(slug);
      weights.push(1 + random() * 4);
    }
    categories.push({ options, weights });
  }
  const tracks = 3;
  const students: PlannerStudent[] = [];
  for (let s = 0; s < shape.students; s += 1) {
    const track = Math.floor(random() * tracks);
    const electives = categories.map(({ options, weights }) => {
      if (random() < (shape.trackAffinity ?? 0.6)) return options[track % options.length] as string;
      const total = weights.reduce((sum, w) => sum + w, 0);
      let roll = random() * total;
      for (let o = 0; o < options.length; o += 1) {
        roll -= weights[o] ?? 0;
        if (roll <= 0) return options[o] as string;
      }
      return options[options.length - 1] as string;
    });
    const number = String(s + 1).padStart(4, '0');
    students.push({ slug: `stu-${number}`, enrollment: `22CE${number}`, electives });
  }
  return { subjects, students };
}
