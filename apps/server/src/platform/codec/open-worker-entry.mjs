// The opener thread's entry in plain JS: a worker thread does not inherit the parent's TypeScript
// loader on every Node version, so it registers tsx itself and then loads open-worker.ts.
import { register } from 'tsx/esm/api';

register();
await import('./open-worker.ts');
