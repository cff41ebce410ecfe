import { describe, expect, it } from 'vitest';
import { createCircuitBreaker } from '../src/circuit-breaker';

describe('a game circuit', () => {
  it('opens after the failures in a row, lets one probe through after its time, and a failed probe opens it again', () => {
    let now = 0;
    const changes: string[] = [];
    const c = createCircuitBreaker({ failures: 3, openMs: 1_000, now: () => now, onChange: (s) => changes.push(s) });
    c.failed();
    c.failed();
    c.succeeded();
    c.failed();
    c.failed();
    expect(c.state()).toBe('closed');
    c.failed();
    expect(c.state()).toBe('open');
    expect(c.allow()).toBe(false);
    now = 1_000;
    expect(c.allow()).toBe(true);
    expect(c.state()).toBe('half-open');
    expect(c.allow()).toBe(false);
    c.failed();
    expect(c.state()).toBe('open');
    now = 1_999;
    expect(c.allow()).toBe(false);
    now = 2_000;
    expect(c.allow()).toBe(true);
    c.succeeded();
    expect(c.state()).toBe('closed');
    expect(c.allow()).toBe(true);
    expect(changes).toEqual(['open', 'half-open', 'open', 'half-open', 'closed']);
  });
});
