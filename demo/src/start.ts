import { serve } from '../../apps/server/src/serve';
import { demoComposition } from './demo-composition';

/**
 * `npm start`: the marketplace as the README's first commands run it (embedded PGlite, sandbox
 * payments, console SMS), with the demo games mounted and the demo market seeded on a fresh
 * DATA_DIR. Production runs apps/server/src/server.ts, which loads none of the demo.
 */
await serve(demoComposition);
