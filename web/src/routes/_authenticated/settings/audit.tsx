import { createFileRoute } from '@tanstack/react-router';

import { AuditSection } from '../../../features/audit/components/audit-section';

export const Route = createFileRoute('/_authenticated/settings/audit')({
  component: AuditSection,
});
