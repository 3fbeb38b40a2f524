/**
 * The demo syllabus: subjects per stream code and semester, in the university's format (weekly
 * lecture/tutorial/practical hours, credits, marks). Names and hours are typical of Indian
 * engineering curricula; codes are made up for the demo.
 */
export interface CatalogueEntry {
  code: string;
  name: string;
  short: string;
  category: string;
  L: number;
  T: number;
  P: number;
  elective: boolean;
}

const CORE = 'Professional Core Course';
const PE = 'Professional Elective Course';
const OE = 'Open Elective Course';
const HS = 'Humanities and Social Sciences Course';

type Row = [suffix: string, name: string, short: string, category: string, L: number, T: number, P: number];

const BE5: Row[] = [
  ['01', 'Analysis and Design of Algorithms', 'ADA', CORE, 3, 0, 2],
  ['02', 'Computer Networks', 'CN', CORE, 3, 0, 2],
  ['03', 'Software Engineering', 'SE', CORE, 3, 0, 2],
  ['04', 'Database Management Systems', 'DBMS', CORE, 3, 0, 2],
  ['05', 'Professional Ethics', 'PE', HS, 2, 0, 0],
  ['11', 'Advanced Java Programming', 'AJP', PE, 3, 0, 2],
  ['12', 'Web Programming', 'WP', PE, 3, 0, 2],
  ['13', 'Python for Data Science', 'PDS', PE, 3, 0, 2],
  ['14', 'Internet of Things', 'IOT', PE, 3, 0, 2],
  ['21', 'Cyber Laws', 'CL', OE, 3, 0, 0],
  ['22', 'Entrepreneurship Development', 'ED', OE, 3, 0, 0],
  ['23', 'Disaster Management', 'DM', OE, 3, 0, 0],
];

const BE7: Row[] = [
  ['01', 'Information Security', 'IS', CORE, 3, 0, 2],
  ['02', 'Compiler Design', 'CD', CORE, 3, 0, 2],
  ['03', 'Project Management', 'PM', HS, 3, 0, 0],
  ['11', 'Machine Learning', 'ML', PE, 3, 0, 2],
  ['12', 'Cloud Computing', 'CC', PE, 3, 0, 2],
  ['13', 'Blockchain Technology', 'BT', PE, 3, 0, 2],
  ['21', 'Data Visualization', 'DV', PE, 3, 0, 2],
  ['22', 'Natural Language Processing', 'NLP', PE, 3, 0, 2],
  ['23', 'Mobile Application Development', 'MAD', PE, 3, 0, 2],
];

const ME1: Row[] = [
  ['01', 'Advanced Data Structures', 'ADS', CORE, 3, 0, 2],
  ['02', 'Research Methodology and IPR', 'RM', CORE, 2, 0, 0],
  ['11', 'Advanced Computer Networks', 'ACN', PE, 3, 0, 2],
  ['12', 'Soft Computing', 'SC', PE, 3, 0, 2],
  ['13', 'Data Science', 'DS', PE, 3, 0, 2],
];

/** BE semester 7 has two elective slots: the second one gets its own category name. */
const BE7_SECOND_SLOT = new Set(['21', '22', '23']);

function build(prefix: string, rows: Row[], secondSlot = new Set<string>()): CatalogueEntry[] {
  return rows.map(([suffix, name, short, category, L, T, P]) => ({
    code: `${prefix}${suffix}`,
    name,
    short,
    category: secondSlot.has(suffix)
      ? `${category} - II`
      : secondSlot.size > 0 && category === PE
        ? `${category} - I`
        : category,
    L,
    T,
    P,
    elective: category === PE || category === OE,
  }));
}

/** Catalogue rows per degree, stream code and semester. */
export function catalogueFor(degree: 'BE' | 'ME', streamCode: string, sem: number): CatalogueEntry[] {
  const prefix = `${degree === 'BE' ? 3 : 4}${sem}${streamCode}`;
  if (degree === 'BE' && sem === 5) return build(prefix, BE5);
  if (degree === 'BE' && sem === 7) return build(prefix, BE7, BE7_SECOND_SLOT);
  if (degree === 'ME' && sem === 1) return build(prefix, ME1);
  return [];
}

export const ACADEMIC_YEARS = ['2024-25', '2025-26', '2026-27'] as const;
