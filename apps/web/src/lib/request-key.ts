/**
 * A client idempotency key kept in sessionStorage under `name` while the user stays on the same
 * thing (an order or an offer of one listing): a repeated submit sends the same key and the server
 * answers the first result. Dropped once the thing is made. Built from getRandomValues, which
 * (unlike randomUUID) also exists on plain-http pages such as an app's web view.
 */
export function requestKey(name: string): string {
  const known = sessionStorage.getItem(name);
  if (known) return known;
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0'));
  const key = `${Date.now().toString(36)}-${random.join('')}`;
  sessionStorage.setItem(name, key);
  return key;
}

export const dropRequestKey = (name: string): void => sessionStorage.removeItem(name);
