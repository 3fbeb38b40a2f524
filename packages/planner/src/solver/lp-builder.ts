/** One linear term `coefficient * variable`. */
export interface LpTerm {
  readonly coefficient: number;
  readonly variable: string;
}

type Sense = '<=' | '>=' | '=';

interface Row {
  readonly name: string;
  readonly terms: readonly LpTerm[];
  readonly sense: Sense;
  readonly rhs: number;
}

// HiGHS reads long lines, but short ones keep dumped models readable and diffable.
const TERMS_PER_LINE = 12;

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`LP model: non-finite number ${value}`);
  return Number.isInteger(value) ? String(value) : value.toPrecision(15).replace(/\.?0+$/, '');
}

function formatTerms(terms: readonly LpTerm[]): string {
  const nonZero = terms.filter((term) => term.coefficient !== 0);
  if (nonZero.length === 0) return '0 __zero';
  const pieces = nonZero.map((term, index) => {
    const sign = term.coefficient < 0 ? '-' : index === 0 ? '' : '+';
    return `${sign} ${formatNumber(Math.abs(term.coefficient))} ${term.variable}`.trim();
  });
  const lines: string[] = [];
  for (let start = 0; start < pieces.length; start += TERMS_PER_LINE) {
    lines.push(pieces.slice(start, start + TERMS_PER_LINE).join(' '));
  }
  return lines.join('\n   ');
}

function nameLines(names: readonly string[]): string[] {
  const lines: string[] = [];
  for (let start = 0; start < names.length; start += TERMS_PER_LINE * 2) {
    lines.push(` ${names.slice(start, start + TERMS_PER_LINE * 2).join(' ')}`);
  }
  return lines;
}

/**
 * Builds a mixed-integer model as CPLEX LP text, the format `highs.solve` and
 * `highs.createModel({ format: 'lp' })` read. Variables are declared implicitly by use; every
 * variable gets explicit bounds so the LP default (lower bound 0, no upper bound) never surprises.
 */
export class LpBuilder {
  private readonly objective: LpTerm[] = [];
  private readonly rows: Row[] = [];
  private readonly bounds = new Map<string, { lower: number; upper: number }>();
  private readonly integers = new Set<string>();
  private readonly binaries = new Set<string>();
  private usesZero = false;

  constructor(private readonly sense: 'minimize' | 'maximize') {}

  /** Declares a continuous variable with bounds (use `Infinity` for no upper bound). */
  continuous(name: string, lower: number, upper: number): string {
    this.bounds.set(name, { lower, upper });
    return name;
  }

  /** Declares an integer variable with bounds. */
  integer(name: string, lower: number, upper: number): string {
    this.bounds.set(name, { lower, upper });
    this.integers.add(name);
    return name;
  }

  /** Declares a 0/1 variable. */
  binary(name: string): string {
    this.bounds.set(name, { lower: 0, upper: 1 });
    this.binaries.add(name);
    return name;
  }

  /** Adds `coefficient * variable` to the objective. */
  addObjective(coefficient: number, variable: string): void {
    this.objective.push({ coefficient, variable });
  }

  /** Adds the constraint `sum(terms) sense rhs`. */
  addRow(name: string, terms: readonly LpTerm[], sense: Sense, rhs: number): void {
    if (terms.every((term) => term.coefficient === 0)) this.usesZero = true;
    this.rows.push({ name, terms, sense, rhs });
  }

  /** Non-zero coefficients in the constraint rows: the size that drives the solver's work. */
  nonzeros(): number {
    return this.rows.reduce((sum, row) => sum + row.terms.filter((term) => term.coefficient !== 0).length, 0);
  }

  /** Names of all declared variables in declaration order. */
  variables(): string[] {
    return [...this.bounds.keys()];
  }

  /** Renders the model; the text is deterministic for a deterministic sequence of calls. */
  toString(): string {
    const out: string[] = [this.sense === 'minimize' ? 'Minimize' : 'Maximize'];
    const objectiveTerms =
      this.objective.length > 0 ? this.objective : [{ coefficient: 0, variable: '__zero' }];
    if (this.objective.length === 0) this.usesZero = true;
    out.push(` obj: ${formatTerms(objectiveTerms)}`);
    out.push('Subject To');
    for (const row of this.rows) {
      out.push(` ${row.name}: ${formatTerms(row.terms)} ${row.sense} ${formatNumber(row.rhs)}`);
    }
    out.push('Bounds');
    if (this.usesZero) out.push(' __zero = 0');
    for (const [name, { lower, upper }] of this.bounds) {
      if (this.binaries.has(name)) continue;
      const upperText = upper === Infinity ? '+inf' : formatNumber(upper);
      out.push(` ${formatNumber(lower)} <= ${name} <= ${upperText}`);
    }
    if (this.integers.size > 0) out.push('General', ...nameLines([...this.integers]));
    if (this.binaries.size > 0) out.push('Binary', ...nameLines([...this.binaries]));
    out.push('End');
    return out.join('\n');
  }
}
