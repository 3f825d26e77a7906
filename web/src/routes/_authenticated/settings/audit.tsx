import { createFileRoute } from '@tanstack/react-router';

import { auditEntriesQueryOptions } from '../../../features/audit/api/get-audit-entries';
import { auditFacetsQueryOptions } from '../../../features/audit/api/get-audit-facets';
import { AuditSection } from '../../../features/audit/components/audit-section';

export const Route = createFileRoute('/_authenticated/settings/audit')({
  // The first page and the filters' choices are asked for as the route is entered (or hovered),
  // side by side and while the screen's code loads, not once it has rendered (decision 0041).
  // Not awaited, and a failure is left to the screen, which keeps its own loading, empty and error states.
  loader: ({ context }) => {
    context.queryClient.infiniteQuery(auditEntriesQueryOptions({})).catch(() => undefined);
    context.queryClient.query(auditFacetsQueryOptions()).catch(() => undefined);
  },
  component: AuditSection,
});
