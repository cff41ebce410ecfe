import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, resetServerClock, serverNowMs } from './server-clock';

afterEach(() => resetServerClock());

describe("the server's clock", () => {
  const arrived = Date.parse('2026-12-01T10:00:00.000Z');

  it('follows a server whose clock runs five minutes ahead of the phone', () => {
    noteServerDate('Tue, 01 Dec 2026 10:05:00 GMT', arrived);
    expect(serverNowMs(arrived) - arrived).toBe(300_500);
  });

  it('follows one that runs behind', () => {
    noteServerDate('Tue, 01 Dec 2026 09:58:00 GMT', arrived);
    expect(serverNowMs(arrived + 1000)).toBe(arrived + 1000 - 119_500);
  });

  it('takes the rounding of the header and the trip (under 2 s) as no offset', () => {
    noteServerDate('Tue, 01 Dec 2026 09:59:59 GMT', arrived);
    expect(serverNowMs(arrived)).toBe(arrived);
  });

  it('keeps the last offset when an answer carries no Date or a broken one', () => {
    noteServerDate('Tue, 01 Dec 2026 10:05:00 GMT', arrived);
    noteServerDate(null, arrived);
    noteServerDate('yesterday', arrived);
    expect(serverNowMs(arrived) - arrived).toBe(300_500);
  });
});
