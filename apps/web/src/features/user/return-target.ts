/** Where a page with `from` (and the older `queryStr`) goes next: only paths of this site. */
export function returnTarget(search: string, fallback: string): string {
  const q = new URLSearchParams(search);
  const from = q.get('from') ?? q.get('fromPage');
  // '//host' and '/\host' lead to another site.
  if (!from?.startsWith('/') || from[1] === '/' || from[1] === '\\') return fallback;
  const queryStr = q.get('queryStr');
  return queryStr ? `${from}${from.includes('?') ? '&' : '?'}${queryStr.replace(/^\?/, '')}` : from;
}
