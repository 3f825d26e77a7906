import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { EVENT_TABS, type EventTab } from '@receivables/contracts';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { ErrorPanel } from '../../../components/error-panel';
import { PageHeader } from '../../../components/page-header';
import { formatCount } from '../../../lib/format';
import type { EmailsSearch } from '../../../lib/route-search';
import { usePageSelection } from '../../../lib/use-page-selection';
import { useEvents } from '../api/get-events';
import { useInboundCounts } from '../api/get-inbound-counts';
import { TAB_LABELS } from '../event-words';

import { NoEvents, NoMatches, PastTheEnd } from './activity-empty';
import { type ActivityFilters, ActivityFilterBar, hasActivityFilters, NO_FILTERS, statusIn, workflowIn } from './activity-filter-bar';
import { CustomerFilter, useCustomerName } from './customer-filter';
import { EventBulkJobPanel } from './event-bulk-job-panel';
import { EventSelectionToolbar } from './event-selection-toolbar';
import { EventTable, isSelectable } from './event-table';
import { InboxTabLabel } from './inbox-tab-label';
import { UnassignedInbox } from './unassigned-inbox';

/** Rows per page: enough for a fortnight's reminders of a small book at a glance. */
export const ACTIVITY_PAGE_SIZE = 25;

export type EmailsSearchUpdate = Partial<EmailsSearch>;

interface ActivityScreenProps {
  /** The screen's state, as the URL holds it. */
  search: EmailsSearch;
  onSearchChange: (update: EmailsSearchUpdate) => void;
}

function describeTotal(total: number): string {
  return `${formatCount(total)} ${total === 1 ? 'email' : 'emails'}`;
}

/** `/emails/` (docs/product.md, Routes): the organisation's emails by tab, for everyone or one customer; all state in the URL. */
export function ActivityScreen({ search, onSearchChange }: ActivityScreenProps) {
  const { time_zone: timeZone } = useOrganisationSettings();
  const offset = (search.page - 1) * ACTIVITY_PAGE_SIZE;
  // A range the wrong way round asks for nothing: the field says so rather than the list going blank.
  const reversed = search.from !== undefined && search.to !== undefined && search.to < search.from;
  const filters: ActivityFilters = {
    status: statusIn(search.tab, search.status),
    workflow_id: workflowIn(search.tab, search.workflow_id),
    from: search.from,
    to: search.to,
  };
  const query = {
    tab: search.tab,
    customer_id: search.customer_id,
    status: filters.status,
    workflow_id: filters.workflow_id,
    from: reversed ? undefined : search.from,
    to: reversed ? undefined : search.to,
    limit: ACTIVITY_PAGE_SIZE,
    offset,
  };
  const list = useEvents(query);
  // Planned emails are ticked on the outbox, for Send now or Cancel (decision 0045); another page,
  // tab or filter clears the selection, so nobody acts on emails they cannot see.
  const selection = usePageSelection(JSON.stringify(query));
  const customerName = useCustomerName(search.customer_id);
  const counts = useInboundCounts().data;
  // Messages with no customer belong to nobody's Activity but the inbox of everyone's.
  const unassigned = search.tab === 'inbox' && !search.customer_id ? (counts?.unassigned ?? 0) : 0;
  const rows = list.data?.rows;
  // Only what is on the page and still planned counts: a re-read may have taken some away.
  const ticked = (rows ?? []).filter((r) => isSelectable(r) && selection.ids.has(r.id)).map((r) => r.id);
  const canSelect = search.tab === 'outbox';
  const total = list.data?.total ?? 0;
  // Another tab or customer starts from the first page.
  const narrow = (update: EmailsSearchUpdate) => onSearchChange({ ...update, page: 1 });
  const showEveryone = () => narrow({ customer_id: undefined });

  let content;
  if (list.isError) {
    content = (
      <Box sx={{ p: { xs: 2, sm: 2.5 } }}>
        <ErrorPanel title="Failed to load emails" message={list.error.message} onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      </Box>
    );
  } else if (rows?.length === 0 && total === 0 && hasActivityFilters(filters)) {
    content = <NoMatches onClear={() => narrow(NO_FILTERS)} />;
  } else if (rows?.length === 0 && total === 0) {
    content = <NoEvents tab={search.tab} customerName={customerName} onShowEveryone={search.customer_id ? showEveryone : undefined} />;
  } else if (rows?.length === 0) {
    content = <PastTheEnd onFirstPage={() => onSearchChange({ page: 1 })} />;
  } else {
    content = (
      <EventTable
        tab={search.tab}
        rows={rows}
        total={total}
        isFetching={list.isFetching}
        isStale={list.isPlaceholderData}
        page={search.page - 1}
        pageSize={ACTIVITY_PAGE_SIZE}
        onPage={(page) => onSearchChange({ page: page + 1 })}
        timeZone={timeZone}
        selection={canSelect ? selection : undefined}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        description="Every email planned, sent, drafted or received: the outbox opens on what goes next, the inbox and All on what happened last. Open one to read it as the customer does, to stop a planned one, or to act on a reply."
      />
      <Card component="section" aria-label="Emails">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ px: { xs: 1, sm: 1.5 }, pt: 0.5, justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tabs value={search.tab} onChange={(_event, tab: EventTab) => narrow({ tab })} aria-label="Which emails">
            {EVENT_TABS.map((tab) => (
              <Tab key={tab} value={tab} label={tab === 'inbox' ? <InboxTabLabel label={TAB_LABELS[tab]} unread={counts?.unread ?? 0} /> : TAB_LABELS[tab]} />
            ))}
          </Tabs>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', px: { xs: 1, sm: 0 }, pb: { xs: 1, sm: 0 } }}>
            {customerName ? <CustomerFilter name={customerName} onClear={showEveryone} /> : null}
            <Box component="span" role="status" sx={{ color: 'text.secondary', typography: 'body2' }}>
              {list.data ? describeTotal(total) : '\u00a0'}
            </Box>
          </Stack>
        </Stack>
        <ActivityFilterBar tab={search.tab} value={filters} onChange={(next) => narrow(next)} />
        {unassigned > 0 ? <UnassignedInbox count={unassigned} timeZone={timeZone} /> : null}
        {canSelect && ticked.length > 0 ? <EventSelectionToolbar eventIds={ticked} onClear={selection.clear} /> : null}
        {canSelect ? <EventBulkJobPanel /> : null}
        {content}
      </Card>
    </>
  );
}
