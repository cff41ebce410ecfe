import { formatPriceFen } from '@app/protocol/format';
import { payChannelLabel } from '@app/protocol/pay-channel';
import type { PayChoice } from './api/pay-order';

export interface ChannelOption {
  c: PayChoice;
  ok: boolean;
  note?: string;
}

/** The ways to pay an amount: 支付宝, 微信, 余额 (when it covers it), 花呗, and balance plus a third party. */
export function payChannels(total: number, available: number, combinable: boolean, pc: boolean): ChannelOption[] {
  const part = `余额抵扣 ${formatPriceFen(Math.min(available, total))}`;
  return [
    { c: 1, ok: true, ...(pc ? { note: '扫码支付' } : {}) },
    { c: 2, ok: true },
    { c: 3, ok: available >= total, note: `可用 ${formatPriceFen(available)}` },
    { c: 4, ok: true },
    { c: 5, ok: combinable, note: part },
    { c: 6, ok: combinable, note: part },
  ];
}

/** The radio list of payChannels (locked while a QR code is shown). */
export function ChannelChoices({
  channels,
  channel,
  onChange,
  locked,
}: {
  channels: ChannelOption[];
  channel: PayChoice;
  onChange: (c: PayChoice) => void;
  locked: boolean;
}) {
  return (
    <>
      {channels.map((ch) => (
        <label key={ch.c} className={`cashier-channel${ch.ok ? '' : ' off'}`}>
          <input
            type="radio"
            name="channel"
            disabled={!ch.ok || locked}
            checked={channel === ch.c}
            onChange={() => onChange(ch.c)}
            data-testid={`pay-channel-${ch.c}`}
          />
          <span>{payChannelLabel[ch.c]}</span>
          {ch.note ? <span className="muted">{ch.note}</span> : null}
        </label>
      ))}
    </>
  );
}
