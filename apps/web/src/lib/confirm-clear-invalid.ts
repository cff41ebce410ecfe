import { copy } from './copy';
import { showModal, showToast } from './ui-bus';

/** 清除失效 of a collections list: asks first, then says how many went (consignment and broker alike). */
export function confirmClearInvalid(clear: {
  mutate: (v: undefined, o: { onSuccess: (r: { removed: number }) => void }) => void;
}): void {
  showModal({
    content: copy.commodity.clearInvalidConfirm,
    buttons: [
      { text: copy.cancel },
      {
        text: copy.confirm,
        primary: true,
        onClick: () =>
          clear.mutate(undefined, { onSuccess: (r) => showToast(`${copy.commodity.cleared}（${r.removed}）`) }),
      },
    ],
  });
}
