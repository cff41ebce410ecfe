import {
  balancePay,
  combinedPay,
  h5Wechat,
  isAvailableCombinationPay,
  payableDetail,
  scanAlipay,
  wapAlipay,
} from '@app/protocol/calls/pay';
import type { FastifyInstance } from 'fastify';
import { type CallPlatform, registerCall } from '../../platform/http/register-call';
import * as pay from './payment.service';

/**
 * Asks the payment password (支付密码) of the payer; throws unless right (the pay-password module's
 * requirePayPassword, which counts the try in its own transaction: call it before any payment's).
 */
export type PinCheck = (userId: number, pin: string | undefined) => Promise<void>;

/**
 * The pay calls: each checks the amounts against the order and answers where to pay. Whatever part
 * is paid from the balance (all of it, or the balance part of a combined payment) asks the payment
 * password first, outside the payment's transaction (docs/decisions/0052).
 */
export function payRoutes(app: FastifyInstance, platform: CallPlatform, deps: pay.PaymentDeps, pin: PinCheck): void {
  const askPin = async (userId: number, balancePart: number, given: string | undefined) => {
    if (balancePart > 0) await pin(userId, given);
  };
  registerCall(app, platform, wapAlipay, async (input, ctx) => {
    await askPin(ctx.user.userId, input.balancePrice, input.payPassword);
    return pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.balancePrice > 0 ? 5 : input.payChannelType,
      totalAmount: input.totalAmount,
      balancePart: input.balancePrice,
      thirdPart: input.payPrice,
      returnUrl: input.returnUrl ?? '',
      kind: 'wap',
    });
  });
  registerCall(app, platform, h5Wechat, async (input, ctx) => {
    await askPin(ctx.user.userId, input.balancePrice, input.payPassword);
    return pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.balancePrice > 0 ? 6 : 2,
      totalAmount: input.totalAmount,
      balancePart: input.balancePrice,
      thirdPart: input.payPrice,
      returnUrl: input.returnUrl ?? '',
      kind: 'h5',
    });
  });
  registerCall(app, platform, scanAlipay, (input, ctx) =>
    pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: 1,
      totalAmount: input.totalAmount,
      balancePart: 0,
      thirdPart: input.payPrice,
      returnUrl: '',
      kind: 'scan',
    }),
  );
  registerCall(app, platform, combinedPay, async (input, ctx) => {
    await askPin(ctx.user.userId, input.balancePrice, input.payPassword);
    return pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.payChannelType,
      totalAmount: input.totalPrice,
      balancePart: input.balancePrice,
      thirdPart: input.price,
      returnUrl: input.returnUrl ?? '',
      kind: input.payChannelType === 6 ? 'h5' : 'wap',
    });
  });
  registerCall(app, platform, balancePay, async (input, ctx) => {
    await pin(ctx.user.userId, input.payPassword);
    return pay.payWithBalance(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      totalAmount: input.totalAmount,
      balancePrice: input.balancePrice,
    });
  });
  registerCall(app, platform, payableDetail, (input, ctx) => pay.describePayable(deps, ctx.user.userId, input.bizNo));
  registerCall(app, platform, isAvailableCombinationPay, (input, ctx) =>
    pay.combinationAvailable(deps, ctx.user.userId, input.bizNo),
  );
}
