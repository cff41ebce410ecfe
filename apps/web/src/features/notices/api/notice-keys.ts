export const noticeKeys = {
  list: ['notices', 'list'] as const,
  /** The same list fetched quietly for the badges (a refusal there shows nothing). */
  listQuiet: ['notices', 'list', 'quiet'] as const,
};
