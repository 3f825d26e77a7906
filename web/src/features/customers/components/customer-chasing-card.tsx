import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Customer, CustomerPlan } from '@receivables/contracts';
import { useState, type ReactNode } from 'react';

import { useOrganisationSettings } from '../../../app/api/get-organisation-settings';
import { usePermission } from '../../../app/use-permission';
import { RouterLink } from '../../../components/router-link';
import { WhyDisabled } from '../../../components/why-disabled';
import { useWorkflows } from '../../workflows/api/get-workflows';
import { useCustomerPlan } from '../api/get-customer-plan';

import { NextEmailView, NothingPlannedView } from './customer-next-email';
import { CustomerSectionCard } from './customer-section-card';
import { CustomerWorkflowDialog } from './customer-workflow-dialog';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="h3" sx={{ fontSize: '1rem', mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </div>
  );
}

/** Which workflow, whether it is the default or chosen, whether it sends at all, and where to edit it. */
function WorkflowView({ plan }: { plan: CustomerPlan }) {
  const { workflow } = plan;
  if (!workflow) return <Typography color="text.secondary">None: the organisation has no default workflow.</Typography>;
  const how = plan.follows_default ? 'no workflow of its own' : 'chosen for this customer';
  return (
    <Stack spacing={0.5}>
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {workflow.name}
        {plan.follows_default ? ' (organisation default)' : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {workflow.enabled ? 'Enabled' : 'Disabled: it sends nothing until it is enabled again'} · {how}
      </Typography>
      <div>
        <RouterLink to="/workflows" search={{ workflow_id: workflow.id }} variant="body2">
          Open in Workflows
        </RouterLink>
      </div>
    </Stack>
  );
}

/**
 * The customer's chasing: the workflow it follows (its own or the organisation's default) and
 * the next email that workflow would send, or why none; and the way to choose another workflow.
 */
export function CustomerChasingCard({ customer }: { customer: Customer }) {
  const plan = useCustomerPlan(customer.id);
  // Only for the next step's tone, which the plan does not carry; the dialog needs the list anyway.
  const workflows = useWorkflows();
  const { time_zone: timeZone } = useOrganisationSettings();
  const [isChanging, setChanging] = useState(false);
  // The workflow is saved on the customer's record (PUT /api/customers/:id/): an admin's (decision 0024).
  const changing = usePermission('customers');

  const next = plan.data?.next;
  const tone = next ? workflows.data?.rows.flatMap((w) => w.actions).find((a) => a.id === next.action_id)?.tone : undefined;

  return (
    <>
      <CustomerSectionCard
        title="Chasing"
        query={plan}
        action={
          <WhyDisabled reason={changing.reason}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setChanging(true)}
              aria-haspopup="dialog"
              disabled={!changing.allowed}
              sx={{ flex: 'none' }}
            >
              Change workflow
            </Button>
          </WhyDisabled>
        }
      >
        {plan.data ? (
          <Stack spacing={2.5}>
            <Part title="Workflow">
              <WorkflowView plan={plan.data} />
            </Part>
            <Part title="Next email">
              {next ? (
                <NextEmailView customer={customer} next={next} tone={tone} timeZone={timeZone} />
              ) : (
                <NothingPlannedView customer={customer} plan={plan.data} />
              )}
            </Part>
          </Stack>
        ) : null}
      </CustomerSectionCard>
      {/* Outside the card's body, which its loading and error states replace: a plan that failed to load can still be changed. */}
      {isChanging ? <CustomerWorkflowDialog customer={customer} onClose={() => setChanging(false)} /> : null}
    </>
  );
}
