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

/** The pay calls: each checks the amounts against the order and answers where to pay. */
export function payRoutes(app: FastifyInstance, platform: CallPlatform, deps: pay.PaymentDeps): void {
  registerCall(app, platform, wapAlipay, (input, ctx) =>
    pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.balancePrice > 0 ? 5 : input.payChannelType,
      totalAmount: input.totalAmount,
      balancePart: input.balancePrice,
      thirdPart: input.payPrice,
      returnUrl: input.returnUrl ?? '',
      kind: 'wap',
    }),
  );
  registerCall(app, platform, h5Wechat, (input, ctx) =>
    pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.balancePrice > 0 ? 6 : 2,
      totalAmount: input.totalAmount,
      balancePart: input.balancePrice,
      thirdPart: input.payPrice,
      returnUrl: input.returnUrl ?? '',
      kind: 'h5',
    }),
  );
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
  registerCall(app, platform, combinedPay, (input, ctx) =>
    pay.startPayment(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      channel: input.payChannelType,
      totalAmount: input.totalPrice,
      balancePart: input.balancePrice,
      thirdPart: input.price,
      returnUrl: input.returnUrl ?? '',
      kind: input.payChannelType === 6 ? 'h5' : 'wap',
    }),
  );
  registerCall(app, platform, balancePay, (input, ctx) =>
    pay.payWithBalance(deps, {
      userId: ctx.user.userId,
      orderId: input.bizNo,
      totalAmount: input.totalAmount,
      balancePrice: input.balancePrice,
    }),
  );
  registerCall(app, platform, payableDetail, (input, ctx) => pay.describePayable(deps, ctx.user.userId, input.bizNo));
  registerCall(app, platform, isAvailableCombinationPay, (input, ctx) =>
    pay.combinationAvailable(deps, ctx.user.userId, input.bizNo),
  );
}
