import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_GROUPS_DIR, routeAddressFiles } from './route-addresses';
import * as addresses from './addresses';
import { ALL_ROUTES } from './routes';

describe('the zod-free route addresses', () => {
  const generated = routeAddressFiles();

  it('are what the route definitions generate (rerun write-route-addresses.ts when this fails)', () => {
    for (const [file, text] of generated) {
      expect(readFileSync(path.join(import.meta.dirname, file), 'utf8'), file).toBe(text);
    }
  });

  it('hold no group file the route definitions no longer generate', () => {
    const onDisk = readdirSync(path.join(import.meta.dirname, ADDRESS_GROUPS_DIR)).map(
      (file) => `${ADDRESS_GROUPS_DIR}/${file}`,
    );
    expect(onDisk.sort()).toEqual([...generated.keys()].filter((f) => f !== 'addresses.ts').sort());
  });

  it('name every route of the contract with its method and path', () => {
    const listed = Object.values(addresses).flatMap((group) =>
      Object.values(group).map((r) => `${r.method} ${r.path}`),
    );
    for (const route of ALL_ROUTES) expect(listed).toContain(`${route.method} ${route.path}`);
  });
});
