import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type EventRow, TONE_LABELS, TRIAGE_CATEGORY_LABELS } from '@receivables/contracts';
import { useNavigate } from '@tanstack/react-router';
import type { KeyboardEvent } from 'react';

import { EmailKindChip } from '../../../components/email-kind-chip';
import { OverflowTooltip } from '../../../components/overflow-tooltip';
import { RouterLink } from '../../../components/router-link';
import { formatClockInZone } from '../../../lib/format';
import { describeRowProblem } from '../delivery-words';
import { describeAddresses, describeWhenWord, formatEventDay, formatEventShortDay } from '../event-words';
import { describeMailbox, INBOUND_KIND_LABELS, mailboxShortName } from '../inbound-words';

import { CHECKBOX_CELL, CHECKBOX_SX, eventColumn, eventColumnDisplay } from './event-columns';
import { EventStatusChip } from './event-status-chip';
import { InboundKindChip } from './inbound-kind-chip';
import { UnreadMark } from './unread-mark';

const shown = (id: Parameters<typeof eventColumn>[0]) => eventColumnDisplay(eventColumn(id));
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** A received email nobody in the organisation has opened yet: it stands out until someone does. */
const isUnread = (row: EventRow): boolean => row.inbound !== null && !row.inbound.read;

/** The subject as a link to the email (for pointer users and "open in a new tab"); the row is the tab stop. */
function SubjectLink({ row }: { row: EventRow }) {
  return (
    <OverflowTooltip title={row.subject}>
      <RouterLink
        to="/emails/$eventId"
        params={{ eventId: row.id }}
        tabIndex={-1}
        onClick={(event) => event.stopPropagation()}
        sx={{ fontWeight: isUnread(row) ? 700 : 500, display: 'block', ...oneLine }}
      >
        {row.subject}
      </RouterLink>
    </OverflowTooltip>
  );
}

/** A writer with a name: the name, and the address under it, each cut to the column. */
function SenderCell({ name, address }: { name: string; address: string }) {
  return (
    <OverflowTooltip title={`${name} <${address}>`}>
      <div>
        <Typography variant="body2" sx={oneLine}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem', ...oneLine }}>
          {address}
        </Typography>
      </div>
    </OverflowTooltip>
  );
}

/**
 * The status in words and colour; a failed or unknown email says why under it, in short (in full
 * on hover and on its page), so the list reads without opening each one.
 */
function EventStatusCell({ row }: { row: EventRow }) {
  const problem = describeRowProblem(row);
  if (!problem) return <EventStatusChip status={row.status} />;
  return (
    <Tooltip title={problem.full} describeChild>
      <Box>
        <EventStatusChip status={row.status} />
        <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem', mt: 0.5, overflowWrap: 'anywhere' }}>
          {problem.short}
        </Typography>
      </Box>
    </Tooltip>
  );
}

/** A row's part in the outbox's selection (decision 0045); only a planned email has a checkbox. */
export interface RowSelection {
  isSelectable: boolean;
  isSelected: boolean;
  onSelect: (on: boolean) => void;
}

/**
 * One email; the row opens it by mouse or by Enter and is its only tab stop, as the customer
 * list's rows are, so the keyboard moves row by row. Space ticks a planned one, as on the customer
 * list; the checkbox is there for the mouse and for screen readers' own navigation.
 */
