import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeAddressesSource } from './route-addresses';
import * as addresses from './addresses';
import { ALL_ROUTES } from './routes';

describe('the zod-free route addresses', () => {
  it('are what the route definitions generate (rerun write-route-addresses.ts when this fails)', () => {
    const file = readFileSync(path.join(import.meta.dirname, 'addresses.ts'), 'utf8');
    expect(file).toBe(routeAddressesSource());
  });

  it('name every route of the contract with its method and path', () => {
    const listed = Object.values(addresses).flatMap((group) =>
      Object.values(group).map((r) => `${r.method} ${r.path}`),
    );
    for (const route of ALL_ROUTES) expect(listed).toContain(`${route.method} ${route.path}`);
  });
});
