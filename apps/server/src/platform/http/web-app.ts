import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@app/protocol/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { envelope } from './error-handler';
import { type PageDataSource, pageBuilder } from './page-data';
import { inlineScriptHashes, type SecurityHeaderOptions } from './security-headers';

const API_PATH = /^\/(pb|df|pt)\/api\//;

/** What the security headers allow the page: its own origins, and its inline preloader by hash. */
export function pageAllowances(
  config: Pick<Config, 'APP_ENV' | 'FRAME_ANCESTORS' | 'S3_ENDPOINT' | 'PUBLIC_BASE_URL' | 'webDist'>,
): SecurityHeaderOptions {
  const webIndex = path.join(config.webDist, 'index.html');
  return {
    production: config.APP_ENV === 'production',
    frameAncestors: config.FRAME_ANCESTORS,
    connectOrigins: [config.S3_ENDPOINT, config.PUBLIC_BASE_URL].flatMap((url) => (url ? [new URL(url).origin] : [])),
    // The built page's inline preloader (decision 0010) is allowed by its hash, read at start
    // and again when a new build replaces the page (followPageScripts).
    inlineScripts: fs.existsSync(webIndex) ? inlineScriptHashes(fs.readFileSync(webIndex, 'utf8')) : [],
  };
}

/**
 * A web build written while the server runs changes the page's inline preloader, and with the
 * hash read at start the browser would refuse it (a blank page until a restart). The build's
 * folder is watched: when index.html changes, its scripts' hashes are allowed instead.
 */
export function followPageScripts(
  app: FastifyInstance,
  webDist: string,
  allowed: readonly string[],
  allow: (hashes: string[]) => void,
): void {
  if (!fs.existsSync(webDist)) return;
  const webIndex = path.join(webDist, 'index.html');
  let current = allowed.join(' ');
  let timer: NodeJS.Timeout | undefined;
  const reread = () => {
    timer = undefined;
    if (!fs.existsSync(webIndex)) return;
    const hashes = inlineScriptHashes(fs.readFileSync(webIndex, 'utf8'));
    if (hashes.join(' ') === current) return;
    current = hashes.join(' ');
    allow(hashes);
    app.log.info({ webDist }, 'a new web build: its page scripts are allowed');
  };
  let watcher: fs.FSWatcher;
  try {
    watcher = fs.watch(webDist, (_event, file) => {
      // A build writes many files at once: read the page once they settle.
      if (file && !String(file).startsWith('index.html')) return;
      clearTimeout(timer);
      timer = setTimeout(reread, 100);
    });
  } catch (error) {
    app.log.warn({ err: error, webDist }, 'cannot watch the web build: restart the server after a build');
    return;
  }
  watcher.on('error', () => watcher.close());
  watcher.unref();
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    watcher.close();
  });
}

/**
 * The built web app, when there is one: its files (pre-compressed, hashed chunks cached for a
 * year), and index.html for any other page path (the SPA's routes); a page a source of `pageData`
 * knows goes with that source's public data inside (page-data.ts, decision 0082). Anything else
 * unknown, and every unknown API path, answers the 404 envelope.
 */
export async function serveWeb(
  app: FastifyInstance,
  webDist: string,
  pageData: readonly PageDataSource[] = [],
): Promise<void> {
  const webIndex = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  // The built shell is read once: a new build comes with a new process (a deploy restarts it).
  let shell: string | undefined;
  const withData = pageBuilder(
    pageData,
    () => {
      shell ??= fs.readFileSync(webIndex, 'utf8');
      return shell;
    },
    (error) => app.log.warn({ err: error }, 'page data: the page goes without it'),
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up when asked (not listed at start): a build written while the server
      // runs is served at once, its new chunks included (followPageScripts allows its preloader).
      wildcard: true,
      index: false,
      // A folder (`/`, `/h5/`, `/assets/`) is no file: the page's own routes answer it (the not-found
      // handler below sends index.html), instead of the static files' 403.
      allowedPath: (pathName) => !pathName.endsWith('/'),
      // The build writes .br and .gz beside every script, style and index.html (decision 0010).
      preCompressed: true,
      maxAge: '1h',
      immutable: false,
      // Hashed chunks never change under their name: cached for a year; the page itself is
      // asked again every time, so a new build reaches everyone at once.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath).startsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PATH.test(url) || url.startsWith('/dev/') || url.startsWith('/v1/') || url.startsWith('/ops/v1/');
    if (!isApi && request.method === 'GET' && hasWeb && !path.extname(url)) {
      return withData.pageFor(url).then((page) => {
        if (!page) return reply.sendFile('index.html');
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(page[encoding]);
      });
    }
    return reply.status(404).send(envelope(ErrorCode.NOT_FOUND));
  });
}
