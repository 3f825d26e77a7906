import type { EventDetail, InboundEmailDetail } from '@receivables/contracts';
import { useState } from 'react';

import { useOrganisationToday } from '../../../app/use-organisation-today';
import { describeTriageConfirmation, type TriageMenuAction } from '../triage-words';

import { ContactTriageDialog } from './contact-triage-dialog';
import { PromiseTriageDialog } from './promise-triage-dialog';
import { SendCopyTriageDialog } from './send-copy-triage-dialog';
import { TriageDialogFrame, useTriageSubmit } from './triage-dialog-frame';

interface TriageActionDialogProps {
  action: TriageMenuAction;
  event: EventDetail;
  reply: InboundEmailDetail;
  onClose: () => void;
}

/** A pause of some kind, confirmed as it is: no fields, only what will happen. */
function ConfirmTriageDialog({ action, event, reply, onClose }: TriageActionDialogProps & { action: 'mark_paid' | 'mark_disputed' | 'pause' }) {
  const today = useOrganisationToday();
  const { submit, isPending } = useTriageSubmit(event, reply, onClose);
  const [refusal, setRefusal] = useState<string | null>(null);
  const onSubmit = async () => {
    const error = await submit({ action });
    setRefusal(error ? error.message : null);
  };
  return (
    <TriageDialogFrame
      {...describeTriageConfirmation(action, event.customer_name, today)}
      isPending={isPending}
      error={refusal}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    />
  );
}

/**
 * A person confirms every action on a reply (decision 0021, "Triage"): the dialog says what will
 * happen, takes what the action needs (a day, an address, filled in from the reply) and shows the
 * server's refusal on its field.
 */
export function TriageActionDialog(props: TriageActionDialogProps) {
  const { action, reply } = props;
  if (action === 'record_promise') return <PromiseTriageDialog event={props.event} reply={reply} onClose={props.onClose} />;
  if (action === 'replace_contact') {
    return <ContactTriageDialog event={props.event} reply={reply} contact={reply.triage?.new_contact ?? null} onClose={props.onClose} />;
  }
  if (action === 'send_copy') return <SendCopyTriageDialog event={props.event} reply={reply} onClose={props.onClose} />;
  return <ConfirmTriageDialog {...props} action={action} />;
}
