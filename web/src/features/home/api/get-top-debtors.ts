import { stringifyCustomerFilters } from '@receivables/contracts';

import { customersQueryOptions, useCustomers, type CustomerListParams } from '../../customers/api/get-customers';

/** Spec §7: the five customers owing most, among those owing anything. */
export const TOP_DEBTORS_QUERY: CustomerListParams = {
  limit: 5,
  sort_field: 'amount_overdue',
  sort_order: 'desc',
  filter_str: stringifyCustomerFilters([{ field: 'amount_overdue', operator: 'gt', value: 0 }]),
};

export const topDebtorsQueryOptions = () => customersQueryOptions(TOP_DEBTORS_QUERY);

export function useTopDebtors() {
  return useCustomers(TOP_DEBTORS_QUERY);
}
