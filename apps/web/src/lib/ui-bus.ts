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

function channel<T>() {
  const listeners = new Set<Listener<T>>();
  return {
    emit: (value: T) => {
      for (const l of listeners) l(value);
    },
    on: (listener: Listener<T>): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const toastChannel = channel<{ text: string; ms: number }>();
export const modalChannel = channel<ModalSpec>();
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
