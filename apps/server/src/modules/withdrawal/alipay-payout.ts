import { type AlipayClientOptions, createAlipayClient } from '../../platform/alipay/alipay-client';
import { fenToYuanText } from '../payments/pay-gateway';
import type { PayoutOutcome, PayoutProvider, PayoutQuery } from './payout-provider';

const PRODUCT = { product_code: 'TRANS_ACCOUNT_NO_PWD', biz_scene: 'DIRECT_TRANSFER' } as const;

/**
 * Alipay's answers that say for certain no money moved (the documented sub_codes of
 * alipay.fund.trans.uni.transfer), each as the payee reads it. Any other code, 20000 or
 * SYSTEM_ERROR is not certain: the transfer is asked about by its number.
 */
const REFUSALS: Record<string, string> = {
  PAYEE_NOT_EXIST: '收款支付宝账号不存在，请核对后重新提现',
  PAYEE_USER_INFO_ERROR: '收款支付宝账号与姓名不一致，请核对后重新提现',
  PAYEE_ACCOUNT_STATUS_ERROR: '收款支付宝账户状态异常，请更换账户',
  PAYEE_ACC_OCUPIED: '该手机号对应多个支付宝账户，请使用邮箱账号或更换账户',
  PAYEE_CERT_INFO_ERROR: '收款支付宝账户未完成实名认证，请认证后重新提现',
  PERMIT_NON_BANK_LIMIT_PAYEE: '收款账户收款额度已达上限，请更换账户',
  EXCEED_LIMIT_SM_AMOUNT: '单笔提现金额超出收款账户限额',
  EXCEED_LIMIT_DM_AMOUNT: '收款账户今日收款金额已达上限',
  PAYER_BALANCE_NOT_ENOUGH: '平台打款账户余额不足，请稍后重新提现',
  PAYER_STATUS_ERROR: '平台打款账户暂不可用，请稍后重新提现',
  PAYCARD_UNABLE_PAYMENT: '平台打款账户暂不可用，请稍后重新提现',
  INVALID_PARAMETER: '提现信息有误，请核对后重新提现',
};

interface AlipayAnswer {
  code?: string;
  subCode?: string;
  subMsg?: string;
  status?: string;
  orderId?: string;
  payFundOrderId?: string;
  failReason?: string;
  errorCode?: string;
}

const refused = (code: string, fallback?: string): PayoutOutcome => ({
  state: 'refused',
  code,
  reason: REFUSALS[code] ?? fallback ?? '支付宝打款失败',
});

/** The status of a transfer Alipay holds (SUCCESS, DEALING, FAIL, REFUND), in our terms. */
function byStatus(a: AlipayAnswer): PayoutOutcome {
  const ref = a.orderId ?? a.payFundOrderId ?? null;
  if (a.status === 'SUCCESS' && ref) return { state: 'paid', ref };
  if (a.status === 'DEALING' || a.status === 'WAIT_PAY' || a.status === 'INIT') return { state: 'pending', ref };
  if (a.status === 'FAIL' || a.status === 'REFUND' || a.status === 'CLOSED')
    return refused(a.errorCode ?? 'FAIL', a.failReason ? `支付宝打款失败：${a.failReason}` : undefined);
  return { state: 'unknown', reason: `status ${a.status ?? 'missing'}` };
}

/**
 * 单笔转账到支付宝账户 through the official SDK (alipay-sdk): `alipay.fund.trans.uni.transfer`,
 * product TRANS_ACCOUNT_NO_PWD, payee by 支付宝登录号 with the name Alipay checks, and its query
 * `alipay.fund.trans.common.query` by out_biz_no. Every answer's RSA2 signature is checked with
 * Alipay's public key; an unsigned, forged or unreadable answer or a timeout is `unknown`.
 */
export function createAlipayPayout(options: AlipayClientOptions): PayoutProvider {
  const sdk = createAlipayClient(options);
  async function call(method: string, bizContent: object): Promise<AlipayAnswer | null> {
    try {
      return (await sdk.exec(method, { bizContent }, { validateSign: true })) as AlipayAnswer;
    } catch {
      return null;
    }
  }
  return {
    name: 'alipay',
    async pay(input) {
      const a = await call('alipay.fund.trans.uni.transfer', {
        ...PRODUCT,
        out_biz_no: input.outBizNo,
        trans_amount: fenToYuanText(input.amountFen),
        order_title: input.remark.slice(0, 32),
        remark: input.remark.slice(0, 200),
        payee_info: { identity: input.accountNo, identity_type: 'ALIPAY_LOGON_ID', name: input.accountName },
      });
      if (!a) return { state: 'unknown', reason: 'no signed answer' };
      if (a.code === '10000') return byStatus(a);
      if (a.code === '40004' && a.subCode && a.subCode !== 'SYSTEM_ERROR' && REFUSALS[a.subCode])
        return refused(a.subCode);
      return { state: 'unknown', reason: `${a.code ?? ''} ${a.subCode ?? ''}`.trim() };
    },
    async query(outBizNo): Promise<PayoutQuery> {
      const a = await call('alipay.fund.trans.common.query', { ...PRODUCT, out_biz_no: outBizNo });
      if (!a) return { state: 'unknown', reason: 'no signed answer' };
      if (a.code === '10000') return byStatus(a);
      if (a.subCode === 'ORDER_NOT_EXIST') return { state: 'absent' };
      return { state: 'unknown', reason: `${a.code ?? ''} ${a.subCode ?? ''}`.trim() };
    },
  };
}
