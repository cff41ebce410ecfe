import { defineConfig } from 'vite';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxied = [
  '/pb',
  '/df',
  '/pt',
  '/dev',
  '/sandbox',
  '/demo-game',
  '/storage',
  '/agreements',
  '/openapi.json',
  '/health',
  '/v1',
];

/** One app for every scene; route-level chunks keep the first screen small. */
export default defineConfig({
  server: { port: 5173, proxy: Object.fromEntries(proxied.map((p) => [p, { target: api, changeOrigin: false }])) },
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    // heic2any (HEIC → PNG) is large but loads only when a user picks a HEIC photo.
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // React Query ships "use client" markers for server components; a client-only build ignores them.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
      output: {
        manualChunks(id: string) {
          if (id.includes('node_modules/react-dom') || id.includes('node_modules/scheduler')) return 'react-dom';
          if (id.includes('node_modules/react-router')) return 'router';
          if (id.includes('node_modules/@tanstack')) return 'query';
          if (id.includes('node_modules/zod')) return 'zod';
          return undefined;
        },
      },
    },
  },
});
