import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes `.br` and `.gz` beside each script, style and the page (docs/decisions/0010), so a
 * server that serves precompressed files (@fastify/static `preCompressed: true`) answers a
 * compressed first screen at no CPU cost per request. Uncompressed, the first screen is ~3.5x the
 * bytes, and that alone keeps Lighthouse mobile near 75.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css|html|svg)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const raw = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (raw.length < 1024) continue;
        // Brotli's best quality takes seconds on the 1.3 MB HEIC converter that only one page loads.
        const quality = raw.length > 200_000 ? 9 : constants.BROTLI_MAX_QUALITY;
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: br });
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipSync(raw, { level: 9 }) });
      }
    },
  };
}
