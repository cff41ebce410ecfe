import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Renders overlays at the end of <body>, outside zoomed or clipped page bands. */
export function Portal({ children }: { children: ReactNode }) {
  return typeof document === 'undefined' ? children : createPortal(children, document.body);
}
