import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type EventDetail, type InboundEmailDetail, TRIAGE_CATEGORY_LABELS, type TriageSuggestion } from '@receivables/contracts';
import { useState } from 'react';

import { SectionCard } from '../../../components/section-card';
import { useNotify } from '../../../lib/use-notify';
import { useTriageInboundEmail } from '../api/triage-inbound-email';
import { SUGGESTED_ACTIONS, triageActionLabel, TRIAGE_DONE_WORDS, type TriageMenuAction } from '../triage-words';

import { markSx } from './highlighted-text';
import { TriageActionDialog } from './triage-action-dialog';
import { TriageOtherActions } from './triage-other-actions';
import { TriageOutcome, useOutcomeFocus } from './triage-outcome';

/** Why it was suggested: the words of the reply it was read from, marked as they are in the reply below. */
function SuggestionReason({ triage }: { triage: TriageSuggestion }) {
  if (triage.matches.length === 0) return null;
  return (
    <Typography>
      {'Suggested because the reply says '}
      {triage.matches.map((phrase, index) => (
        <span key={`${phrase}-${index}`}>
          {index > 0 ? (index === triage.matches.length - 1 ? ' and ' : ', ') : null}
          “<Box component="mark" sx={markSx}>{phrase}</Box>”
        </span>
      ))}
      .
    </Typography>
  );
}

/** Dismiss needs no confirmation: it changes nothing but the suggestion, and says so. */
function DismissButton({ event, reply }: { event: EventDetail; reply: InboundEmailDetail }) {
  const notify = useNotify();
  const triage = useTriageInboundEmail(event.id, reply.id, event.customer_id);
  // Not mutate's own callbacks: the answer replaces this card's buttons with what was done, and
  // callbacks of a button that has gone are dropped. The promise always settles.
  const dismiss = () =>
    triage.mutateAsync({ action: 'dismiss' }).then(
      () => notify(TRIAGE_DONE_WORDS.dismiss, 'success'),
      (error: unknown) => notify(`Could not dismiss it: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  return (
    <Button onClick={dismiss} disabled={triage.isPending}>
      Dismiss
    </Button>
  );
}

/**
 * What a real reply seems to say and the obvious next step (decision 0021, "Triage"): the
 * suggestion's category and the words it was read from, its action as the main button, every
 * other action in a menu, and Dismiss. A person always confirms; once someone has acted, the card
 * says who did what and when, and offers nothing more.
 */
export function TriageCard({ event, reply, timeZone }: { event: EventDetail; reply: InboundEmailDetail; timeZone: string }) {
  const [acting, setActing] = useState<TriageMenuAction | null>(null);
  const { triage } = reply;
  const category = triage?.category ?? null;
  const suggested: TriageMenuAction = category ? SUGGESTED_ACTIONS[category] : 'pause';
  const outcomeRef = useOutcomeFocus(reply.triage_action, acting !== null);
  return (
    <SectionCard
      title="Suggested next step"
      titleAside={category ? <Chip size="small" color="primary" label={TRIAGE_CATEGORY_LABELS[category]} /> : undefined}
    >
      {reply.triage_action ? (
        <TriageOutcome reply={reply} timeZone={timeZone} focusRef={outcomeRef} />
      ) : (
        <Stack spacing={2}>
          {triage ? (
            <SuggestionReason triage={triage} />
          ) : (
            <Typography>No suggestion: nothing in the reply matched a known request. Read it and decide.</Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setActing(suggested)}>
              {triageActionLabel(suggested, category, triage?.promised_on ?? null)}
            </Button>
            <TriageOtherActions suggested={suggested} category={category} onChoose={setActing} />
            <DismissButton event={event} reply={reply} />
          </Stack>
        </Stack>
      )}
      {acting ? <TriageActionDialog action={acting} event={event} reply={reply} onClose={() => setActing(null)} /> : null}
    </SectionCard>
  );
}
