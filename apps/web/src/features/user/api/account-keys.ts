/** Query keys of the account pages (settings, help, removal), under the user's own. */
export const accountKeys = {
  switches: ['user', 'switches'] as const,
  agreed: ['user', 'agreed'] as const,
  removal: ['user', 'removal'] as const,
  bindPhone: ['user', 'bindPhone'] as const,
  feedbackTypes: ['help', 'feedbackTypes'] as const,
  faq: ['help', 'faq'] as const,
};
