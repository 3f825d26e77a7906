import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EventDetail, InboundEmailDetail, OutOfOffice, TriageAction } from '@receivables/contracts';
import { useState } from 'react';

import { describeMailbox, formatReturnDay } from '../inbound-words';
import { TRIAGE_DONE_WORDS } from '../triage-words';

import { ContactTriageDialog } from './contact-triage-dialog';
import { TriageOutcome, useOutcomeFocus } from './triage-outcome';

/** For a stand-in, the one action there is reads as what it did. */
const STAND_IN_DONE: Record<TriageAction, string> = { ...TRIAGE_DONE_WORDS, replace_contact: 'Made the primary contact' };

/** "Back on Thursday 10 December, read from the words “back on Thursday”." */
function ReturnDay({ outOfOffice, receivedAt }: { outOfOffice: OutOfOffice; receivedAt: string }) {
  if (!outOfOffice.returns_on) return <Typography variant="body2">It names no day they are back.</Typography>;
  const phrase = outOfOffice.return_phrase ? `, read from the words “${outOfOffice.return_phrase}”` : '';
  return <Typography variant="body2">{`Back on ${formatReturnDay(outOfOffice.returns_on, receivedAt)}${phrase}.`}</Typography>;
}

/**
 * What an out-of-office said (decision 0021, the autopilot): the day its writer is back, as read,
 * and the person standing in, whom one click (and a confirmation) makes the primary contact.
 */
export function OutOfOfficeNote({ event, reply, timeZone }: { event: EventDetail; reply: InboundEmailDetail; timeZone: string }) {
  const [isReplacing, setReplacing] = useState(false);
  const outcomeRef = useOutcomeFocus(reply.triage_action, isReplacing);
  const outOfOffice = reply.auto_reply?.out_of_office;
  if (!outOfOffice) return null;
  const standIn = outOfOffice.stand_in;
  const standInWords = standIn ? describeMailbox({ address: standIn.email, name: standIn.name }) : null;
  return (
    <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>Out of office</AlertTitle>
      <Stack spacing={1}>
        <ReturnDay outOfOffice={outOfOffice} receivedAt={reply.received_at} />
        {standIn && standInWords ? (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`${standInWords} is standing in.`}</Typography>
            {reply.triage_action ? (
              <TriageOutcome reply={reply} timeZone={timeZone} words={STAND_IN_DONE} focusRef={outcomeRef} />
            ) : (
              <div>
                <Button size="small" variant="outlined" color="inherit" startIcon={<PersonAddAlt1Rounded />} onClick={() => setReplacing(true)}>
                  Make primary contact
                </Button>
              </div>
            )}
          </>
        ) : null}
      </Stack>
      {isReplacing && standIn ? (
        <ContactTriageDialog
          event={event}
          reply={reply}
          contact={standIn}
          words={{ title: 'Make the stand-in the primary contact?', confirmLabel: 'Make primary contact' }}
          onClose={() => setReplacing(false)}
        />
      ) : null}
    </Alert>
  );
}
