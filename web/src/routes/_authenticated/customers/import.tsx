import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';

import { ImportScreen } from '../../../features/imports/components/import-screen';
import { customerImportSearchSchema } from '../../../lib/route-search';

export const Route = createFileRoute('/_authenticated/customers/import')({
  // The import lives in the URL, so a reload during or after it shows the same import.
  validateSearch: customerImportSearchSchema,
  component: CustomerImportRoute,
});

function CustomerImportRoute() {
  const { import_id: importId } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onImportChange = useCallback((id: string | undefined) => void navigate({ search: { import_id: id } }), [navigate]);
  return <ImportScreen importId={importId} onImportChange={onImportChange} />;
}
