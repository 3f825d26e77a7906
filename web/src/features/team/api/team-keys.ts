/** Query keys of Settings → Team. */
export const teamKeys = {
  all: ['team'] as const,
  invitation: (id: string) => ['invitation', id] as const,
};
