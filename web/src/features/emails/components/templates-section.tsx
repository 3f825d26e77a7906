import AddRounded from '@mui/icons-material/AddRounded';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EmailTemplate } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { ErrorPanel } from '../../../components/error-panel';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { ReadOnlyNotice } from '../../../components/read-only-notice';
import { SectionCard } from '../../../components/section-card';
import { useEmailTemplates } from '../api/get-email-templates';
import { blankDraft } from '../template-form-values';

import { TemplateDeleteDialog } from './template-delete-dialog';
import { TemplateEditorDialog, type EditorTarget } from './template-editor-dialog';
import { TemplateGenerateDialog } from './template-generate-dialog';
import { TemplateTable } from './template-table';

/** Settings → Templates: the list, and the dialogs that write, generate and delete templates. */
export function TemplatesSection() {
  const templates = useEmailTemplates();
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [isGenerating, setGenerating] = useState(false);
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null);
  const writing = usePermission('templates');

  const actions = !writing.allowed ? null : (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      <Button variant="outlined" startIcon={<AutoAwesomeOutlined />} onClick={() => setGenerating(true)}>
        Generate
      </Button>
      <Button variant="contained" startIcon={<AddRounded />} onClick={() => setEditing({ draft: blankDraft() })}>
        New template
      </Button>
    </Stack>
  );

  let body;
  if (templates.isPending) body = <LoadingSkeleton lines={4} label="Loading templates" />;
  else if (templates.isError) {
    body = (
      <ErrorPanel
        title="Failed to load templates"
        message={templates.error.message}
        onRetry={() => void templates.refetch()}
        isRetrying={templates.isFetching}
      />
    );
  } else if (templates.data.rows.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        No templates yet. Write one, or generate one in a tone and adjust it.
      </Typography>
    );
  } else {
    // A role that may not write templates reads the list only (decision 0024).
    const onEdit = writing.allowed ? (template: EmailTemplate) => setEditing({ template }) : undefined;
    body = <TemplateTable templates={templates.data.rows} onEdit={onEdit} onDelete={writing.allowed ? setDeleting : undefined} />;
  }

  return (
    <>
      <SectionCard
        title="Email templates"
        description="What each workflow step sends. A template is checked when it is saved, so a reminder never goes out half-filled."
        actions={actions}
      >
        {writing.reason ? (
          <Box sx={{ mb: 2 }}>
            <ReadOnlyNotice reason={writing.reason} />
          </Box>
        ) : null}
        {body}
      </SectionCard>
      {editing ? <TemplateEditorDialog target={editing} onClose={() => setEditing(null)} /> : null}
      {isGenerating ? (
        <TemplateGenerateDialog
          onClose={() => setGenerating(false)}
          onGenerated={(draft) => {
            setGenerating(false);
            setEditing({ draft });
          }}
        />
      ) : null}
      {deleting ? <TemplateDeleteDialog template={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
