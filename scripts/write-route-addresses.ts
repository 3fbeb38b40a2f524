// Writes packages/contract/src/http/addresses.ts and addresses/*.ts (route methods and paths
// without schemas, one module per route group), removing group files no longer generated.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ADDRESS_GROUPS_DIR, routeAddressFiles } from '../packages/contract/src/http/route-addresses';

const httpDir = path.join(import.meta.dirname, '../packages/contract/src/http');
const files = routeAddressFiles();
mkdirSync(path.join(httpDir, ADDRESS_GROUPS_DIR), { recursive: true });
for (const old of readdirSync(path.join(httpDir, ADDRESS_GROUPS_DIR))) {
  if (!files.has(`${ADDRESS_GROUPS_DIR}/${old}`)) rmSync(path.join(httpDir, ADDRESS_GROUPS_DIR, old));
}
for (const [file, text] of files) writeFileSync(path.join(httpDir, file), text);
