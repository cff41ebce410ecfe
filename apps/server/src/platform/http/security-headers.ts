import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  production: boolean;
  /** Origins of game host pages allowed to frame the marketplace (FRAME_ANCESTORS). */
  frameAncestors: string[];
  /** Other origins the page talks to: the object store clients upload to, the public base URL. */
  connectOrigins: string[];
  /** CSP sources ('sha256-…') of the inline scripts the built page carries (the first-screen preloader). */
  inlineScripts?: string[];
}

/** The 'sha256-…' source of each inline script of a page, so exactly those may run and nothing injected. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/type="application\/(?:ld\+)?json"/i.test(m[0]))
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    );
}

/**
 * Pages that take or pay out money: only this site may frame them, whatever the game allow-list
 * says (a framing page could overlay or click-jack the 确认支付 / 提现 buttons).
 */
const MONEY_PAGE = /^\/[a-z0-9]+\/pages\/(?:orderNew\/(?:cashier|orderConfirmPlace)|userCenter\/cashWithdrawal)\//i;
/** Test pages of the embedded default (absent in production) that carry a small inline script. */
const INLINE_SCRIPT_PAGE = /^\/sandbox\//;

function contentSecurityPolicy(o: SecurityHeaderOptions, scriptSrc: string[], frameAncestors: string[]): string {
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['script-src', ["'self'", ...scriptSrc]],
    // The HEIC converter (heic-to) decodes in a worker it starts from a blob: URL.
    ['worker-src', ["'self'", 'blob:']],
    // React writes style attributes; no inline script is ever allowed on the app's pages.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:']],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', ["'self'", ...o.connectOrigins]],
    // Banner pages frame vetted https links (webViewLink); gateways' cashiers open as pages.
    ['frame-src', ["'self'", 'https:']],
    ['form-action', ["'self'", 'https:']],
    ['frame-ancestors', frameAncestors],
    ...(o.production ? ([['upgrade-insecure-requests', []]] as Array<[string, string[]]>) : []),
  ];
  return directives.map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/**
 * Security headers on every page and answer: a CSP with frame-ancestors (the game-embedded scenes
 * stay frameable by the configured game origins, money pages by this site alone), HSTS in
 * production, nosniff and a strict referrer policy. No X-Frame-Options: it cannot name an
 * allow-list, frame-ancestors replaces it.
 *
 * The three header sets are computed once: @fastify/helmet, measured first, halved the
 * throughput of /health (14.0k → 6.7k rps on this machine) by rebuilding its CSP for every request
 * (decision 0014); precomputed sets cost about a tenth.
 */
export function securityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): { allowInlineScripts(hashes: string[]): void } {
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Third-party cashiers open in windows of their own and must still find their way back.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    ...(options.production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const ancestors = ["'self'", ...options.frameAncestors];
  const withCsp = (scriptSrc: string[], frameAncestors: string[]) => ({
    ...common,
    'content-security-policy': contentSecurityPolicy(options, scriptSrc, frameAncestors),
  });
  let page = withCsp(options.inlineScripts ?? [], ancestors);
  let moneyPage = withCsp(options.inlineScripts ?? [], ["'self'"]);
  // A hash in the list would make browsers ignore 'unsafe-inline': such pages get one or the other.
  const inlinePage = withCsp(["'unsafe-inline'"], ancestors);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    reply.headers(MONEY_PAGE.test(path) ? moneyPage : INLINE_SCRIPT_PAGE.test(path) ? inlinePage : page);
    done();
  });
  return {
    /** A new build's inline scripts (web-app.ts follows index.html): the page sets computed again. */
    allowInlineScripts(hashes) {
      page = withCsp(hashes, ancestors);
      moneyPage = withCsp(hashes, ["'self'"]);
    },
  };
}
