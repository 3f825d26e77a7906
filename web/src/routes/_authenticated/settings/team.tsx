import { createFileRoute } from '@tanstack/react-router';

import { TeamSection } from '../../../features/team/components/team-section';

export const Route = createFileRoute('/_authenticated/settings/team')({
  component: TeamSection,
});
