import type { PartnerCallTrace } from '@app/game-partner/partner-client';
import { SpanStatusCode } from '@opentelemetry/api';
import { failSpan, type Tracing } from './tracing';

/** The game and the partner API path of a partner call's span. */
const ATTR_PARTNER_GAME = 'partner.game';
const ATTR_PARTNER_PATH = 'partner.path';
const ATTR_PARTNER_OUTCOME = 'partner.outcome';

/**
 * The partner API client's `trace` hook (decision 0060): a client span per call under the active
 * context, named `partner <path>`, with the game, the path and the outcome (ok, the game's refusal
 * code, error: no answer); its `traceparent` rides along as a header the signature does not cover,
 * so a game that traces continues the exchange's trace and one that does not ignores it.
 */
export function partnerCallTraces(tracing: Tracing): (gameId: string, path: string) => PartnerCallTrace {
  return (gameId, path) => {
    const { span, context } = tracing.client(`partner ${path}`, {
      [ATTR_PARTNER_GAME]: gameId,
      [ATTR_PARTNER_PATH]: path,
    });
    return {
      headers: tracing.headersOf(context),
      end(outcome, error) {
        span.setAttribute(ATTR_PARTNER_OUTCOME, outcome);
        if (error !== undefined) return failSpan(span, error);
        // A refusal is an answer the game gave: the span failed, the call did not break.
        if (outcome !== 'ok') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
        span.end();
      },
    };
  };
}
