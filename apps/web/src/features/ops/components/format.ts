import { formatDateTime } from '@app/protocol/format';
/** 2025/1/2 13:04:05 in zh-CN, or — when there is no moment. */
export const formatTime = (ms: number | null) => (ms ? formatDateTime(ms) : '—');
