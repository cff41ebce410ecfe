export const noticeKeys = { list: ['notices', 'list'] as const };
