import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHASE_STOP_ADVICE, CHASE_STOP_LABELS, type OverdueSummary, type ToDo } from '@receivables/contracts';
import type { LinkProps } from '@tanstack/react-router';

import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { RouterLink } from '../../../components/router-link';
import { formatCount, formatWeekdayDate } from '../../../lib/format';
import { useOverdueSummary } from '../../customers/api/get-overdue-summary';
import { useToDo } from '../api/get-to-do';

import { FollowUpsLine } from './follow-ups-line';

/** One line of the card: what it says, where its link goes, and a sentence on what to do. */
interface ToDoLine {
  key: string;
  text: string;
  link: Pick<LinkProps, 'to' | 'search'>;
  advice?: string;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
const OWING = ['single_missed', 'multiple_missed'] as const;

/**
 * The lines for what needs a person today (decision 0040), most pressing first; a count of 0 has
 * no line. Each link opens the screen filtered to exactly what was counted.
 */
function linesOf(toDo: ToDo, summary: OverdueSummary): ToDoLine[] {
  const lines: (ToDoLine | false)[] = [
    toDo.replies_to_read > 0 && {
      key: 'replies',
      text: `${plural(toDo.replies_to_read, 'reply', 'replies')} to read`,
      link: { to: '/emails/', search: { tab: 'inbox' } },
    },
    toDo.promises_due > 0 && {
      key: 'promises-due',
      text: `${plural(toDo.promises_due, 'promise', 'promises')} to pay due today`,
      link: { to: '/customers/', search: { standing: ['paused'], pause_reason: ['promise'], pause_ends_by: toDo.tomorrow } },
      advice: 'Chasing starts again tomorrow for any still unpaid.',
    },
    toDo.promises_broken > 0 && {
      key: 'promises-broken',
      text: `${plural(toDo.promises_broken, 'promise', 'promises')} to pay broken`,
      link: { to: '/customers/', search: { standing: [...OWING], pause_reason: ['promise'] } },
      advice: 'The promised day passed and money is still owed: chasing has started again.',
    },
    toDo.disputes > 0 && {
      key: 'disputes',
      text: `${plural(toDo.disputes, 'customer disputes', 'customers dispute')} what they owe`,
      link: { to: '/customers/', search: { standing: ['paused'], pause_reason: ['dispute'] } },
      advice: 'Chasing is paused until the dispute is settled and the customer resumed.',
    },
    ...summary.chasing_stopped.map(({ reason, customers }) => ({
      key: `stopped-${reason}`,
      text: `${customers === 1 ? '1 customer owes' : `${formatCount(customers)} customers owe`} and chasing stopped: ${CHASE_STOP_LABELS[reason].toLowerCase()}`,
      link: { to: '/customers/', search: { stopped: [reason] } } satisfies ToDoLine['link'],
      advice: CHASE_STOP_ADVICE[reason],
    })),
    toDo.emails_today > 0 && {
      key: 'today',
      text: `${plural(toDo.emails_today, 'email goes', 'emails go')} out today`,
      link: { to: '/emails/', search: { tab: 'outbox', status: 'pending', from: toDo.today, to: toDo.today } },
    },
    toDo.emails_tomorrow > 0 && {
      key: 'tomorrow',
      text: `${plural(toDo.emails_tomorrow, 'email goes', 'emails go')} out tomorrow`,
      link: { to: '/emails/', search: { tab: 'outbox', status: 'pending', from: toDo.tomorrow, to: toDo.tomorrow } },
    },
    toDo.next_emails !== null && {
      key: 'next',
      text: `${plural(toDo.next_emails.count, 'email goes', 'emails go')} out on ${formatWeekdayDate(toDo.next_emails.day)}`,
      link: { to: '/emails/', search: { tab: 'outbox', status: 'pending', from: toDo.next_emails.day, to: toDo.next_emails.day } },
      advice: 'Nothing goes out today or tomorrow.',
    },
    toDo.pauses_ending > 0 && {
      key: 'pauses',
      text: `${plural(toDo.pauses_ending, 'pause ends', 'pauses end')} this week`,
      link: { to: '/customers/', search: { standing: ['paused'], pause_ends_by: toDo.week_end } },
      advice: 'Chasing starts again for each on the day its pause ends.',
    },
  ];
  return lines.filter((line): line is ToDoLine => line !== false);
}

/** One line of the card: its link, and a sentence on what to do under it. */
function lineItem(line: ToDoLine) {
  return (
    <li key={line.key}>
      <RouterLink {...line.link} sx={{ fontWeight: 500 }}>
        {line.text}
      </RouterLink>
      {line.advice ? (
        <Typography variant="body2" color="text.secondary">
          {line.advice}
        </Typography>
      ) : null}
    </li>
  );
}

/**
 * What needs a person today (docs/product.md, Home → To do): replies to read, promises due and
 * broken, disputes, customers whose chasing stopped (decision 0039), what goes out today and
 * tomorrow, pauses ending this week. Empty, it says nothing needs them.
 */
export function ToDoCard() {
  const toDo = useToDo();
  const summary = useOverdueSummary();
  const failed = toDo.isError ? toDo : summary.isError ? summary : null;
  const lines = toDo.data && summary.data ? linesOf(toDo.data, summary.data) : undefined;
  const followUpsAt = lines?.[0]?.key === 'replies' ? 1 : 0;
  return (
    <Card component="section" aria-labelledby="to-do-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id="to-do-heading" variant="h2" sx={{ mb: 2 }}>
          To do
        </Typography>
        {failed ? (
          <ErrorPanel
            title="Failed to load what needs you"
            message={failed.error.message}
            onRetry={() => void (toDo.isError ? toDo.refetch() : summary.refetch())}
            isRetrying={toDo.isFetching || summary.isFetching}
          />
        ) : lines === undefined ? (
          <LoadingSkeleton label="Loading what needs you" />
        ) : lines.length === 0 && !toDo.data?.follow_ups_due ? (
          <Typography color="text.secondary">
            Nothing needs you today: no reply to read, no promise or follow-up due, and every customer who owes has its next email planned.
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {lines.slice(0, followUpsAt).map(lineItem)}
            {/* Follow-ups open in place rather than link away (decision 0043); after the replies to read. */}
            {toDo.data && toDo.data.follow_ups_due > 0 ? <FollowUpsLine toDo={toDo.data} /> : null}
            {lines.slice(followUpsAt).map(lineItem)}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
