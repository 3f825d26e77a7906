import Stack from '@mui/material/Stack';

import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { useOrganisationProfile } from '../api/get-organisation-profile';

import { DangerZone } from './danger-zone';
import { LetterheadSection } from './letterhead-section';
import { OrganisationForm } from './organisation-form';

/** Settings → Organisation: its profile and letterhead for admins to edit, and its deletion for the owner alone (decision 0028). */
export function OrganisationSection() {
  const profile = useOrganisationProfile();
  const deleting = usePermission('organisation');
  if (profile.isPending) return <LoadingSkeleton lines={5} label="Loading the organisation" />;
  if (profile.isError) {
    return (
      <ErrorPanel
        title="Failed to load the organisation"
        message={profile.error.message}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }
  return (
    <Stack spacing={3} sx={{ maxWidth: { lg: '66%' } }}>
      <OrganisationForm key={profile.data.id} profile={profile.data} />
      <LetterheadSection />
      {deleting.allowed ? <DangerZone name={profile.data.name} /> : null}
    </Stack>
  );
}
