import { context, trace } from '@opentelemetry/api';
import { ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME } from '@opentelemetry/semantic-conventions';
import type { RedisClient } from '../redis';
import { failSpan, type Tracing } from './tracing';

type SendCommand = RedisClient['sendCommand'];
type Command = Parameters<SendCommand>[0];

/**
 * A client span for every command the app's Redis client sends inside a traced request (decision
 * 0060): the one client openPlatform connects, which the nonces, the rate limits, the chat's
 * publisher and the list page cache share; its pipelines and MULTI blocks pass here command by
 * command. The command's name only: its keys and values (nonces, phones) are never recorded.
 * Commands outside a request (the chat's subscriber, a duplicate connection) make no span.
 */
export function redisTraces(redis: RedisClient, tracing: Tracing): void {
  const send: SendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Command, ...rest: unknown[]) => {
    if (!trace.getSpan(context.active())) return (send as (...args: unknown[]) => unknown)(command, ...rest);
    const name = command.name.toLowerCase();
    const { span } = tracing.client(`redis ${name}`, {
      [ATTR_DB_SYSTEM_NAME]: 'redis',
      [ATTR_DB_OPERATION_NAME]: name,
    });
    command.promise.then(
      () => span.end(),
      (error: unknown) => failSpan(span, error),
    );
    return (send as (...args: unknown[]) => unknown)(command, ...rest);
  }) as SendCommand;
}
