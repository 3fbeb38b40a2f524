import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG_VARIABLES, loadConfig } from './config';

const readme = readFileSync(path.join(import.meta.dirname, '../../../../README.md'), 'utf8');

describe('the README documents the configuration', () => {
  it('names every setting the server reads from its environment', () => {
    const undocumented = CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });

  it('knows the settings a deployment needs for timeouts and metrics', () => {
    // The list is taken from the parser itself: a setting added there is covered by the test above.
    expect(CONFIG_VARIABLES).toEqual(
      expect.arrayContaining([
        'MAINTENANCE',
        'LOGIN_RATE_LIMIT_PER_MINUTE',
        'METRICS_TOKEN',
        'DB_LOCK_TIMEOUT_MS',
      ]),
    );
    const config = loadConfig({ DB_LOCK_TIMEOUT_MS: '750', METRICS_PORT: '9464' });
    expect(config.db.lockTimeoutMs).toBe(750);
    expect(config.metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
