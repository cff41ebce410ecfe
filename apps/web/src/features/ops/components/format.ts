import { formatDateTime } from '@app/protocol/format';
/** 2025/1/2 13:04:05 in zh-CN, or — when there is no moment. */
export const formatTime = (ms: number | null) => (ms ? formatDateTime(ms) : '—');
/** The same for a moment the contract gives in seconds (an Intervention's createdAt, closedAt). */
export const formatSeconds = (seconds: number | null) => formatTime(seconds ? seconds * 1000 : null);
/** A moment as a datetime-local input's value (the browser's own time zone). */
export const localInput = (ms: number) =>
  new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
/** The first message of a failed zod check, for the form's error line. */
export const firstIssue = (r: { error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues[0]?.message ?? '请检查填写内容';
