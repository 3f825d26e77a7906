import { createFileRoute } from '@tanstack/react-router';

import { OrganisationSection } from '../../../features/organisation/components/organisation-section';

export const Route = createFileRoute('/_authenticated/settings/organisation')({
  component: OrganisationSection,
});
