import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { CustomerDetail, CustomerNote } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { WhyDisabled } from '../../../components/why-disabled';
import { useNotify } from '../../../lib/use-notify';
import { useDeleteCustomerNote } from '../api/delete-customer-note';
import { useCustomerNotes } from '../api/get-customer-notes';
import { noteHeadline } from '../note-text';

import { CallDialog } from './call-dialog';
import { CustomerNoteEntry } from './customer-note-entry';
import { CustomerSectionCard, EmptyNote } from './customer-section-card';
import { NoteDialog } from './note-dialog';

type Open = { dialog: 'note' | 'call'; note?: CustomerNote } | { dialog: 'delete'; note: CustomerNote } | null;

/**
 * Notes written on the customer and calls logged with it, newest first (decision 0043), each with
 * its follow-up day and Done. Writing needs the customers permission: without it Add a note and
 * Log a call are disabled with the reason, and no note shows Edit, Delete or Done.
 */
export function CustomerNotesCard({ customer }: { customer: CustomerDetail }) {
  const notes = useCustomerNotes(customer.id);
  const writing = usePermission('customers');
  const notify = useNotify();
  const remove = useDeleteCustomerNote(customer.id);
  const [open, setOpen] = useState<Open>(null);
  const rows = notes.data?.rows ?? [];
  const close = () => setOpen(null);
  const button = (dialog: 'note' | 'call', label: string) => (
    <WhyDisabled reason={writing.reason}>
      <Button size="small" variant="outlined" onClick={() => setOpen({ dialog })} aria-haspopup="dialog" disabled={!writing.allowed} sx={{ flex: 'none' }}>
        {label}
      </Button>
    </WhyDisabled>
  );
  return (
    <>
      <CustomerSectionCard
        title="Notes and calls"
        query={notes}
        action={
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', justifyContent: 'flex-end', rowGap: 1 }}>
            {button('note', 'Add a note')}
            {button('call', 'Log a call')}
          </Stack>
        }
      >
        {rows.length === 0 ? (
          <EmptyNote>No notes or calls yet</EmptyNote>
        ) : (
          <Stack component="ul" aria-label="Notes and calls" spacing={2.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {rows.map((note) => (
              <CustomerNoteEntry
                key={note.id}
                note={note}
                canWrite={writing.allowed}
                onEdit={() => setOpen({ dialog: note.kind, note })}
                onDelete={() => setOpen({ dialog: 'delete', note })}
              />
            ))}
          </Stack>
        )}
      </CustomerSectionCard>
      {open?.dialog === 'note' ? <NoteDialog customerId={customer.id} note={open.note} onClose={close} /> : null}
      {open?.dialog === 'call' ? <CallDialog customerId={customer.id} contactName={customer.contact?.name} call={open.note} onClose={close} /> : null}
      {open?.dialog === 'delete' ? (
        <ConfirmDialog
          isDestructive
          isPending={remove.isPending}
          onClose={close}
          confirmation={{
            title: open.note.kind === 'call' ? 'Delete this call?' : 'Delete this note?',
            body: `“${noteHeadline(open.note)}” goes from this page, the timeline and Home’s To do. The audit log keeps what it said.`,
            confirmLabel: 'Delete',
            onConfirm: () =>
              remove.mutate(open.note.id, {
                onSuccess: () => {
                  notify(open.note.kind === 'call' ? 'Call deleted' : 'Note deleted', 'success');
                  close();
                },
                onError: (error) => notify(`It could not be deleted: ${error.message}`, 'error'),
              }),
          }}
        />
      ) : null}
    </>
  );
}
