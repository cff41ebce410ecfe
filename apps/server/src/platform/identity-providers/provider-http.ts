/**
 * Why a provider did not name the user: its own error code (logged, never shown) and the zh-CN
 * sentence the player reads. Nothing is created for a refused or unanswered sign-in.
 */
export class LoginRefused extends Error {
  constructor(
    readonly providerCode: string,
    readonly userMessage: string,
  ) {
    super(`login refused: ${providerCode}`);
  }
}

/** The provider did not answer in time, or answered what is not JSON: a refusal under `busy`. */
export async function getProviderJson(
  url: URL,
  timeoutMs: number,
  busy: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let text: string;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    text = await res.text();
  } catch (error) {
    const timeout = (error as Error).name === 'TimeoutError';
    throw new LoginRefused(timeout ? 'Timeout' : 'NetworkError', busy);
  }
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // falls through: not JSON
  }
  throw new LoginRefused('Garbage', busy);
}

/** A non-empty string field of an answer, or null. */
export function textField(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : null;
}
