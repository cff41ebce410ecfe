import fs from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The web build of the contract without its schemas (docs/decisions/0010). The call definitions
 * of packages/protocol carry zod schemas for the server; the web reads only their path, method and
 * access, and takes its types from z.infer. So `zod`, imported by the call files, the tracking
 * signer, the chat frames and the notifications, resolves there to an inert stand-in: building a schema does nothing, and parsing with
 * one throws. Other importers (validation.ts, the web's own forms) keep the real zod, in the
 * chunks of the pages that use them.
 */
// The chat's frames (im.ts) and the notifications (notices.ts) too: the web reads their constants and
// labels on every page (the banner) but parses no frame with their schemas.
const SCHEMA_ONLY = /packages[\\/]protocol[\\/]src[\\/](calls[\\/][^\\/]+|tracking|im|notices)\.ts$/;
const PROTOCOL = /packages[\\/]protocol[\\/]src[\\/]/;
const INERT_ID = '\0inert-zod';
/** A protocol module that builds schemas, as imported by the call files: its own copy, on the inert zod. */
const INERT_COPY = '?inert-schemas';
const buildsSchemas = (file: string) => /^import \{[^}]*\bz\b[^}]*\} from 'zod';/m.test(fs.readFileSync(file, 'utf8'));

const INERT_SOURCE = `
const refuse = (name) => () => {
  throw new Error('zod.' + name + ': contract schemas are not in the web build (docs/decisions/0010); import zod directly');
};
const PARSERS = /^(safe)?(parse|decode|encode)(Async)?$/;
const handler = {
  get(_target, prop) {
    if (prop === 'then') return undefined;
    if (typeof prop === 'string' && PARSERS.test(prop)) return refuse(prop);
    if (typeof prop === 'symbol') return undefined;
    return inert;
  },
  apply: () => inert,
  construct: () => inert,
};
const inert = new Proxy(function schema() {}, handler);
export const z = inert;
export default inert;
`;

export function inertContractSchemas(): Plugin {
  return {
    name: 'inert-contract-schemas',
    // The dev server keeps the real zod; the journeys and the bench run on the build.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(SCHEMA_ONLY.test(importer) || importer.endsWith(INERT_COPY))) return null;
      if (source === 'zod') return INERT_ID;
      if (!source.startsWith('.')) return null;
      // validation.ts gives the call files their phone and SMS code schemas and the web forms their
      // checks: the forms keep the real one, the call files get a copy on the inert zod.
      const from = importer.replace(INERT_COPY, '');
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || !PROTOCOL.test(resolved.id) || SCHEMA_ONLY.test(resolved.id)) return resolved;
      return buildsSchemas(resolved.id) ? `${resolved.id}${INERT_COPY}` : resolved;
    },
    load(id) {
      if (id === INERT_ID) return INERT_SOURCE;
      if (id.endsWith(INERT_COPY))
        return { code: fs.readFileSync(id.replace(INERT_COPY, ''), 'utf8'), moduleType: 'ts' };
      return null;
    },
  };
}
