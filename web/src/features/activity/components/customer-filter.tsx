import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';

import { isRequestError } from '../../../lib/api-client';
import { customerQueryOptions } from '../../customers/api/get-customer';

/** The customer's name for the chip: while it loads, the word "customer"; an id of no customer says so. */
export function useCustomerName(customerId: string | undefined): string | null {
  const customer = useQuery({ ...customerQueryOptions(customerId ?? ''), enabled: customerId !== undefined });
  if (customerId === undefined) return null;
  if (customer.data) return customer.data.name;
  if (isRequestError(customer.error) && customer.error.status === 404) return 'an unknown customer';
  return 'this customer';
}

/** Activity narrowed to one customer: their name, and two ways back to everyone's emails. */
export function CustomerFilter({ name, onClear }: { name: string; onClear: () => void }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      <Chip label={`Customer: ${name}`} onDelete={onClear} sx={{ maxWidth: '100%' }} />
      <Button size="small" onClick={onClear}>
        All customers
      </Button>
    </Stack>
  );
}
