import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { Workflow } from '@receivables/contracts';
import { createLink } from '@tanstack/react-router';

const ListItemLink = createLink(ListItemButton);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "4 steps · 2 customers chose it": what a workflow does and who follows it by choice. */
export function describeWorkflowUse(workflow: Workflow): string {
  const steps = plural(workflow.actions.length, 'step', 'steps');
  const chose = workflow.customer_count === 0 ? 'no customer chose it' : `${plural(workflow.customer_count, 'customer', 'customers')} chose it`;
  return `${steps} · ${chose}`;
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
