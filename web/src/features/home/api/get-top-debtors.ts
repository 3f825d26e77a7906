import { serializeCustomerFilters } from '@receivables/contracts';

import { customersQueryOptions, useCustomers, type CustomerListParams } from '../../../app/api/get-customers';

/**
 * The five customers owing most in `currency`, among those owing anything (docs/product.md, Home):
 * ranked within one currency, never across (decision 0013).
 */
export function topDebtorsQuery(currency: string): CustomerListParams {
  return {
    limit: 5,
    sort_field: 'amount_overdue',
    sort_order: 'desc',
    filter_str: serializeCustomerFilters([
      { field: 'amount_overdue', operator: 'gt', value: 0 },
      { field: 'currency', operator: 'eq', value: currency },
    ]),
  };
}

export const topDebtorsQueryOptions = (currency: string) => customersQueryOptions(topDebtorsQuery(currency));

/** Disabled until the currency is known (it comes from the overdue summary). */
export function useTopDebtors(currency: string | undefined) {
  return useCustomers(topDebtorsQuery(currency ?? ''), { enabled: currency !== undefined });
}
