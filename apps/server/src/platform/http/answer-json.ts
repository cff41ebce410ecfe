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

const bytes = new WeakMap<object, Buffer>();

/** The same JSON as UTF-8 bytes (what a sealed answer encrypts), encoded once per kept answer. */
export function jsonBytesOf(answer: unknown): Buffer | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  let kept = bytes.get(answer);
  if (!kept) {
    const text = texts.get(answer);
    if (text === undefined) return undefined;
    kept = Buffer.from(text);
    bytes.set(answer, kept);
  }
  return kept;
}
