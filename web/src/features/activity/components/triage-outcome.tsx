import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundEmailDetail, TriageAction } from '@receivables/contracts';
import { type RefObject, useEffect, useRef } from 'react';

import { RouterLink } from '../../../components/router-link';
import { formatEventDay } from '../event-words';
import { TRIAGE_DONE_WORDS } from '../triage-words';

/**
 * Where focus goes once someone acts on the reply here: the buttons they used are gone, and a
 * keyboard user would otherwise be put back at the top of the page. Not for a reply acted on
 * before the page opened, and only once the confirmation has closed (its dialog holds the focus).
 */
export function useOutcomeFocus(action: TriageAction | null, isConfirming: boolean): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const isAwaited = useRef(action === null);
  useEffect(() => {
    if (!action || isConfirming || !isAwaited.current) return;
    isAwaited.current = false;
    ref.current?.focus();
  }, [action, isConfirming]);
  return ref;
}

/** "Marked disputed by Ann Accountant on 3 March 2026": what a person did with the reply (and the copy sent, to read), and nothing left to do. */
interface TriageOutcomeProps {
  reply: InboundEmailDetail;
  timeZone: string;
  /** How each action reads once done. */
  words?: Record<TriageAction, string>;
  /** From `useOutcomeFocus`, when acting here should bring focus to it. */
  focusRef?: RefObject<HTMLDivElement | null>;
}

export function TriageOutcome({ reply, timeZone, words = TRIAGE_DONE_WORDS, focusRef }: TriageOutcomeProps) {
  if (!reply.triage_action) return null;
  const who = reply.triage_actor_name ?? 'a former user';
  const when = reply.triage_acted_at ? ` on ${formatEventDay(reply.triage_acted_at, timeZone)}` : '';
  return (
    <Stack ref={focusRef} tabIndex={focusRef ? -1 : undefined} direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
      <CheckCircleOutlineRounded color="success" fontSize="small" aria-hidden />
      <Typography>
        {`${words[reply.triage_action]} by ${who}${when}.`}
        {reply.answer_event_id ? (
          <>
            {' '}
            {/* Underlined: a link inside a line of text is told apart by more than its colour (WCAG 1.4.1). */}
            <RouterLink to="/emails/$eventId" params={{ eventId: reply.answer_event_id }} underline="always">
              Read the copy
            </RouterLink>
          </>
        ) : null}
      </Typography>
    </Stack>
  );
}
