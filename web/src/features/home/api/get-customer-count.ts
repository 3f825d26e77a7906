import { useCustomers } from '../../../app/api/get-customers';

/**
 * How many customers the organisation has (one row asked for, the total read): none means a
 * new organisation, whose Home shows how to begin (docs/product.md, Home).
 */
export function useCustomerCount() {
  const list = useCustomers({ limit: 1 });
  return { ...list, count: list.data?.total };
}
