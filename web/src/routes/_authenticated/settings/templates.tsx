import { createFileRoute } from '@tanstack/react-router';

import { TemplatesSection } from '../../../features/emails/components/templates-section';

export const Route = createFileRoute('/_authenticated/settings/templates')({
  component: TemplatesSection,
});
