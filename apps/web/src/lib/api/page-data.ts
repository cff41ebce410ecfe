import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What the server sent inside the page for its first screen (decision 0082;
 * apps/server/src/platform/http/page-data.ts): `[{ key, data }]`, each the answer of the call the
 * query of that key would make. Anything else (no block, broken JSON) is nothing: the page then
 * asks as it always did.
 */
export function readPageData(text: string | null | undefined): { key: QueryKey; data: unknown }[] {
  if (!text) return [];
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((e: unknown) => {
    if (typeof e !== 'object' || e === null || !('data' in e)) return [];
    const { key, data } = e as { key: unknown; data: unknown };
    return Array.isArray(key) && key.length > 0 && data !== undefined ? [{ key, data }] : [];
  });
}

/** Into the query cache before the first render, as fresh as a call's answer just arrived. */
export function seedPageData(client: QueryClient, text: string | null | undefined): void {
  for (const { key, data } of readPageData(text)) client.setQueryData(key, data);
}
