import Button from '@mui/material/Button';
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

function ContactBlock({ role, contact, onEdit }: { role: ContactRole; contact: Contact | null; onEdit: () => void }) {
  const label = `${ROLE_LABEL[role]} contact`;
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
      <div style={{ minWidth: 0 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem' }}>
          {label}
        </Typography>
        {contact ? (
          <Stack spacing={0.25} sx={{ mt: 0.5 }}>
            {contact.name ? <Typography sx={{ overflowWrap: 'anywhere' }}>{contact.name}</Typography> : null}
            <MuiLink href={`mailto:${contact.email}`} sx={{ overflowWrap: 'anywhere' }}>
              {contact.email}
            </MuiLink>
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
