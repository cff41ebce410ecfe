/**
 * The request layer reacts to codes with toasts and modals, but lives below the React tree:
 * it posts here, and the hosts in components/ render what arrives.
 */
export interface ModalButton {
  text: string;
  primary?: boolean;
  onClick?: () => void;
}

export interface ModalSpec {
  id?: string;
  title?: string;
  content: string;
  buttons: ModalButton[];
  autoHideMs?: number;
  onClose?: () => void;
  image?: string;
}

type Listener<T> = (value: T) => void;

/**
 * A channel of the request layer's posts. `held`: what is posted while nobody listens (a call
 * answered before the shell's hosts mounted, the first page still loading) waits for the first
 * listener instead of being lost.
 */
function channel<T>(held = false) {
  const listeners = new Set<Listener<T>>();
  let waiting: T[] = [];
  return {
    emit: (value: T) => {
      if (held && listeners.size === 0) {
        waiting.push(value);
        return;
      }
      for (const l of listeners) l(value);
    },
    on: (listener: Listener<T>): (() => void) => {
      listeners.add(listener);
      const early = waiting;
      waiting = [];
      for (const value of early) listener(value);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Forgets what waits for a listener (tests start from a quiet channel). */
    drop: () => {
      waiting = [];
    },
  };
}

export const toastChannel = channel<{ text: string; ms: number }>(true);
export const modalChannel = channel<ModalSpec>(true);
export const noLineChannel = channel<{ since: number }>();
/** 30315 from any call: the sale-unlock dialog opens (business-flows §4). */
export const saleUnlockChannel = channel<{ at: number }>();
/** The sale lock was opened (the page that asked can go on). */
export const saleUnlockedChannel = channel<{ at: number }>();

export function showToast(text: string, ms = 2000): void {
  toastChannel.emit({ text, ms });
}

export function showModal(spec: ModalSpec): void {
  modalChannel.emit(spec);
}
