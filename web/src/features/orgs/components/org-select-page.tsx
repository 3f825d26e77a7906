import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useRouter } from '@tanstack/react-router';

import { FormCard } from '../../../components/form-card';
import { useNotify } from '../../../lib/use-notify';
import { useSetActiveOrganization } from '../api/set-active-organization';

import { CreateOrgForm } from './create-org-form';
import { OrgList } from './org-list';

/** Pick the organisation to work in, or create one; then go where the user was heading. */
export function OrgSelectPage({ redirectUrl }: { redirectUrl: string }) {
  const router = useRouter();
  const notify = useNotify();
  const setActive = useSetActiveOrganization();

  const goOn = () => router.history.push(redirectUrl);

  const choose = (org: { id: string; name: string }) => {
    setActive.mutate(org.id, {
      onSuccess: () => {
        notify(`Now working in ${org.name}`, 'success');
        goOn();
      },
    });
  };

  return (
    <FormCard
      title="Choose an organisation"
      subtitle="Customers, workflows and activity belong to an organisation. Pick the one to work in."
    >
      <OrgList onChoose={choose} pendingId={setActive.isPending ? setActive.variables : undefined} error={setActive.error} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
        Create a new organisation
      </Typography>
      <CreateOrgForm onCreated={goOn} />
    </FormCard>
  );
}
