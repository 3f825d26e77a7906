import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { Workflow } from '@receivables/contracts';
import { createLink } from '@tanstack/react-router';

import { formatCount } from '../../../lib/format';

const ListItemLink = createLink(ListItemButton);

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * "4 steps · 19 customers follow it, 2 by choice": what a workflow does and who follows it, those
 * on the default for want of a choice included (decision 0046).
 */
export function describeWorkflowUse(workflow: Workflow): string {
  const steps = plural(workflow.actions.length, 'step', 'steps');
  const following = workflow.customer_count + workflow.default_follower_count;
  if (following === 0) return `${steps} · no customer follows it`;
  const follow = `${plural(following, 'customer follows', 'customers follow')} it`;
  const chose = workflow.default_follower_count > 0 && workflow.customer_count > 0 ? `, ${formatCount(workflow.customer_count)} by choice` : '';
  return `${steps} · ${follow}${chose}`;
}

/** The badges after a workflow's name. */
export function WorkflowBadges({ workflow }: { workflow: Workflow }) {
  return (
    <>
      {workflow.is_default ? <Chip label="Default" size="small" color="primary" variant="outlined" /> : null}
      {workflow.enabled ? null : <Chip label="Disabled" size="small" variant="outlined" />}
    </>
  );
}

/** Every workflow, the default first; each one is a link, so the choice lives in the URL. */
export function WorkflowList({ workflows, selectedId }: { workflows: Workflow[]; selectedId: string }) {
  return (
    <List aria-label="Workflows" disablePadding>
      {workflows.map((workflow) => {
        const isSelected = workflow.id === selectedId;
        return (
          <ListItem key={workflow.id} disablePadding>
            <ListItemLink
              to="/workflows"
              search={{ workflow_id: workflow.id }}
              selected={isSelected}
              aria-current={isSelected ? 'page' : undefined}
              sx={{ borderRadius: 3, alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={
                  <Stack component="span" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <span style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{workflow.name}</span>
                    <WorkflowBadges workflow={workflow} />
                  </Stack>
                }
                secondary={describeWorkflowUse(workflow)}
              />
            </ListItemLink>
          </ListItem>
        );
      })}
    </List>
  );
}
