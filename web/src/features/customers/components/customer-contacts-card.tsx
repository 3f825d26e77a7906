import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Contact, ContactRole, Customer } from '@receivables/contracts';
import { useState } from 'react';

import { ContactDialog, ROLE_LABEL } from './contact-dialog';
import { CustomerSectionCard } from './customer-section-card';

const HELP: Record<ContactRole, string> = {
  primary: 'Reminders go here.',
  escalation: 'Copied in when the debt escalates.',
};

/**
 * An address a hard bounce marked undeliverable (decision 0021): chasing writes to it no more, so
 * the card says so in the remote server's words and asks for another address.
 */
function BouncedWarning({ role, contact, onEdit }: { role: ContactRole; contact: Contact; onEdit: () => void }) {
  if (!contact.undeliverable) return null;
  const reason = contact.undeliverable.reason.trim().replace(/\.+$/, '');
  return (
    <Alert severity="warning" sx={{ overflowWrap: 'anywhere' }}>
      {`Emails to ${contact.email} bounced${reason ? `: ${reason}` : ''}. Chasing has stopped writing to this address — give another one.`}
      <Box sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onEdit} aria-label={`Change address of the ${role} contact`}>
          Change address
        </Button>
      </Box>
    </Alert>
  );
}

function ContactBlock({ role, contact, onEdit }: { role: ContactRole; contact: Contact | null; onEdit: () => void }) {
  const label = `${ROLE_LABEL[role]} contact`;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <div style={{ minWidth: 0 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem' }}>
            {label}
          </Typography>
          {contact ? (
            <Stack spacing={0.25} sx={{ mt: 0.5 }}>
              {contact.name ? <Typography sx={{ overflowWrap: 'anywhere' }}>{contact.name}</Typography> : null}
              <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
                <MuiLink href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {contact.email}
                </MuiLink>
                {contact.undeliverable ? <Chip label="Bounced" color="warning" size="small" variant="outlined" /> : null}
              </Stack>
              {contact.phone ? <Typography color="text.secondary">{contact.phone}</Typography> : null}
            </Stack>
          ) : (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              None recorded. {HELP[role]}
            </Typography>
          )}
        </div>
        <Button size="small" variant="outlined" onClick={onEdit} aria-label={`${contact ? 'Edit' : 'Add'} ${label.toLowerCase()}`} sx={{ flex: 'none' }}>
          {contact ? 'Edit' : 'Add'}
        </Button>
      </Stack>
      {contact ? <BouncedWarning role={role} contact={contact} onEdit={onEdit} /> : null}
    </Stack>
  );
}

/** Who the reminders go to, and who is copied in when they escalate. */
export function CustomerContactsCard({ customer }: { customer: Customer }) {
  const [editing, setEditing] = useState<ContactRole | null>(null);
  const contactOf = (role: ContactRole) => (role === 'primary' ? customer.contact : customer.escalation_contact);
  return (
    <CustomerSectionCard title="Contacts">
      <Stack spacing={2.5}>
        <ContactBlock role="primary" contact={customer.contact} onEdit={() => setEditing('primary')} />
        <ContactBlock role="escalation" contact={customer.escalation_contact} onEdit={() => setEditing('escalation')} />
      </Stack>
      {editing ? (
        <ContactDialog customerId={customer.id} role={editing} contact={contactOf(editing)} onClose={() => setEditing(null)} />
      ) : null}
    </CustomerSectionCard>
  );
}
