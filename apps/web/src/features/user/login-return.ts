import { paths } from '../../lib/paths';

/**
 * Where login sends the user back (platform-shell §2, business-flows §2): the login page is
 * reached with fromPage (a whole path with its query), or from (a page path, with or without its
 * /{scene}/ prefix) plus paramsStr / queryStr (its query, as a query string or a JSON object), and
 * needAuth when the flow also needs real-name verification. Only a page of the current scene is
 * accepted (never another site, never the login page itself); otherwise the scene's home.
 */
export interface LoginReturn {
  /** The page the flow started on. */
  target: string;
  /** Real-name verification first (needAuth), then target. */
  needAuth: boolean;
}

/** A query given as `a=1&b=2`, `?a=1` or `{"a":1}`, as a query string without `?`. */
export function queryOf(text: string | null): string {
  const raw = (text ?? '').trim();
  if (!raw) return '';
  if (raw.startsWith('{') || raw.startsWith('[')) {
    try {
      const value = JSON.parse(raw) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) return '';
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v !== undefined && v !== null && typeof v !== 'object') query.set(k, String(v));
      }
      return query.toString();
    } catch {
      return '';
    }
  }
  return raw.startsWith('?') ? raw.slice(1) : raw;
}

const truthy = (v: string | null) => v !== null && v !== '' && v !== '0' && v !== 'false';

/** A page path of this scene, or null (another origin, another scene, the login page). */
function ownPage(scene: string, path: string): string | null {
  let p = path.trim();
  if (!p) return null;
  if (p.startsWith('pages/')) p = `/${scene}/${p}`;
  else if (p.startsWith(`${scene}/pages/`)) p = `/${p}`;
  // `//host/…` or `/\host` would leave the site.
  if (!p.startsWith(`/${scene}/`) || p.startsWith('//') || p.includes('\\')) return null;
  if (p.split('?')[0] === paths.login(scene, '').split('?')[0]) return null;
  return p;
}

export function loginReturn(scene: string, params: URLSearchParams): LoginReturn {
  const needAuth = truthy(params.get('needAuth'));
  const extra = queryOf(params.get('paramsStr')) || queryOf(params.get('queryStr'));
  const withExtra = (page: string) => (extra ? `${page}${page.includes('?') ? '&' : '?'}${extra}` : page);
  const fromPage = ownPage(scene, params.get('fromPage') ?? '');
  if (fromPage) return { target: withExtra(fromPage), needAuth };
  const from = ownPage(scene, params.get('from') ?? '');
  if (from) return { target: withExtra(from), needAuth };
  return { target: paths.home(scene), needAuth };
}
