import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CHASE_STOP_ADVICE, CHASE_STOP_LABELS, TONE_LABELS, type Contact, type Customer, type CustomerPlan, type Tone } from '@receivables/contracts';

import { EmailKindChip } from '../../../components/email-kind-chip';
import { formatLongDate } from '../../../lib/format';
import { describeDeferral, formatSendTime } from '../../workflows/preview-words';

type NextEmail = NonNullable<CustomerPlan['next']>;

const address = (contact: Contact) => (contact.name ? `${contact.name} <${contact.email}>` : contact.email);

/**
 * Who the email would go to. The plan names only the template's kind; the kind decides the
 * recipients (contracts, `EMAIL_KINDS`: a reminder to the primary contact, an escalation to the
 * escalation contact with the primary in copy), and the customer's contacts are on this page.
 */
function Recipients({ customer, kind }: { customer: Customer; kind: NextEmail['kind'] }) {
  const primary = customer.contact;
  if (kind === 'regular_email') {
    if (!primary) return <Alert severity="warning">No primary contact: add one, or this reminder cannot be sent.</Alert>;
    return <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>To the primary contact: {address(primary)}</Typography>;
  }
  const escalation = customer.escalation_contact;
  if (!escalation) return <Alert severity="warning">No escalation contact: add one, or this escalation cannot be sent.</Alert>;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      To the escalation contact: {address(escalation)}
      {primary ? (
        <>
          <br />
          Copy to the primary contact: {address(primary)}
        </>
      ) : null}
    </Typography>
  );
}

interface NextEmailViewProps {
  customer: Customer;
  next: NextEmail;
  /** The step's tone, when the workflows list has it (the plan does not carry it). */
  tone: Tone | undefined;
  timeZone: string;
}

/** When the next email goes out (in the organisation's zone: its send window's clock), which, and to whom. */
export function NextEmailView({ customer, next, tone, timeZone }: NextEmailViewProps) {
  const deferral = describeDeferral(next.deferred);
  return (
    <Stack spacing={0.75}>
      <Typography sx={{ fontWeight: 500 }}>
        {formatSendTime(next.send_at, timeZone)}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({timeZone})
        </Typography>
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{next.email_name}</Typography>
        <EmailKindChip kind={next.kind} />
      </Stack>
      {tone ? (
        <Typography variant="body2" color="text.secondary">
          Tone: {TONE_LABELS[tone]}
        </Typography>
      ) : null}
      {deferral ? (
        <Typography variant="body2" color="text.secondary">
          {deferral}
        </Typography>
      ) : null}
      <Recipients customer={customer} kind={next.kind} />
    </Stack>
  );
}

/**
 * The short answer to "why is nothing planned?", in the order the server decides it
 * (server/src/modules/workflows/nothing-planned.ts): no workflow, a disabled one, a pause, nothing
 * overdue; anything else (sending switched off, no steps for the standing) the server's note says.
 */
function headline(customer: Customer, plan: CustomerPlan): string {
  if (!plan.workflow) return 'No workflow to follow';
  if (!plan.workflow.enabled) return 'Workflow disabled — nothing is sent';
  if (customer.standing === 'paused') {
    return customer.paused_until ? `Paused until ${formatLongDate(customer.paused_until)}` : 'Paused indefinitely';
  }
  if (customer.standing === 'in_good_standing') return 'In good standing — nothing to chase';
  return 'Nothing planned';
}

/**
 * Nothing would be sent: the short answer, and the server's reason in full. A customer who owes and
 * whose chasing stopped (decision 0039) is told apart: since when, why, and what would start it again.
 */
export function NothingPlannedView({ customer, plan }: { customer: Customer; plan: CustomerPlan }) {
  const stopped = customer.chase_stopped;
  if (stopped) {
    return (
      <Stack spacing={0.5}>
        <Typography sx={{ fontWeight: 500, color: 'warning.main' }}>
          Chasing stopped — {CHASE_STOP_LABELS[stopped.reason].toLowerCase()}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Nothing more is planned since {formatLongDate(stopped.since)}. {CHASE_STOP_ADVICE[stopped.reason]}
        </Typography>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ fontWeight: 500 }}>{headline(customer, plan)}</Typography>
      {plan.note ? (
        <Typography variant="body2" color="text.secondary">
          {plan.note}
        </Typography>
      ) : null}
    </Stack>
  );
}
