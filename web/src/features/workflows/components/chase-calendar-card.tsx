import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChaseCalendar, ChaseCalendarDay } from '@receivables/contracts';
import { useState } from 'react';

import { EmailKindChip } from '../../../components/email-kind-chip';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { RouterLink } from '../../../components/router-link';
import { SectionCard } from '../../../components/section-card';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { formatClockInZone, formatCount, formatLongDate } from '../../../lib/format';
import { CALENDAR_DAYS, useChaseCalendar } from '../api/get-chase-calendar';

const dayFormat = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
const weekday = dayFormat({ weekday: 'short' });
const dayOfMonth = dayFormat({ day: 'numeric', month: 'short' });
const weekdayLong = dayFormat({ weekday: 'long' });
/** "Wednesday 4 November 2026": the long en-GB date (docs/product.md, Constants) after its weekday. */
const longDay = { format: (date: Date) => `${weekdayLong.format(date)} ${formatLongDate(date.toISOString().slice(0, 10))}` };
/** A calendar day (YYYY-MM-DD) as a date to format; it has no zone, so it is read and written in UTC. */
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

const emailCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'email' : 'emails'}`;

/** One day of the strip: weekday, date and how many emails; pressed while its list shows below. */
interface DayButtonProps {
  day: ChaseCalendarDay;
  isToday: boolean;
  isSelected: boolean;
  onSelect: () => void;
}

function DayButton({ day, isToday, isSelected, onSelect }: DayButtonProps) {
  const date = asDate(day.day);
  // The name is what the button shows ("Wed 4 Nov 3 emails"), so voice control can say it (label in name).
  return (
    <ButtonBase
      onClick={onSelect}
      aria-pressed={isSelected}
      title={`${longDay.format(date)}: ${day.count === 0 ? 'nothing planned' : emailCount(day.count)}`}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.25,
        py: 1,
        px: 0.5,
        minWidth: 0,
        borderRadius: 2,
        border: 1,
        borderColor: isSelected ? 'primary.main' : 'divider',
        bgcolor: isSelected ? 'action.selected' : 'transparent',
        color: day.count === 0 ? 'text.secondary' : 'text.primary',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Typography component="span" variant="caption" sx={{ fontWeight: isToday ? 700 : 500, lineHeight: 1.2 }}>
        {isToday ? 'Today' : weekday.format(date)}{' '}
      </Typography>
      {/* A phone's seventh of the width holds the day of the month; from 600 px the month too. */}
      <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
        {dayOfMonth.format(date)}{' '}
      </Typography>
      <Typography component="span" variant="body2" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        {date.getUTCDate()}{' '}
      </Typography>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.125rem', lineHeight: 1.3, fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(day.count)}
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {day.count === 1 ? ' email' : ' emails'}
        </Box>
      </Typography>
    </ButtonBase>
  );
}

/** The chosen day's emails per workflow: when, to whom, which template; each opens the email. */
function DayEmails({ day, timeZone }: { day: ChaseCalendarDay; timeZone: string }) {
  const title = `${longDay.format(asDate(day.day))} · ${day.count === 0 ? 'nothing planned' : emailCount(day.count)}`;
  return (
    <Stack spacing={2} component="section" aria-label={`Emails planned on ${longDay.format(asDate(day.day))}`}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
        {title}
      </Typography>
      {day.workflows.length === 0 ? <Typography color="text.secondary">No reminder is planned for this day.</Typography> : null}
      {day.workflows.map((group) => (
        <Box key={group.workflow_id ?? 'none'}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600, mb: 0.5 }}>
            {group.workflow_name} · {emailCount(group.count)}
          </Typography>
          <Box component="ul" aria-label={`${group.workflow_name} on ${longDay.format(asDate(day.day))}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {group.emails.map((email) => (
              <Stack
                component="li"
                key={email.event_id}
                direction="row"
                spacing={1.5}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', py: 0.75, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
              >
                <Typography component="span" variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', width: '3rem', flex: 'none' }}>
                  {formatClockInZone(email.send_at, timeZone)}
                </Typography>
                <RouterLink to="/emails/$eventId" params={{ eventId: email.event_id }} sx={{ fontWeight: 500, minWidth: 0, overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
                  {email.customer_name}
                  {email.email_name ? ` — ${email.email_name}` : ''}
                </RouterLink>
                {email.kind ? <EmailKindChip kind={email.kind} /> : null}
              </Stack>
            ))}
          </Box>
          {group.count > group.emails.length ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              and {emailCount(group.count - group.emails.length)} more, listed in Activity
            </Typography>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

/** The strip of days and the chosen one's emails; at first the first day with something planned. */
function CalendarBody({ calendar }: { calendar: ChaseCalendar }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const busiest = calendar.days.find((d) => d.count > 0);
  if (!busiest) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <EventAvailableOutlined color="action" aria-hidden />
        <Typography color="text.secondary">
          Nothing planned in the next {calendar.days.length} days. Reminders appear here when a customer falls behind and their
          workflow plans one.
        </Typography>
      </Stack>
    );
  }
  const selected = calendar.days.find((d) => d.day === chosen) ?? busiest;
  return (
    <Stack spacing={2.5}>
      {/* Two weeks as two rows of seven, from today: on a phone each day is a narrow column. */}
      <Box role="group" aria-label="Days" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: { xs: 0.5, sm: 1 } }}>
        {calendar.days.map((day) => (
          <DayButton
            key={day.day}
            day={day}
            isToday={day.day === calendar.from}
            isSelected={day.day === selected.day}
            onSelect={() => setChosen(day.day)}
          />
        ))}
      </Box>
      <DayEmails day={selected} timeZone={calendar.time_zone} />
    </Stack>
  );
}

/**
 * The chasing calendar on /workflows: the reminders planned for the next 14 days, per day and per
 * workflow (decision 0018: the scheduler plans that far ahead). A day's emails open the email.
 */
export function ChaseCalendarCard() {
  const calendar = useChaseCalendar();
  let body;
  if (calendar.isPending) body = <LoadingSkeleton lines={2} height={64} label="Loading the calendar" />;
  else if (calendar.isError) {
    body = (
      <ErrorPanel title="Failed to load the calendar" message={calendar.error.message} onRetry={() => void calendar.refetch()} isRetrying={calendar.isFetching} />
    );
  } else body = <CalendarBody calendar={calendar.data} />;
  const zone = calendar.data ? ` Times are in ${calendar.data.time_zone}.` : '';
  return (
    <SectionCard title={`Next ${CALENDAR_DAYS} days`} description={`The reminders planned from today, per day and workflow.${zone}`}>
      {body}
    </SectionCard>
  );
}
