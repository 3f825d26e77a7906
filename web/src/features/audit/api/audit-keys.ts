import type { AuditListQueryInput } from '@receivables/contracts';

/** The audit log's filters as the screen holds them: the list query without its page. */
export type AuditFilters = Pick<AuditListQueryInput, 'actor_id' | 'action' | 'from' | 'to'>;

/** Whether any filter is set: the list then says what to do when nothing matches. */
export const hasAuditFilters = (filters: AuditFilters): boolean =>
  Boolean(filters.actor_id ?? filters.action ?? filters.from ?? filters.to);

/** Query keys of the audit log (decision 0027). */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};
