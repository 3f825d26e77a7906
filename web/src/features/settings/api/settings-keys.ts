/** Query keys of Settings; templates have their own (features/emails/api/email-template-keys.ts). */
export const settingsKeys = {
  chasing: ['settings', 'chasing'] as const,
  holidayRegions: ['settings', 'holiday-regions'] as const,
  email: ['settings', 'email'] as const,
  sendingMode: ['settings', 'email', 'sending-mode'] as const,
};
