import { useCustomerInvoices } from './api/get-customer-invoices';
import { useCustomerPayments } from './api/get-customer-payments';
import { type PaidWithoutPayment, paidWithoutPayments } from './paid-without-payment';

/**
 * The customer's invoices paid without a payment on its Payments card (decision 0042), from the
 * two lists the page reads anyway; nothing until both have answered, and nothing when the payments
 * are cut short, since then a payment may only be off the page.
 */
export function usePaidWithoutPayments(customerId: string): PaidWithoutPayment[] {
  const invoices = useCustomerInvoices(customerId);
  const payments = useCustomerPayments(customerId);
  if (!invoices.data || !payments.data) return [];
  return paidWithoutPayments(invoices.data.rows, payments.data.rows, payments.data.rows.length >= payments.data.total);
}
