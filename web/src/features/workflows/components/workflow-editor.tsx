import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import type { Workflow } from '@receivables/contracts';
import { useState } from 'react';

import { EDITOR_STANDINGS } from '../workflow-steps';

import { WorkflowEditorHeader } from './workflow-editor-header';
import { WorkflowStandingSection } from './workflow-standing-section';

interface WorkflowEditorProps {
  workflow: Workflow;
  workflows: Workflow[];
  onSelect: (id: string | undefined) => void;
}

/**
 * One workflow: its name and switches, then the steps for each standing. A refusal from the server
 * (the default's last step, a default without steps) is shown here, above the steps it is about.
 */
export function WorkflowEditor({ workflow, workflows, onSelect }: WorkflowEditorProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Card component="section" aria-label={`Workflow ${workflow.name}`} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack spacing={3}>
          <WorkflowEditorHeader workflow={workflow} workflows={workflows} onSelect={onSelect} onRefusal={setRefusal} />
          {refusal ? (
            <Alert severity="error" onClose={() => setRefusal(null)}>
              {refusal}
            </Alert>
          ) : null}
          {EDITOR_STANDINGS.map((standing, index) => (
            <Stack key={standing} spacing={3}>
              {index > 0 ? <Divider /> : null}
              <WorkflowStandingSection workflow={workflow} standing={standing} onRefusal={setRefusal} />
            </Stack>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
