import type { Student } from '@rollbook/contract';
import { describe, expect, it } from 'vitest';
import {
  addGroup,
  APPROX_COUNT_REQUIRED,
  APPROX_COUNT_WHOLE,
  availableCount,
  batchSizes,
  buildManualPlan,
  createManualDivisions,
  divisionLetters,
  divisionSize,
  manualProblemText,
  parseApproxCount,
  removeGroup,
  setGroupCount,
  unplacedCount,
} from './manual-divisions';

function students(prefix: string, count: number): Student[] {
  // Listed in reverse enrolment order, so the plan has to sort them.
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    return {
      slug: `${prefix}-${n}`,
      enrollment: `${prefix}${String(n).padStart(3, '0')}`,
      profile: { name: `${prefix} ${n}` },
    };
  });
}

const ml = { slug: 'g-ml', totalCount: 30, students: students('ml', 30) };
const iot = { slug: 'g-iot', totalCount: 10, students: students('iot', 10) };

describe('parseApproxCount', () => {
  it("keeps the spec's message for an empty answer only", () => {
    expect(parseApproxCount('')).toEqual({ error: APPROX_COUNT_REQUIRED });
    expect(parseApproxCount('   ')).toEqual({ error: APPROX_COUNT_REQUIRED });
  });
  it('refuses 0, negative numbers, fractions and text with their own message', () => {
    for (const text of ['0', '00', '-2', '-0.5', '2.5', ' 2.9 ', '0.5', 'abc', '1e1', '0x2', '2,5']) {
      expect(parseApproxCount(text), text).toEqual({ error: APPROX_COUNT_WHOLE });
    }
    expect(APPROX_COUNT_WHOLE).not.toBe(APPROX_COUNT_REQUIRED);
  });
  it('takes a whole number from 1 up', () => {
    expect(parseApproxCount('3')).toEqual({ count: 3 });
    expect(parseApproxCount(' 1 ')).toEqual({ count: 1 });
    expect(parseApproxCount('4.0')).toEqual({ count: 4 });
    expect(parseApproxCount('26')).toEqual({ count: 26 });
  });
  it('refuses more boxes than can be arranged', () => {
    expect(parseApproxCount('27')).toHaveProperty('error');
  });
});

describe('manual division state', () => {
  it('creates numbered empty boxes', () => {
    expect(createManualDivisions(3)).toEqual([
      { id: 'division-1', groups: [] },
      { id: 'division-2', groups: [] },
      { id: 'division-3', groups: [] },
    ]);
  });

  it('adds a group with its unplaced students, and only once per division', () => {
    const start = createManualDivisions(2);
    const once = addGroup(start, 'division-1', ml);
    expect(once[0]?.groups).toEqual([{ groupId: 'g-ml', count: 30 }]);
    expect(addGroup(once, 'division-1', ml)).toBe(once);
    expect(availableCount(ml, once)).toBe(0);
    // A second division gets only what is left of the group: nothing here.
    const second = addGroup(once, 'division-2', ml);
    expect(second[1]?.groups).toEqual([{ groupId: 'g-ml', count: 0 }]);
  });

  it('ignores a drop into an unknown division', () => {
    const start = createManualDivisions(1);
    expect(addGroup(start, 'division-9', ml)).toBe(start);
  });

  it('clamps a count at 0 and at what the other divisions left', () => {
    let divisions = addGroup(createManualDivisions(2), 'division-1', ml);
    divisions = setGroupCount(divisions, 'division-1', ml, 18);
    divisions = addGroup(divisions, 'division-2', ml);
    expect(divisions[1]?.groups[0]?.count).toBe(12);
    expect(setGroupCount(divisions, 'division-2', ml, -5)[1]?.groups[0]?.count).toBe(0);
    expect(setGroupCount(divisions, 'division-2', ml, 99)[1]?.groups[0]?.count).toBe(12);
    expect(setGroupCount(divisions, 'division-2', ml, Number.NaN)[1]?.groups[0]?.count).toBe(0);
    expect(setGroupCount(divisions, 'division-2', ml, 4.7)[1]?.groups[0]?.count).toBe(4);
  });

  it('keeps availableCount floored at 0 and counts sizes and unplaced students', () => {
    let divisions = addGroup(createManualDivisions(2), 'division-1', ml);
    divisions = addGroup(divisions, 'division-2', iot);
    divisions = setGroupCount(divisions, 'division-2', iot, 6);
    expect(divisionSize(divisions[0]!)).toBe(30);
    expect(divisionSize(divisions[1]!)).toBe(6);
    expect(availableCount(iot, divisions)).toBe(4);
    expect(unplacedCount([ml, iot], divisions)).toBe(4);
    expect(availableCount({ slug: 'g-ml', totalCount: 10 }, divisions)).toBe(0);
  });

  it('removes a group so its students are available again', () => {
    const divisions = addGroup(createManualDivisions(1), 'division-1', ml);
    const removed = removeGroup(divisions, 'division-1', 'g-ml');
    expect(removed[0]?.groups).toEqual([]);
    expect(availableCount(ml, removed)).toBe(30);
  });
});

