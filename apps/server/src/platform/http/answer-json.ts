/** The JSON of answers that are sent many times (a cached list page), serialised once. */
const texts = new WeakMap<object, string>();

/**
 * Keeps the answer's JSON beside it: registerCall sends (or seals) that text instead of
 * serialising the answer again. The answer must not change afterwards.
 */
export function keepJson<T extends object>(answer: T): T {
  texts.set(answer, JSON.stringify(answer));
  return answer;
}

export function jsonOf(answer: unknown): string | undefined {
  return typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;
}
