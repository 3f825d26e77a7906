/** Query keys of connected accounts (decision 0022). */
export const accountKeys = {
  all: ['accounts'] as const,
};
