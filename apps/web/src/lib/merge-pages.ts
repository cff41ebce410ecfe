/**
 * The items of an endless list's pages, merged by unique id (platform-shell §2): when items arrive
 * or go while the user scrolls, a later page can repeat an item of an earlier one; it is shown
 * once, where it was first seen.
 */
export function mergePages<T>(
  pages: ReadonlyArray<{ list: readonly T[] }> | undefined,
  idOf: (item: T) => string | number,
): T[] {
  const seen = new Set<string | number>();
  const merged: T[] = [];
  for (const page of pages ?? [])
    for (const item of page.list) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      merged.push(item);
    }
  return merged;
}
