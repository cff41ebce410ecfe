import type { FastifyInstance } from 'fastify';
import type { CallPlatform } from '../../platform/http/register-call';
import type { NoticesHandle } from '../notices/notices.module';
import { couponRoutes } from './coupon.routes';

/** Coupons: the user's coupons and their scopes, the ones an order can or cannot take, the events that grant them. */
export function couponModule(app: FastifyInstance, deps: { platform: CallPlatform; notices?: NoticesHandle }): void {
  couponRoutes(app, deps.platform, deps.notices);
}