export function EventTableRow({ row, timeZone, selection }: { row: EventRow; timeZone: string; selection?: RowSelection | undefined }) {
  const navigate = useNavigate();
  const open = () => void navigate({ to: '/emails/$eventId', params: { eventId: row.id } });
  // A received email's `to` is our reply address: who wrote it is what matters.
  const address = row.inbound ? describeMailbox(row.inbound.from) : describeAddresses(row.to);
  const unread = isUnread(row);
  return (
    <TableRow
      hover
      tabIndex={0}
      onClick={open}
      selected={selection?.isSelected ?? false}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') open();
        if (event.key === ' ' && selection?.isSelectable) {
          event.preventDefault();
          selection.onSelect(!selection.isSelected);
        }
      }}
      sx={[
        { cursor: 'pointer', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 } },
        // On a ticked row's tint the light scheme's teal subject falls just short of 4.5:1 (4.49): a darker teal there.
        (theme) => theme.applyStyles('light', { '&.Mui-selected a': { color: (theme.vars ?? theme).palette.primary.dark } }),
      ]}
    >
      {selection ? (
        <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()} sx={{ '&&&': { ...CHECKBOX_CELL['&&&'], py: 0.5 } }}>
          {selection.isSelectable ? (
            <Checkbox
              size="small"
              sx={CHECKBOX_SX}
              checked={selection.isSelected}
              onChange={(event) => selection.onSelect(event.target.checked)}
              slotProps={{ input: { 'aria-label': `Select “${row.subject}” to ${row.customer_name}`, tabIndex: -1 } }}
            />
          ) : null}
        </TableCell>
      ) : null}
      <TableCell>
        {/* The long date from 600 px; on a phone the short one, and the time without its word. */}
        <Box component="time" dateTime={row.at} sx={{ display: 'block' }}>
          <Typography variant="body2" component="span" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {formatEventDay(row.at, timeZone)}
          </Typography>
          <Typography variant="body2" component="span" sx={{ display: { xs: 'block', sm: 'none' }, fontSize: '0.8125rem' }}>
            {formatEventShortDay(row.at, timeZone)}
          </Typography>
          <Typography variant="body2" component="span" color="text.secondary" sx={{ display: 'block', fontSize: '0.75rem' }}>
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              {describeWhenWord(row)}{' '}
            </Box>
            {formatClockInZone(row.at, timeZone)}
          </Typography>
        </Box>
      </TableCell>
      <TableCell>
        <OverflowTooltip title={row.customer_name}>
          <Typography variant="body2" sx={{ ...oneLine, overflowWrap: 'anywhere', fontWeight: unread ? 700 : undefined }}>
            {unread ? <UnreadMark /> : null}
            {row.customer_name}
          </Typography>
        </OverflowTooltip>
        {/* Who wrote it, where the From column is hidden. */}
        {row.inbound ? (
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', lg: 'none' }, fontSize: '0.75rem', mt: 0.25, ...oneLine }}>
            {row.inbound.kind === 'auto_reply' ? `${INBOUND_KIND_LABELS.auto_reply} from` : 'From'} {mailboxShortName(row.inbound.from)}
          </Typography>
        ) : null}
        {/* On a phone the subject has no column: it sits under the customer (the row is the link). */}
        <Typography variant="body2" color="text.secondary" sx={{ display: { xs: '-webkit-box', sm: 'none' }, mt: 0.25, WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}>
          {row.subject}
        </Typography>
      </TableCell>
      <TableCell sx={shown('subject')}>
        <SubjectLink row={row} />
        {row.inbound ? (
          // A reply reads without opening it: what it seems to say, then its first words (decision 0040).
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem', ...oneLine }}>
            {row.inbound.triage ? (
              <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
                {TRIAGE_CATEGORY_LABELS[row.inbound.triage]}
                {row.inbound.snippet ? ' · ' : ''}
              </Box>
            ) : null}
            {row.inbound.snippet}
          </Typography>
        ) : row.email_name && row.email_name !== row.subject ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontSize: '0.75rem', ...oneLine }}>
            {row.email_name}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell sx={shown('kind')}>
        {row.inbound ? <InboundKindChip kind={row.inbound.kind} /> : row.kind ? <EmailKindChip kind={row.kind} /> : '—'}
      </TableCell>
      <TableCell sx={shown('tone')}>{row.tone ? TONE_LABELS[row.tone] : '—'}</TableCell>
      <TableCell>
        <EventStatusCell row={row} />
      </TableCell>
      <TableCell sx={shown('to')}>
        {row.inbound?.from?.name ? (
          <SenderCell name={row.inbound.from.name} address={row.inbound.from.address} />
        ) : address ? (
          <OverflowTooltip title={address}>
            <Typography variant="body2" sx={oneLine}>
              {address}
            </Typography>
          </OverflowTooltip>
        ) : (
          '—'
        )}
      </TableCell>
    </TableRow>
  );
}
