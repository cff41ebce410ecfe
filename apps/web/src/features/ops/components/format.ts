import { formatDateTime } from '@app/protocol/format';
/** 2025/1/2 13:04:05 in zh-CN, or — when there is no moment. */
export const formatTime = (ms: number | null) => (ms ? formatDateTime(ms) : '—');
/** The same for a moment the contract gives in seconds (an Intervention's createdAt, closedAt). */
export const formatSeconds = (seconds: number | null) => formatTime(seconds ? seconds * 1000 : null);
