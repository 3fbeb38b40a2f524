import type { ExistingLecture, ReferenceData } from '../upload/reference-data';

/**
 * An in-memory snapshot like the one `loadReferenceData` builds: BE semester 7 (divisions A, B;
 * batches A1, A2, B1, B2; subjects IS, CD, PM core and ML elective) of branch 5, teachers CST, HAJ,
 * NMP (of branches 6 and 5) and RKR (of branch 6 only), and rooms LH101, LH102, LAB201, LAB202.
 * Ids: teachers 1-4, rooms 11-14, batches 31-34, subjects 41-44.
 */
export function referenceFixture(existing: ExistingLecture[] = []): ReferenceData {
  const batch = (id: number, name: string) => ({ id, name, kind: 'core' as const, offeredSubjectId: null });
  const core = new Set([31, 32, 33, 34]);
  return {
    teachers: new Map(
      [
        { id: 1, code: 'CST', name: 'Chirag S. Thakkar', branchIds: new Set([5]) },
        { id: 2, code: 'HAJ', name: 'Hetal A. Joshi', branchIds: new Set([5]) },
        { id: 3, code: 'NMP', name: 'Nirav M. Patel', branchIds: new Set([6, 5]) },
        { id: 4, code: 'RKR', name: 'Rakesh K. Rana', branchIds: new Set([6]) },
      ].map((t) => [t.code, t]),
    ),
    classrooms: new Map(
      ['LH101', 'LH102', 'LAB201', 'LAB202'].map((name, i) => [name, { id: 11 + i, name }]),
    ),
    semesters: [
      {
        id: 7,
        no: 7,
        isActive: true,
        streamTitle: 'BE',
        branchId: 5,
        branchName: 'Computer Engineering',
        branchCode: '07',
        divisions: [
          { id: 21, name: 'A', batches: [batch(31, 'A1'), batch(32, 'A2')] },
          { id: 22, name: 'B', batches: [batch(33, 'B1'), batch(34, 'B2')] },
        ],
        subjects: [
          {
            id: 41,
            code: '3170701',
            shortName: 'IS',
            name: 'Information Security',
            isElective: false,
            batchIds: core,
          },
          {
            id: 42,
            code: '3170702',
            shortName: 'CD',
            name: 'Compiler Design',
            isElective: false,
            batchIds: core,
          },
          {
            id: 43,
            code: '3170703',
            shortName: 'PM',
            name: 'Project Management',
            isElective: false,
            batchIds: core,
          },
          {
            id: 44,
            code: '3170711',
            shortName: 'ML',
            name: 'Machine Learning',
            isElective: true,
            batchIds: new Set(),
          },
        ],
      },
    ],
    existing,
  };
}
