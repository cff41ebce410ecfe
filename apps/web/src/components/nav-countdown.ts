/**
 * The countdown beside a nav bar's title (platform-shell §2: the order-end countdown): what is left
 * until a deadline the server set, always as hours:minutes:seconds (72 hours read 72:00:00, never
 * 4320:00), and once it passed the page's own words for the end instead of 00:00:00.
 */
export interface NavDeadline {
  /** Unix seconds, from the server's answer (expireTime, autoConfirmTime, deliverBefore…). */
  until: number;
  /** What runs out: 剩余支付, 自动确认, 承诺发货. */
  label: string;
  /** What the bar says once it passed (支付已超时): the page asks the server again meanwhile. */
  ended: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Seconds as HH:MM:SS, hours not wrapped into days; nothing below 00:00:00. */
export function formatClock(seconds: number): string {
  const left = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

/** What the bar shows at `nowMs` (the server's clock): the time left, or the end's words once none is. */
export function countdownView(deadline: NavDeadline, nowMs: number): { text: string; ended: boolean } {
  const left = deadline.until - Math.floor(nowMs / 1000);
  if (left <= 0) return { text: deadline.ended, ended: true };
  return { text: formatClock(left), ended: false };
}
