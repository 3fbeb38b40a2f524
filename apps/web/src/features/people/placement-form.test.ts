import { describe, expect, it } from 'vitest';
import { buildPlacement } from './people-fixtures';
import {
  electiveGroups,
  isUnchanged,
  listText,
  placeBody,
  placementDraft,
  placementProblems,
  whereNow,
} from './placement-form';

const placement = buildPlacement();

describe('placement form', () => {
  it('opens on where the student is now, from today', () => {
    expect(placementDraft(placement)).toEqual({
      divisionSlug: 'ce-5-a',
      coreBatchSlug: 'ce-5-a1',
      electiveSlugs: { ML: 'ce-5-ml1' },
      since: '2026-11-12',
    });
    expect(isUnchanged(placeBody(placementDraft(placement), placement), placement)).toBe(true);
  });

  it('sends the core batch first, then the chosen electives, and leaves out "None"', () => {
    const draft = {
      divisionSlug: 'ce-5-a',
      coreBatchSlug: 'ce-5-a2',
      electiveSlugs: { CC: 'ce-5-cc1', ML: '' },
      since: '2026-11-01',
    };
    expect(placeBody(draft, placement)).toEqual({
      division_slug: 'ce-5-a',
      batch_slugs: ['ce-5-a2', 'ce-5-cc1'],
      since: '2026-11-01',
    });
  });

  it('ignores elective choices of another division', () => {
    const draft = {
      divisionSlug: 'ce-5-b',
      coreBatchSlug: 'ce-5-b1',
      electiveSlugs: { CC: 'ce-5-cc1' },
      since: '2026-11-01',
    };
    expect(placeBody(draft, placement).batch_slugs).toEqual(['ce-5-b1']);
  });

  it('checks the division, the lab batch and the first day as the server does', () => {
    const empty = { divisionSlug: '', coreBatchSlug: '', electiveSlugs: {}, since: '' };
    expect(placementProblems(empty, placement)).toEqual({
      divisionSlug: 'Choose a division',
      since: 'Choose the first day',
    });
    const late = { divisionSlug: 'ce-5-c', coreBatchSlug: '', electiveSlugs: {}, since: '2026-11-13' };
    expect(placementProblems(late, placement)).toEqual({
      since: 'The first day cannot be after today (Thu, 12 Nov 2026)',
    });
    const early = { ...late, since: '2026-01-01' };
    expect(placementProblems(early, placement).since).toBe(
      "The first day cannot be before the semester's first day (Wed, 1 Jul 2026)",
    );
    // A semester with no first day of its own: only today bounds it.
    expect(placementProblems(early, buildPlacement({ earliest: null }))).toEqual({});
    expect(placementProblems({ ...late, since: '2026-02-30' }, placement)).toEqual({
      since: 'The first day must be a date (YYYY-MM-DD)',
    });
  });

  it('groups elective batches by subject and words the placement', () => {
    expect(electiveGroups(placement.divisions[0]).map((g) => g.subject)).toEqual(['ML', 'CC']);
    expect(listText(['A1', 'ML1', 'CC1'])).toBe('A1, ML1 and CC1');
    expect(whereNow(buildPlacement({ batch_slugs: [] }))).toBe(
      'Now in division A, in no batch, since the start of the term.',
    );
  });
});
