/** Query keys of the CSV imports; one import's rejected rows and mapping checks sit under its detail. */
export const importKeys = {
  lists: ['imports', 'list'] as const,
  list: (page: { limit: number; offset: number }) => ['imports', 'list', page] as const,
  detail: (id: string) => ['imports', 'detail', id] as const,
  check: (id: string, input: unknown) => ['imports', 'detail', id, 'check', input] as const,
  rejected: (id: string, page: { limit: number; offset: number }) => ['imports', 'detail', id, 'rejected', page] as const,
};
