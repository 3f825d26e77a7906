import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';

import { usePermission } from '../../../app/use-permission';
import { ButtonLink } from '../../../components/router-link';
import { WhyDisabled } from '../../../components/why-disabled';

/**
 * The way to a CSV import, for whoever may import (decision 0024); for anyone else the same button
 * disabled, saying why — a link cannot be disabled, so a plain button takes its place.
 */
export function ImportCsvButton({ label, variant }: { label: string; variant: 'contained' | 'outlined' }) {
  const importing = usePermission('imports');
  if (importing.allowed) {
    return (
      <ButtonLink variant={variant} to="/customers/import" startIcon={<UploadFileOutlined />}>
        {label}
      </ButtonLink>
    );
  }
  return (
    <WhyDisabled reason={importing.reason}>
      <Button variant={variant} startIcon={<UploadFileOutlined />} disabled>
        {label}
      </Button>
    </WhyDisabled>
  );
}