describe('divisionLetters and batchSizes', () => {
  it('names divisions A … Z, then AA', () => {
    expect([0, 1, 25, 26, 27].map(divisionLetters)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
  it('follows the default batch policy', () => {
    expect(batchSizes(34)).toEqual([34]);
    expect(batchSizes(35)).toEqual([18, 17]);
    expect(batchSizes(60)).toEqual([20, 20, 20]);
    expect(batchSizes(90)).toEqual([23, 23, 22, 22]);
  });
});

describe('buildManualPlan', () => {
  it('builds divisions A, B with every student once, in enrolment order, with core batches', () => {
    let divisions = addGroup(createManualDivisions(2), 'division-1', ml);
    divisions = setGroupCount(divisions, 'division-1', ml, 20);
    divisions = addGroup(divisions, 'division-2', ml);
    divisions = addGroup(divisions, 'division-2', iot);
    const built = buildManualPlan([ml, iot], divisions);
    if (!('plan' in built)) throw new Error(`unexpected problem ${JSON.stringify(built)}`);
    const [a, b] = built.plan.divisions;
    expect(a?.division_name).toBe('A');
    expect(a?.total_batches).toEqual(['A1']);
    expect(a?.batches[0]?.students.map((s) => s.slug)).toEqual(
      Array.from({ length: 20 }, (_, i) => `ml-${i + 1}`),
    );
    expect(b?.division_name).toBe('B');
    expect(b?.total_student_count).toBe(20);
    const everyone = built.plan.divisions.flatMap((d) =>
      d.batches.flatMap((batch) => batch.students.map((s) => s.slug)),
    );
    expect(new Set(everyone).size).toBe(40);
    expect(everyone).toHaveLength(40);
    expect(built.plan.hour_deviations).toEqual([]);
  });

  it('splits a large division into near-equal batches', () => {
    const big = { slug: 'g-big', totalCount: 60, students: students('s', 60) };
    const built = buildManualPlan([big], addGroup(createManualDivisions(1), 'division-1', big));
    if (!('plan' in built)) throw new Error('unexpected problem');
    expect(built.plan.divisions[0]?.total_batches).toEqual(['A1', 'A2', 'A3']);
    expect(built.plan.divisions[0]?.batches.map((batch) => batch.student_count)).toEqual([20, 20, 20]);
  });

  it('refuses unplaced students, empty boxes and groups without student lists', () => {
    const partial = setGroupCount(addGroup(createManualDivisions(1), 'division-1', ml), 'division-1', ml, 25);
    const unplaced = buildManualPlan([ml], partial);
    expect(unplaced).toEqual({ problem: { kind: 'unplaced', count: 5 } });
    expect(manualProblemText({ kind: 'unplaced', count: 5 })).toBe(
      '5 students are not placed in a division yet',
    );

    const empty = buildManualPlan([ml], addGroup(createManualDivisions(2), 'division-1', ml));
    expect(empty).toEqual({ problem: { kind: 'empty-division', divisionId: 'division-2' } });

    const bare = { slug: 'g-bare', totalCount: 3 };
    expect(buildManualPlan([bare], addGroup(createManualDivisions(1), 'division-1', bare))).toEqual({
      problem: { kind: 'students-missing' },
    });
  });
});
