import { z } from 'zod';
import { sessionCalls } from '../contract';
import { ROW_ID } from '../validation';

/**
 * Customer service in an order's chat (business-flows §7): the buyer or the seller asks 客服 into
 * the chat with a reason; staff join from the console's workbench and decide; either side rates the
 * service once it is closed. And the urges: a reminder posted into the chat and sent as a
 * notification, at most once per URGE_MINUTES each.
 */
const orderId = z.string().regex(ROW_ID, { error: '订单不存在' });

export const URGE_MINUTES = 10;
export const INTERVENTION_REASONS = ['迟迟未交付', '交付内容有误', '对方无回应', '想要退款', '其他'] as const;

export const interventionSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** open: waiting for 客服; joined: 客服 in the chat; closed: decided. */
  status: z.enum(['open', 'joined', 'closed']),
  reason: z.string(),
  /** Who asked: buyer or seller. */
  askedBy: z.enum(['buyer', 'seller']),
  /** What 客服 decided when closing: refund, confirm or close (nothing to change). */
  outcome: z.enum(['refund', 'confirm', 'close']).nullable(),
  staffName: z.string().nullable(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});
export type Intervention = z.infer<typeof interventionSchema>;

const call = sessionCalls('exchange');

export const customerServiceIntervention = call(
  'customerServiceIntervention',
  "Asks customer service into the order's chat, with a reason (one open request per order; repeating it answers the open one)",
  z.object({
    orderId,
    reason: z.string().trim().min(2, { error: '请说明需要客服处理的问题' }).max(200),
  }),
  interventionSchema,
);

export const getCustomerService = call(
  'getCustomerService',
  "The order's latest customer-service request (null: none), for its progress on the order page",
  z.object({ orderId }),
  z.object({ intervention: interventionSchema.nullable() }),
);

export const rateCustomerService = call(
  'rateCustomerService',
  'Rates a closed customer-service request, once per side: 1–5 stars and an optional comment',
  z.object({
    orderId,
    score: z.number().int().min(1, { error: '请选择评分' }).max(5, { error: '请选择评分' }),
    comment: z.string().trim().max(200).optional(),
  }),
  z.object({ score: z.number().int(), comment: z.string() }),
);

export const getRateCustomerService = call(
  'getRateCustomerService',
  "The viewer's rating of the order's closed request (null: not rated yet, or nothing to rate)",
  z.object({ orderId }),
  z.object({ rating: z.object({ score: z.number().int(), comment: z.string() }).nullable(), canRate: z.boolean() }),
);

export const urgeSellerDelivery = call(
  'urgeSellerDelivery',
  'The buyer reminds the seller to deliver (paid orders): a message in the chat and a notification, once per 10 minutes',
  z.object({ orderId }),
  z.object({ nextAt: z.number().int() }),
);

export const urgeBuyerReceipt = call(
  'urgeBuyerReceipt',
  'The seller reminds the buyer to confirm receipt (delivered orders): a message in the chat and a notification, once per 10 minutes',
  z.object({ orderId }),
  z.object({ nextAt: z.number().int() }),
);
