/** The list's keyword box, which the nav bar's search icon leads to (the list's own search). */
export const LIST_KEYWORD_ID = 'list-keyword';

/** Brings the keyword box into view and focuses it; false when the page has none. */
export function focusListSearch(): boolean {
  const input = globalThis.document?.getElementById(LIST_KEYWORD_ID);
  if (!(input instanceof HTMLInputElement)) return false;
  input.scrollIntoView({ block: 'center', behavior: 'smooth' });
  input.focus({ preventScroll: true });
  input.select();
  return true;
}

/** A filter panel whose open state the page holds, so that the nav bar's filter icon can open it. */
export type PanelState = readonly [open: boolean, setOpen: (open: boolean) => void];
