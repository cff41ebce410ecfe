/** Display formats shared by every scene (platform-shell §9). */

const trim = (n: number, digits: number) => {
  const fixed = (Math.floor(n * 10 ** digits + 1e-9) / 10 ** digits).toFixed(digits);
  return fixed.replace(/\.?0+$/, '');
};

/** 9999 → '9999', 10000 → '1万', 12345 → '1.23万', 100000000 → '1亿' (亿 above 99,999,999). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  if (abs > 99_999_999) return `${sign}${trim(abs / 100_000_000, 2)}亿`;
  if (abs >= 10_000) return `${sign}${trim(abs / 10_000, 2)}万`;
  return `${sign}${Math.round(abs)}`;
}

/** Integer fen → '¥1,288.00' without float drift. */
export function formatPriceFen(fen: number, withSymbol = true): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  const cents = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${withSymbol ? '¥' : ''}${yuan}.${cents}`;
}

/** China's calendar date of an instant (UTC+8, no DST). */
function shanghaiDate(ms: number) {
  const d = new Date(ms + 8 * 3_600_000);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** China's calendar day of an instant as 8 digits, as order numbers carry it: '20261129'. */
export function shanghaiDayDigits(ms: number): string {
  const { y, m, d } = shanghaiDate(ms);
  return `${y}${pad(m)}${pad(d)}`;
}

/** Feed time: '刚刚', 'N分钟前', 'N小时前', 'N天前' (under 10 days), then 'MM-DD' or 'YYYY-MM-DD'. */
export function formatFeedTime(tsSeconds: number, now: Date): string {
  const diff = Math.max(0, Math.floor(now.getTime() / 1000) - tsSeconds);
  if (diff < 60) return '刚刚';
  if (diff < 3600) return `${Math.floor(diff / 60)}分钟前`;
  if (diff < 86_400) return `${Math.floor(diff / 3600)}小时前`;
  if (diff < 10 * 86_400) return `${Math.floor(diff / 86_400)}天前`;
  const then = shanghaiDate(tsSeconds * 1000);
  const today = shanghaiDate(now.getTime());
  return then.y === today.y ? `${pad(then.m)}-${pad(then.d)}` : `${then.y}-${pad(then.m)}-${pad(then.d)}`;
}

/** Time left until an unlock, as 'D天H小时M分钟' (minutes rounded up, never below 0). */
export function formatLockRemaining(unlockAtSeconds: number, now: Date): string {
  const minutes = Math.max(0, Math.ceil((unlockAtSeconds * 1000 - now.getTime()) / 60_000));
  return `${Math.floor(minutes / 1440)}天${Math.floor((minutes % 1440) / 60)}小时${minutes % 60}分钟`;
}

/** The 40050 message: the envelope's msg carries the unlock timestamp. */
export function lockMessage(unlockAtSeconds: number, now: Date): string {
  return `商品已锁定，请在${formatLockRemaining(unlockAtSeconds, now)}后重试下单`;
}

/** Every time the product shows is Beijing time, whatever the viewer's clock says. */
const ZONE = 'Asia/Shanghai';

/** '2026/11/24 21:47:19' (Unix milliseconds). */
export const formatDateTime = (ms: number): string =>
  new Date(ms).toLocaleString('zh-CN', { hour12: false, timeZone: ZONE });

/** '11/24 21:47' (Unix milliseconds): chat lines, notifications, requests. */
export const formatShortDateTime = (ms: number): string =>
  new Date(ms).toLocaleString('zh-CN', {
    hour12: false,
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ZONE,
  });

/** '2026/11/24' (Unix milliseconds). */
export const formatDate = (ms: number): string => new Date(ms).toLocaleDateString('zh-CN', { timeZone: ZONE });

/**
 * A countdown of whole seconds, the one every page shows: mm:ss under an hour, hh:mm:ss from an
 * hour, N天 hh:mm:ss from a day (never 625:54 for ten hours). A negative count reads 00:00.
 */
export function formatCountdown(seconds: number): string {
  const left = Math.max(0, Math.floor(seconds));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const mmss = `${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  if (days > 0) return `${days}天 ${pad(hours)}:${mmss}`;
  return hours > 0 ? `${pad(hours)}:${mmss}` : mmss;
}

/**
 * Words a person typed, as a clause of a sentence the app writes around them: trimmed and without
 * the full stop (or ！？) they may end with, so 买家拒绝收货：少了一半。 never reads 。。.
 */
export function asClause(text: string): string {
  return text.trim().replace(/[。．.！!？?\s]+$/u, '');
}
