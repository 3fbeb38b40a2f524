// One rule for finding a worker entry, shared with the presence pool (see @rollbook/presence).
export { workerEntry } from '@rollbook/presence';
