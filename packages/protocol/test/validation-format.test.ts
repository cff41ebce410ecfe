import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatFeedTime,
  formatLockRemaining,
  formatPriceFen,
  formatShortDateTime,
  lockMessage,
  shanghaiDayDigits,
} from '../src/format';
import {
  idCardBirthDate,
  isAdultIdCard,
  validateIdCard,
  validatePhone,
  validateRealName,
  validateSmsCode,
} from '../src/validation';

const withCheck = (body17: string) => {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((acc, d, i) => acc + Number(d) * (weights[i] as number), 0);
  return body17 + '10X98765432'[sum % 11];
};

describe('validation', () => {
  it('checks phones with the two spec messages', () => {
    expect(validatePhone('')).toBe('请填写手机号');
    expect(validatePhone('12345678901')).toBe('请正确填写您的手机号码');
    expect(validatePhone('1380000000')).toBe('请正确填写您的手机号码');
    expect(validatePhone('13800000000')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
  });

  it('wants exactly 4 digits of code', () => {
    expect(validateSmsCode('123')).toBe('请填写4位的正确验证码');
    expect(validateSmsCode('12a4')).toBe('请填写4位的正确验证码');
    expect(validateSmsCode('0123')).toBeNull();
  });

  it('requires a name and an ID number', () => {
    expect(validateRealName('')).toBe('请输入实名');
    expect(validateRealName('张三')).toBeNull();
    expect(validateIdCard('')).toBe('请输入身份证号');
  });

  it('accepts real GB 11643 numbers and refuses any single changed digit', () => {
    expect(validateIdCard('11010519491231002X')).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2005 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.nat(999),
        fc.nat(16),
        fc.integer({ min: 1, max: 9 }),
        (y, m, d, seq, pos, delta) => {
          const id = withCheck(
            `440301${y}${String(m).padStart(2, '0')}${String(d).padStart(2, '0')}${String(seq).padStart(3, '0')}`,
          );
          expect(validateIdCard(id)).toBeNull();
          const digits = [...id];
          digits[pos] = String((Number(digits[pos]) + delta) % 10);
          const changed = digits.join('');
          if (changed !== id && !/^0/.test(changed)) expect(validateIdCard(changed)).toBe('身份证号格式不正确');
        },
      ),
    );
    expect(validateIdCard(withCheck('11010519900230123'))).toBe('身份证号格式不正确');
  });

  it('counts adulthood from the birthday in China time', () => {
    const id = withCheck('11010520080315123');
    expect(idCardBirthDate(id)).toEqual({ year: 2008, month: 3, day: 15 });
    expect(isAdultIdCard(id, new Date('2026-03-14T15:59:59Z'))).toBe(false);
    expect(isAdultIdCard(id, new Date('2026-03-14T16:00:00Z'))).toBe(true);
  });
});

describe('format', () => {
  it('writes the China calendar day of an instant as 8 digits (order numbers)', () => {
    expect(shanghaiDayDigits(Date.UTC(2026, 10, 29, 15, 59, 59))).toBe('20261129');
    expect(shanghaiDayDigits(Date.UTC(2026, 10, 29, 16, 0, 0))).toBe('20261130');
    expect(shanghaiDayDigits(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('20270101');
  });
  it('writes 万 from 10,000 and 亿 above 99,999,999', () => {
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(10_000)).toBe('1万');
    expect(formatCount(12_345)).toBe('1.23万');
    expect(formatCount(99_999_999)).toBe('9999.99万');
    expect(formatCount(100_000_000)).toBe('1亿');
    expect(formatCount(250_000_000)).toBe('2.5亿');
  });

  it('writes fen as yuan without float drift', () => {
    expect(formatPriceFen(128_800)).toBe('¥1,288.00');
    expect(formatPriceFen(1)).toBe('¥0.01');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (fen) => {
        const expected = `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
        expect(formatPriceFen(fen, false).replace(/,/g, '')).toBe(expected);
      }),
    );
  });

  it('writes feed times', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const t = now.getTime() / 1000;
    expect(formatFeedTime(t - 59, now)).toBe('刚刚');
    expect(formatFeedTime(t - 60, now)).toBe('1分钟前');
    expect(formatFeedTime(t - 3600, now)).toBe('1小时前');
    expect(formatFeedTime(t - 86_400, now)).toBe('1天前');
    expect(formatFeedTime(t - 9 * 86_400, now)).toBe('9天前');
    expect(formatFeedTime(t - 10 * 86_400, now)).toBe('11-12');
    expect(formatFeedTime(Date.parse('2025-03-01T00:00:00Z') / 1000, now)).toBe('2025-03-01');
  });

  it('writes the 40050 lock message', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const unlock = now.getTime() / 1000 + 2 * 86_400 + 3 * 3600 + 4 * 60;
    expect(formatLockRemaining(unlock, now)).toBe('2天3小时4分钟');
    expect(lockMessage(unlock, now)).toBe('商品已锁定，请在2天3小时4分钟后重试下单');
    expect(formatLockRemaining(now.getTime() / 1000 - 5, now)).toBe('0天0小时0分钟');
  });

  it('shows times in Beijing time, whatever the clock of the viewer', () => {
    // 16:30 UTC is 00:30 the next day in Beijing.
    const at = Date.parse('2026-11-24T16:30:05Z');
    expect(formatDateTime(at)).toBe('2026/11/25 00:30:05');
    expect(formatShortDateTime(at)).toBe('11/25 00:30');
    expect(formatDate(at)).toBe('2026/11/25');
  });
});

describe('formatCountdown', () => {
  it('shows hours from an hour and days from a day (ten hours never read 625:54)', () => {
    expect(formatCountdown(65)).toBe('01:05');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(3600)).toBe('01:00:00');
    expect(formatCountdown(625 * 60 + 54)).toBe('10:25:54');
    expect(formatCountdown(86_400 + 3_661)).toBe('1天 01:01:01');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(59.9)).toBe('00:59');
  });
});
