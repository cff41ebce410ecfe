import { useCallback, useEffect, useState } from 'react';
import { type ModalSpec, modalChannel } from '../lib/ui-bus';
import { Modal } from './modal';

/** Shows the modals the request layer posts (state codes of platform-shell §4), one at a time. */
export function ModalHost() {
  const [queue, setQueue] = useState<ModalSpec[]>([]);
  useEffect(
    () => modalChannel.on((spec) => setQueue((q) => (spec.id && q.some((m) => m.id === spec.id) ? q : [...q, spec]))),
    [],
  );
  const current = queue[0];
  const close = useCallback(() => {
    setQueue((q) => q.slice(1));
    current?.onClose?.();
  }, [current]);
  if (!current) return null;
  return (
    <Modal
      title={current.title}
      content={current.content}
      buttons={current.buttons}
      autoHideMs={current.autoHideMs}
      onClose={close}
      testId={current.id ? `modal-${current.id}` : 'modal'}
    />
  );
}
