/**
 * The server's clock as the answers tell it: each API answer's Date header (whole seconds) against
 * the moment it arrived. A countdown to a deadline the server set counts on this clock, so a phone
 * whose clock is a few minutes off still shows what the server will enforce. Offsets under two
 * seconds (the header's own rounding and the trip) are taken as none.
 */
const NOISE_MS = 2000;
let offsetMs = 0;

/** Records the offset an answer's Date header shows; an absent or broken header changes nothing. */
export function noteServerDate(dateHeader: string | null | undefined, receivedAtMs: number): void {
  if (!dateHeader) return;
  const serverMs = Date.parse(dateHeader);
  if (!Number.isFinite(serverMs)) return;
  // The header drops the milliseconds: the server's moment lies within the second after it.
  const offset = serverMs + 500 - receivedAtMs;
  offsetMs = Math.abs(offset) < NOISE_MS ? 0 : offset;
}

/** Now by the server's clock, in milliseconds. */
export function serverNowMs(localNowMs: number = Date.now()): number {
  return localNowMs + offsetMs;
}

/** For tests: back to the local clock. */
export function resetServerClock(): void {
  offsetMs = 0;
}
