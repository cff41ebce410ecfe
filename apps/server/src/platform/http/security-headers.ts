import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
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

const pathOf = (req: IncomingMessage) => (req.url ?? '/').split('?')[0] ?? '/';

/**
 * Security headers on every page and answer (@fastify/helmet): a CSP with frame-ancestors (the
 * game-embedded scenes stay frameable by the configured game origins, money pages by this site
 * alone), HSTS in production, nosniff and a strict referrer policy. No X-Frame-Options: it cannot
 * name an allow-list, frame-ancestors replaces it.
 */
export async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const ancestors = ["'self'", ...options.frameAncestors];
  const inlineScripts = (options.inlineScripts ?? []).join(' ');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        // A hash in the list would make browsers ignore 'unsafe-inline': each page gets one or the other.
        scriptSrc: ["'self'", (req) => (INLINE_SCRIPT_PAGE.test(pathOf(req)) ? "'unsafe-inline'" : inlineScripts)],
        // React writes style attributes; no inline script is ever allowed on the app's pages.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...options.connectOrigins],
        // Banner pages frame vetted https links (webViewLink); gateways' cashiers open as pages.
        frameSrc: ["'self'", 'https:'],
        formAction: ["'self'", 'https:'],
        frameAncestors: [(req) => (MONEY_PAGE.test(pathOf(req)) ? "'self'" : ancestors.join(' '))],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // frame-ancestors above says who may frame; X-Frame-Options could only say "no one but us".
    frameguard: false,
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Third-party cashiers open in windows of their own and must still find their way back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });
}
