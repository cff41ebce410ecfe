/**
 * Where a page sent the user to pay something that has no page of its own to come back to (a bid's
 * missing money, 'Q…'): kept in sessionStorage under the payable's bizNo while the cashier is open.
 */
const keyOf = (bizNo: string) => `returnTo:${bizNo}`;

/** The current page, remembered as the way back from paying `bizNo`. */
export function rememberReturn(bizNo: string): void {
  sessionStorage.setItem(keyOf(bizNo), `${globalThis.location.pathname}${globalThis.location.search}`);
}

/** The remembered way back (a path of this site), or `fallback`. */
export function rememberedReturn(bizNo: string, fallback: string): string {
  const path = sessionStorage.getItem(keyOf(bizNo));
  return path?.startsWith('/') && !path.startsWith('//') ? path : fallback;
}
