import { useSyncExternalStore } from 'react';

/**
 * The number of unread chat messages and notifications, for the badges outside the message centre
 * (the tab bar, the PC header, 我的). The app counts them (app/unread-tracker); the shared
 * components below the features only read the number here.
 */
let unread = 0;
const listeners = new Set<() => void>();

export function setUnreadMessages(count: number): void {
  if (count === unread) return;
  unread = count;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const useUnreadMessages = (): number =>
  useSyncExternalStore(
    subscribe,
    () => unread,
    () => 0,
  );

/** A badge's text: the count, 99+ past 99. */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
