import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@app/protocol/errors';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { envelope } from './error-handler';
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
    // The built page's inline preloader (decision 0010) is allowed by its hash, read once at start.
    inlineScripts: fs.existsSync(webIndex) ? inlineScriptHashes(fs.readFileSync(webIndex, 'utf8')) : [],
  };
}

/**
 * The built web app, when there is one: its files (pre-compressed, hashed chunks cached for a
 * year), and index.html for any other page path (the SPA's routes). Anything else unknown, and
 * every unknown API path, answers the 404 envelope.
 */
export async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
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
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(envelope(ErrorCode.NOT_FOUND));
  });
}
