/**
 * A circuit breaker for one game's partner API (docs/decisions/0073-partner-timeouts-breaker.md):
 * after `failures` calls in a row with no answer it opens, and calls fail at once for `openMs`;
 * then one probe call is let through (half-open): an answer closes it, another failure opens it
 * again. A refusal is an answer (the game is up): only no answer counts.
 */
export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitBreakerOptions {
  /** Calls in a row without an answer that open the circuit (default 5). */
  failures?: number;
  /** How long it stays open before a probe (ms, default 10,000). */
  openMs?: number;
  now?: () => number;
  /** Told of every change of state (a metric, a log line). */
  onChange?: (state: CircuitState) => void;
}

export interface CircuitBreaker {
  /** Whether a call may go out now (in half-open: the one probe). */
  allow(): boolean;
  /** The call got an answer. */
  succeeded(): void;
  /** The call got no answer. */
  failed(): void;
  state(): CircuitState;
}

export function createCircuitBreaker(options: CircuitBreakerOptions = {}): CircuitBreaker {
  const limit = options.failures ?? 5;
  const openMs = options.openMs ?? 10_000;
  const now = options.now ?? Date.now;
  let state: CircuitState = 'closed';
  let inARow = 0;
  let openedAt = 0;
  let probing = false;
  const move = (next: CircuitState) => {
    if (next === state) return;
    state = next;
    options.onChange?.(next);
  };
  return {
    allow() {
      if (state === 'closed') return true;
      if (state === 'open') {
        if (now() - openedAt < openMs) return false;
        move('half-open');
      }
      if (probing) return false;
      probing = true;
      return true;
    },
    succeeded() {
      inARow = 0;
      probing = false;
      move('closed');
    },
    failed() {
      probing = false;
      inARow++;
      if (state === 'half-open' || inARow >= limit) {
        openedAt = now();
        move('open');
      }
    },
    state: () => state,
  };
}
