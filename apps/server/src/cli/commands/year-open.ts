import { err, out, type Command } from '../cli-support';
import { runYearCommand, YEAR_USAGE } from '../year-command';

/** `npm run rollbook -- year open`: the new academic year (cli/year-command.ts). */
export const yearOpen: Command = {
  name: 'year open',
  summary: 'preview (--dry-run) or open the next academic year of an institution',
  help: YEAR_USAGE,
  run: (args) => runYearCommand(['open', ...args], { stdout: out, stderr: err }),
};
