import { constants, publicEncrypt } from 'node:crypto';
import { decryptResource, signedWechatpayCall, wechatpaySigned } from '../../platform/wechatpay/wechatpay-v3';
import type { PayoutOutcome, PayoutProvider, PayoutQuery } from './payout-provider';

export interface WechatPayoutOptions {
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial number and private key (PEM): requests are signed with it. */
  serialNo: string;
  privateKey: string;
  /** WeChat Pay's platform public key (PEM) and its id (Wechatpay-Serial): answers and notifications are checked with it. */
  platformPublicKey: string;
  platformSerial: string;
  apiV3Key: string;
  /** The 转账场景 approved for the merchant (e.g. 1005 佣金报酬) and its report lines. */
  sceneId: string;
  sceneReport: Array<{ info_type: string; info_content: string }>;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com by default. */
  baseUrl?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const PATH = '/v3/fund-app/mch-transfer/transfer-bills';

/** The documented refusals that say for certain no money moved, as the payee reads them. */
const REFUSALS: Record<string, string> = {
  NOT_ENOUGH: '平台打款账户余额不足，请稍后重新提现',
  INVALID_REQUEST: '提现信息有误，请核对后重新提现',
  PARAM_ERROR: '提现信息有误，请核对后重新提现',
  NO_AUTH: '平台暂未开通微信商家转账，请改用支付宝提现',
  ACCOUNT_ERROR: '收款微信账户异常，请改用支付宝提现',
  ACCOUNT_NOT_VERIFIED: '收款微信账户未实名，请完成实名后重新提现',
  NAME_NOT_CORRECT: '收款微信账户与姓名不一致，请核对后重新提现',
  OPENID_INVALID: '收款微信账户无效，请重新绑定微信',
  TRANSFER_QUOTA_EXCEED: '收款微信账户今日收款额度已满',
  DAY_RECEIVED_QUOTA_EXCEED: '收款微信账户今日收款额度已满',
  BLOCK_B2C_USERLIMITAMOUNT_BSRULE_MONTH: '收款微信账户本月收款额度已满',
};

interface Bill {
  out_bill_no?: string;
  transfer_bill_no?: string;
  state?: string;
  package_info?: string;
  fail_reason?: string;
  mch_id?: string;
  mchid?: string;
  transfer_amount?: number;
}

/** A bill's state (ACCEPTED … SUCCESS / FAIL / CANCELLED) in our terms. */
function byState(b: Bill): PayoutOutcome {
  const ref = b.transfer_bill_no ?? null;
  if (b.state === 'SUCCESS' && ref) return { state: 'paid', ref };
  if (b.state === 'WAIT_USER_CONFIRM' && ref && b.package_info)
    return { state: 'confirming', ref, packageInfo: b.package_info };
  if (b.state === 'FAIL' || b.state === 'CANCELLED')
    return {
      state: 'refused',
      code: b.fail_reason ?? b.state,
      reason: REFUSALS[b.fail_reason ?? ''] ?? (b.state === 'CANCELLED' ? '未在规定时间内确认收款' : '微信打款失败'),
    };
  if (b.state === 'ACCEPTED' || b.state === 'PROCESSING' || b.state === 'TRANSFERING' || b.state === 'CANCELING')
    return { state: 'pending', ref };
  return { state: 'unknown', reason: `state ${b.state ?? 'missing'}` };
}

/**
 * WeChat Pay 商家转账 (API v3, `POST /v3/fund-app/mch-transfer/transfer-bills`, its query by
 * out_bill_no, and the MCHTRANSFER.BILL.FINISHED notification): requests signed with the merchant
 * key, the payee's name encrypted with the platform key, every answer's signature and serial
 * checked. A bill waiting for 确认收款 hands its package_info to the client. A timeout, a 5xx,
 * SYSTEM_ERROR or an unsigned answer is `unknown`: asked about again by the same out_bill_no.
 */
export function createWechatPayout(options: WechatPayoutOptions): PayoutProvider & {
  /** A genuine notification's bill (signature, serial, age, our merchant), else null. */
  verifyNotice(headers: Record<string, string | string[] | undefined>, body: string): { outBizNo: string } | null;
} {
  const now = options.now ?? Date.now;
  const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
    signedWechatpayCall<Bill & { code?: string }>(options, method, path, payload);
  const answered = (r: Awaited<ReturnType<typeof call>>): PayoutOutcome => {
    if (!r) return { state: 'unknown', reason: 'no signed answer' };
    if (r.status === 200) return byState(r.answer);
    const code = r.answer.code ?? '';
    if (r.status < 500 && REFUSALS[code]) return { state: 'refused', code, reason: REFUSALS[code] };
    return { state: 'unknown', reason: `${r.status} ${code}` };
  };
  return {
    name: 'wechat',
    confirmWith: { mchId: options.mchId, appId: options.appId },
    async pay(input) {
      const userName = publicEncrypt(
        { key: options.platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        Buffer.from(input.accountName, 'utf8'),
      ).toString('base64');
      return answered(
        await call('POST', PATH, {
          appid: options.appId,
          out_bill_no: input.outBizNo,
          transfer_scene_id: options.sceneId,
          openid: input.accountNo,
          user_name: userName,
          transfer_amount: input.amountFen,
          transfer_remark: input.remark.slice(0, 32),
          notify_url: options.notifyUrl,
          transfer_scene_report_infos: options.sceneReport,
        }),
      );
    },
    async query(outBizNo): Promise<PayoutQuery> {
      const r = await call('GET', `${PATH}/out-bill-no/${encodeURIComponent(outBizNo)}`);
      if (r && r.status === 404 && r.answer.code === 'NOT_FOUND') return { state: 'absent' };
      return answered(r);
    },
    verifyNotice(headers, body) {
      if (!wechatpaySigned({ ...options, now }, headers, body)) return null;
      try {
        const event = JSON.parse(body) as {
          event_type?: string;
          resource?: { ciphertext: string; nonce: string; associated_data?: string };
        };
        if (event.event_type !== 'MCHTRANSFER.BILL.FINISHED' || !event.resource) return null;
        const bill = JSON.parse(decryptResource(options.apiV3Key, event.resource)) as Bill;
        if ((bill.mch_id ?? bill.mchid) !== options.mchId || !bill.out_bill_no) return null;
        return { outBizNo: bill.out_bill_no };
      } catch {
        return null;
      }
    },
  };
}
