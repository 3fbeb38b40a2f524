/**
 * Joins `--name -12.5` into `--name=-12.5` for value options: node's parseArgs refuses a value
 * that starts with a dash, and western longitudes (`--lon -0.12`) and early offsets do.
 */
export function joinNegativeValues(argv: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (
      arg.startsWith('--') &&
      !arg.includes('=') &&
      valueOptions.has(arg.slice(2)) &&
      next !== undefined &&
      /^-(\d|\.\d)/.test(next)
    ) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** A finite number option, or undefined when absent; `onError` builds the usage error. */
export function numberOption(
  value: string | undefined,
  name: string,
  onError: (message: string) => Error,
): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw onError(`--${name} must be a number`);
  return n;
}
