import { lazy, Suspense, useEffect, useState } from 'react';
import { saleUnlockChannel } from '../../lib/ui-bus';

// The dialog (and the SMS code rules it checks with) loads when code 30315 first asks for it.
const SaleUnlockDialog = lazy(() => import('./sale-unlock-dialog'));

/** Opens the sale-unlock dialog whenever a call answers 30315. */
export function SaleUnlockHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => saleUnlockChannel.on(() => setOpen(true)), []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SaleUnlockDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
