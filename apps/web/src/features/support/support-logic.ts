import type { Intervention } from '@app/protocol/calls/customer-service';
import { formatCountdown } from '@app/protocol/format';
import { isPcScene, type Scene } from '@app/protocol/platform';

/** What 客服 decided, in the words of the progress line. */
export const OUTCOME_LABEL: Record<NonNullable<Intervention['outcome']>, string> = {
  refund: '退款',
  confirm: '确认收货',
  close: '已关闭',
};

/** The three steps of a request: 提交申请 → 客服介入 → 处理完成; `step` is the one reached (0–2). */
export function progressOf(intervention: Pick<Intervention, 'status' | 'outcome' | 'staffName'>): {
  step: 0 | 1 | 2;
  label: string;
  hint: string;
} {
  if (intervention.status === 'open')
    return { step: 0, label: '等待客服接入', hint: '客服将尽快进入订单聊天，请留意消息' };
  if (intervention.status === 'joined')
    return {
      step: 1,
      label: '客服已介入',
      hint: `${intervention.staffName ? `客服「${intervention.staffName}」` : '客服'}已进入订单聊天，请在聊天中说明情况`,
    };
  return {
    step: 2,
    label: `已处理：${intervention.outcome ? OUTCOME_LABEL[intervention.outcome] : OUTCOME_LABEL.close}`,
    hint: '本次客服处理已结束，欢迎对服务进行评价',
  };
}

/** The reason sent with a request or a refusal: the reason picked, then the details when given. */
export function reasonText(picked: string, details: string): string {
  const more = details.trim();
  return more ? `${picked}：${more}` : picked;
}

/** mm:ss until a unix-seconds moment (null once it passed). */
export function waitLeft(nextAt: number | null, nowMs: number): string | null {
  if (!nextAt) return null;
  const left = Math.ceil(nextAt - nowMs / 1000);
  if (left <= 0) return null;
  return formatCountdown(left);
}

/**
 * Whether the work-chat link can open in a new window here. The PC scenes cannot open it (the
 * work chat wants WeChat on a phone), nor in-app browsers (a game's view, WeChat, the app's web
 * view): there the guide popup asks to copy the link.
 */
export function canOpenServiceLink(scene: Scene, userAgent: string): boolean {
  if (isPcScene(scene)) return false;
  if (scene === 'h5sdk' || scene === 'landsdk' || scene === 'h5wx' || scene === 'app') return false;
  return !/MicroMessenger|MarketApp|GameSDK|QQ\/|Weibo|DingTalk/i.test(userAgent);
}
