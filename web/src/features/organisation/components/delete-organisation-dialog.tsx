import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';

import { sessionQueryOptions } from '../../../app/api/get-session';
import { SubmitButton } from '../../../components/submit-button';
import { useNotify } from '../../../lib/use-notify';
import { organizationsQueryOptions } from '../../orgs/api/get-organizations';
import { useDeleteOrganisation } from '../api/delete-organisation';

/**
 * Deleting the organisation, once its owner has typed its name: the button stays disabled until
 * the name matches, so a slip of the mouse cannot do it. Afterwards the person goes on in the
 * organisation their session moved to, or is offered to create one (decision 0028).
 */
export function DeleteOrganisationDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const titleId = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteOrganisation();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const matches = typed.trim() === name.trim();

  const goOn = async () => {
    const session = await queryClient.query(sessionQueryOptions());
    const nextId = session?.session.activeOrganizationId;
    if (!nextId) {
      notify(`“${name}” was deleted. Create an organisation to carry on.`, 'success');
      await navigate({ to: '/org-select', search: { redirect_url: '/' } });
      return;
    }
    const next = (await queryClient.query(organizationsQueryOptions())).find((org) => org.id === nextId);
    notify(`“${name}” was deleted. You are now working in ${next?.name ?? 'your other organisation'}.`, 'success');
    await navigate({ to: '/' });
  };

  const confirm = () => {
    setRefusal(null);
    remove.mutate(
      { name: typed.trim() },
      { onSuccess: () => void goOn().catch(() => navigate({ to: '/' })), onError: (error) => setRefusal(error.message) },
    );
  };

  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !remove.isPending) confirm();
        }}
      >
        <DialogTitle id={titleId}>Delete “{name}”?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            {refusal ? <Alert severity="error">{refusal}</Alert> : null}
            <Alert severity="warning">
              Every customer, invoice, payment, email, reply, workflow, template, import and setting of this organisation is
              deleted, and its members and invitations removed. This cannot be undone.
            </Alert>
            <Typography>
              Type <strong>{name}</strong> to confirm.
            </Typography>
            <TextField
              label="Organisation name"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoFocus
              autoComplete="off"
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <SubmitButton color="error" size="medium" isPending={remove.isPending} disabled={!matches || remove.isPending}>
            Delete organisation
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
