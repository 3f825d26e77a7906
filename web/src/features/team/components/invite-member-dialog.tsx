import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { invitationInputSchema, ROLE_LABELS, ROLES, type SentInvitation } from '@receivables/contracts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { CopyValue } from '../../../components/copy-value';
import { FormTextField } from '../../../components/form-text-field';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerErrors } from '../../../lib/form-errors';
import { useInviteMember } from '../api/team-actions';

import { ROLE_DESCRIPTIONS } from './role-words';

type InviteValues = z.input<typeof invitationInputSchema>;
const INVITE_FIELDS = ['email', 'role'] as const;

/**
 * What became of the invitation email, and what the owner should do about it: the title says
 * whether an email went at all (never "sent" above "no email went"), the text which mail server
 * took or refused it (decision 0046).
 */
export function deliveryWords(sent: SentInvitation): { severity: 'success' | 'warning'; title: string; text: string } {
  const to = sent.invitation.email;
  const server = sent.mail_server === 'organisation' ? 'your mail server (Settings → Email)' : 'this installation’s mail server';
  switch (sent.delivery) {
    case 'sent':
      return {
        severity: 'success',
        title: 'Invitation sent',
        text: `The invitation went to ${to}${sent.mail_server === 'organisation' ? ' through your mail server' : ''}. You can also pass the link on yourself.`,
      };
    case 'logged':
      return { severity: 'warning', title: 'Invitation made, not emailed', text: `No email went to ${to}: this installation has no mail server, so the link is in its log. Send them the link yourself.` };
    case 'not_sent':
      return { severity: 'warning', title: 'Invitation made, not emailed', text: `No email went to ${to}: this installation has no mail server for account emails. Send them the link yourself.` };
    case 'failed':
      return { severity: 'warning', title: 'Invitation made, not emailed', text: `The email to ${to} was refused by ${server}. Send them the link yourself, or re-send it later.` };
  }
}

/** Invite someone by email with a role; once sent, shows how the email went and the link to pass on. */
export function InviteMemberDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const roleLabelId = useId();
  const invite = useInviteMember();
  const [sent, setSent] = useState<SentInvitation | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<InviteValues>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      setSent(await invite.mutateAsync(invitationInputSchema.parse(values)));
    } catch (error) {
      setFormError(applyServerErrors(error, INVITE_FIELDS, setError));
    }
  });

  if (sent) {
    const words = deliveryWords(sent);
    return (
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>{words.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Alert severity={words.severity}>{words.text}</Alert>
            <CopyValue label="Invitation link" value={sent.link} />
            <DialogContentText>The link works for a week, only for {sent.invitation.email}.</DialogContentText>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Invite someone</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <FormTextField control={control} name="email" label="Email" type="email" required autoFocus autoComplete="off" />
            <Controller
              control={control}
              name="role"
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={roleLabelId}>Role</FormLabel>
                  <RadioGroup
                    aria-labelledby={roleLabelId}
                    name={field.name}
                    value={field.value}
                    onChange={(_event, value) => field.onChange(value)}
                  >
                    {ROLES.map((role) => (
                      <FormControlLabel
                        key={role}
                        value={role}
                        control={<Radio />}
                        sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { mt: -0.75 } }}
                        label={
                          <span>
                            <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                              {ROLE_LABELS[role]}
                            </Typography>
                            <Typography component="span" variant="body2" color="text.secondary">
                              {ROLE_DESCRIPTIONS[role]}
                            </Typography>
                          </span>
                        }
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton isPending={invite.isPending} size="medium">
            Send invitation
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
