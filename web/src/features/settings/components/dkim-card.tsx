import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DkimKey } from '@receivables/contracts';
import { useState } from 'react';

import { usePermission } from '../../../app/use-permission';
import { CopyValue } from '../../../components/copy-value';
import { SectionCard } from '../../../components/section-card';
import { formatLongDate } from '../../../lib/format';


import { DeleteDkimDialog } from './delete-dkim-dialog';
import { DkimKeyForm } from './dkim-key-form';

/** Whether mail from `fromEmail` is signed for its own domain (or a parent of it), as DMARC needs. */
function isAligned(dkimDomain: string, fromEmail: string | null): boolean {
  const domain = fromEmail?.slice(fromEmail.lastIndexOf('@') + 1).toLowerCase();
  return !domain || domain === dkimDomain || domain.endsWith(`.${dkimDomain}`);
}

/** DKIM: a key the server signs mail with, and the DNS record that lets receivers check it. */
export function DkimCard({ dkim, fromEmail }: { dkim: DkimKey | null; fromEmail: string | null }) {
  const [isReplacing, setIsReplacing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  // A role that may not change the key (decision 0024) still reads the record to publish, but makes, replaces and removes nothing.
  const editing = usePermission('settings');
  const defaultDomain = fromEmail ? fromEmail.slice(fromEmail.lastIndexOf('@') + 1) : '';
  return (
    <SectionCard
      title="DKIM signature"
      titleAside={<Chip label={dkim ? 'Signing' : 'Not signing'} color={dkim ? 'success' : 'default'} size="small" variant="outlined" />}
      description="Signed mail is less likely to land in spam: receivers check the signature against a record in your domain’s DNS."
    >
      {!dkim && !editing.allowed ? (
        // Not an empty form to fill: its domain and selector would be suggestions, not a key that exists.
        <Typography>No key yet: mail goes out unsigned.</Typography>
      ) : !dkim || isReplacing ? (
        // Keyed by the domain it suggests, so saving a from address fills it in.
        <DkimKeyForm
          key={dkim?.domain ?? defaultDomain}
          defaultDomain={dkim?.domain ?? defaultDomain}
          onCancel={dkim ? () => setIsReplacing(false) : undefined}
        />
      ) : (
        <Stack spacing={2}>
          <Typography>
            {`Mail is signed for ${dkim.domain} with the key “${dkim.selector}”, made ${formatLongDate(dkim.created_at)}. Add this TXT record at your DNS provider:`}
          </Typography>
          <CopyValue label="Record name" value={dkim.dns_record.name} />
          <CopyValue label="Record value" value={dkim.dns_record.value} />
          <Typography variant="body2" color="text.secondary">
            Type TXT. Some DNS providers want the name without your domain at the end, or a long value split into parts; most
            take it as it is.
          </Typography>
          {isAligned(dkim.domain, fromEmail) ? null : (
            <Alert severity="warning">{`Your from address is not at ${dkim.domain}: receivers checking DMARC will not count this signature.`}</Alert>
          )}
          {editing.allowed ? (
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <Button variant="outlined" onClick={() => setIsReplacing(true)}>
                New key
              </Button>
              <Button color="error" onClick={() => setIsDeleting(true)}>
                Remove key
              </Button>
            </Stack>
          ) : null}
        </Stack>
      )}
      {isDeleting ? <DeleteDkimDialog onClose={() => setIsDeleting(false)} /> : null}
    </SectionCard>
  );
}
