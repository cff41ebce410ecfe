import { combinedPay, h5Wechat } from '@app/protocol/calls/pay';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { MobileLayout } from '../../components/mobile-layout';
import { callApi } from '../../lib/api/call-api';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';

/** rechargePageParam: base64url JSON of what the WeChat payment needs. */
const paramSchema = z.object({
  bizNo: z.string().regex(/^\d{1,12}$/),
  totalAmount: z.number().int().positive(),
  balancePrice: z.number().int().min(0).default(0),
});

export function decodeRechargeParam(text: string | null) {
  if (!text) return null;
  try {
    const json = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = paramSchema.safeParse(JSON.parse(decodeURIComponent(escape(json))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * /{scene}/pages/orderNew/orderConfirmPlace/orderConfirmPlaceForWx?rechargePageParam=…: the page a
 * WeChat payment lands on (opened inside WeChat): it starts the WeChat payment of the order with the
 * carried amounts and goes on to WeChat's cashier, coming back to the order.
 */
export default function WechatLandingPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [params] = useSearchParams();
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const p = decodeRechargeParam(params.get('rechargePageParam'));
    if (!p) return setProblem('支付参数无效，请返回订单重新支付');
    const returnUrl = paths.orderDetail(scene, p.bizNo, { paid: true });
    const third = p.totalAmount - p.balancePrice;
    const go =
      p.balancePrice > 0
        ? callApi(combinedPay, {
            bizNo: p.bizNo,
            balancePrice: p.balancePrice,
            totalPrice: p.totalAmount,
            price: third,
            returnUrl,
            payChannelType: 6,
          })
        : callApi(h5Wechat, { bizNo: p.bizNo, totalAmount: p.totalAmount, payPrice: p.totalAmount, returnUrl });
    go.then((a) => globalThis.location.replace(a.payUrl)).catch((e: unknown) =>
      setProblem(e instanceof Error ? e.message : '支付失败'),
    );
  }, [params, scene]);
  return (
    <MobileLayout title="微信支付">
      <div className="card" style={{ margin: 12, padding: 24, textAlign: 'center' }} data-testid="wechat-landing">
        {problem ?? '正在前往微信支付…'}
      </div>
    </MobileLayout>
  );
}
