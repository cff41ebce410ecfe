import { type Attributes, context, trace } from '@opentelemetry/api';

/** What the routes and services that know them put on their request's span (traceAttributes). */
export const ATTR_ORDER_ID = 'order.id';
export const ATTR_ORDER_NO = 'order.no';
export const ATTR_BIZ_NO = 'payment.biz_no';

/**
 * Attributes on the span of what is running now (the request's, or a statement's caller): the
 * order number, the bizNo. A no-op when tracing is off, or outside any traced request.
 */
export function traceAttributes(attributes: Attributes): void {
  trace.getSpan(context.active())?.setAttributes(attributes);
}
