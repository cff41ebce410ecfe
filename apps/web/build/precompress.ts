import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside each script, style and the page (docs/decisions/0010), so a
 * server that serves precompressed files (@fastify/static `preCompressed: true`) answers a
 * compressed first screen at no CPU cost per request. Uncompressed, the first screen is ~3.5x the
 * bytes, and that alone keeps Lighthouse mobile near 75.
 *
 * It compresses the files as written to disk (writeBundle), never the bundle in memory: Vite
 * still rewrites chunks after generateBundle (the `__VITE_PRELOAD__` marker of dynamic imports),
 * and a compressed copy taken earlier breaks every lazy page.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const raw = fs.readFileSync(file);
        if (raw.length < 1024) continue;
        // Brotli's best quality takes seconds on the 1.3 MB HEIC converter that only one page loads.
        const quality = raw.length > 200_000 ? 9 : constants.BROTLI_MAX_QUALITY;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}
