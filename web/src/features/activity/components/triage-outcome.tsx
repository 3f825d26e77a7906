import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InboundEmailDetail, TriageAction } from '@receivables/contracts';

import { RouterLink } from '../../../components/router-link';
import { formatEventDay } from '../event-words';
import { TRIAGE_DONE_WORDS } from '../triage-words';

/** "Marked disputed by Ann Accountant on 3 March 2026": what a person did with the reply (and the copy sent, to read), and nothing left to do. */
interface TriageOutcomeProps {
  reply: InboundEmailDetail;
  timeZone: string;
  /** How each action reads once done. */
  words?: Record<TriageAction, string>;
}

export function TriageOutcome({ reply, timeZone, words = TRIAGE_DONE_WORDS }: TriageOutcomeProps) {
  if (!reply.triage_action) return null;
  const who = reply.triage_actor_name ?? 'a former user';
  const when = reply.triage_acted_at ? ` on ${formatEventDay(reply.triage_acted_at, timeZone)}` : '';
  return (
    <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
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
