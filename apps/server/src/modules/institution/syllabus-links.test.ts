import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { catalogueSubjects, institutions } from '../../db/schema';
import { buildProfile } from '../../testing/factories';
import { as, buildSubjectsWorld, lockCeSem5, type SubjectsWorld } from '../../testing/choices-fixture';
import { useTestApp } from '../../testing/test-app';

const t = useTestApp();

const TEMPLATE = 'https://college.example.edu/syllabus/{code}.pdf';
const OWN_LINK = 'https://university.example.org/docs/350701-analysis-of-algorithms.pdf';

/** The syllabus link of every subject in a list, by subject code. */
function linksOf(subjects: { subject_code: string; syllabus_url?: string | null }[]) {
  return Object.fromEntries(subjects.map((s) => [s.subject_code, s.syllabus_url]));
}

async function catalogueLinks(w: SubjectsWorld, who = w.admin, semester = w.ceSem5.slug) {
  const res = await as(t, who, 'GET', `/api/manage/get_subjects_from_acedemic_year/${semester}/2026-27`);
  expect(res.status).toBe(200);
  return linksOf(res.body.data);
}

/** Sets the institution's template through the settings page, as its institution admin. */
async function setTemplate(w: SubjectsWorld, template: string) {
  const registrar = await buildProfile(t.db, {
    role: 'admin',
    institutionId: w.institution.id,
    institutionAdmin: true,
  });
  const current = (await as(t, registrar, 'GET', '/api/institution/settings')).body.data;
  const { code: _code, editable: _editable, ...rest } = current;
  const body = Object.fromEntries(Object.entries(rest).filter(([k]) => !k.startsWith('server_')));
  const res = await as(t, registrar, 'POST', '/api/institution/settings', {
    ...body,
    syllabus_url_template: template,
  });
  expect(res.status).toBe(200);
}

describe('syllabus links come from the server', () => {
  it('names no link when neither the subject nor the institution has one', async () => {
    const w = await buildSubjectsWorld(t.db);
    const links = await catalogueLinks(w);
    expect(Object.values(links).every((link) => link === null)).toBe(true);
  });

  it("uses the subject's own link first, else the institution's template with its code", async () => {
    const w = await buildSubjectsWorld(t.db);
    await t.db
      .update(catalogueSubjects)
      .set({ syllabusUrl: OWN_LINK })
      .where(eq(catalogueSubjects.id, w.ceCatalogue['350701']!.id));
    await setTemplate(w, TEMPLATE);

    const links = await catalogueLinks(w);
    expect(links['350701']).toBe(OWN_LINK);
    expect(links['350702']).toBe('https://college.example.edu/syllabus/350702.pdf');

    // Once offered, the semester's subjects carry the same links.
    await lockCeSem5(t, w, { codes: ['350701', '350702'] });
    const semesters = await as(t, w.admin, 'GET', `/api/manage/get_semesters_from_stream/${w.ceBE.slug}`);
    const sem5 = semesters.body.data.find((s: { slug: string }) => s.slug === w.ceSem5.slug);
    expect(linksOf(sem5.subjects)).toEqual({
      '350701': OWN_LINK,
      '350702': 'https://college.example.edu/syllabus/350702.pdf',
    });

    // Another institution's template never reaches this one's subjects, nor the reverse.
    const other = await as(
      t,
      w.other.admin,
      'GET',
      `/api/manage/get_subjects_from_acedemic_year/${w.other.semester.slug}/2026-27`,
    );
    expect(Object.values(linksOf(other.body.data)).every((link) => link === null)).toBe(true);
  });

  it('drops the template links when the template is cleared, keeping the subjects’ own', async () => {
    const w = await buildSubjectsWorld(t.db);
    await t.db
      .update(catalogueSubjects)
      .set({ syllabusUrl: OWN_LINK })
      .where(eq(catalogueSubjects.id, w.ceCatalogue['350701']!.id));
    await t.db
      .update(institutions)
      .set({ syllabusUrlTemplate: TEMPLATE })
      .where(eq(institutions.id, w.institution.id));
    await setTemplate(w, '');
    const links = await catalogueLinks(w);
    expect(links['350701']).toBe(OWN_LINK);
    expect(links['350702']).toBeNull();
  });
});
