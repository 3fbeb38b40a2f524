// Command-line options of the bench scripts: `--name value`, with a fallback when absent.

export function textOption(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

export function numberOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** An environment variable the bench cannot run without: says what to set and exits when it is missing. */
export function requiredEnv(name: string, what: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (${what}).`);
    process.exit(2);
  }
  return value;
}
