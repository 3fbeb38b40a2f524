// Writes packages/contract/src/http/addresses.ts (route methods and paths without schemas).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { routeAddressesSource } from '../packages/contract/src/http/route-addresses';

writeFileSync(
  path.join(import.meta.dirname, '../packages/contract/src/http/addresses.ts'),
  routeAddressesSource(),
);
