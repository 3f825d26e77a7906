import { AppError } from '../../errors/app-error';

/** An unknown id or another organisation's; `field` names the input that carried it, if any. */
export const customerNotFound = (field?: string): AppError =>
  new AppError('CUSTOMER_NOT_FOUND', 'Customer not found', field ? [{ field, reason: 'no such customer in this organisation' }] : undefined);

export const customerConflict = (field: string, reason: string): AppError =>
  new AppError('CONFLICT', `A customer with this ${field} already exists`, [{ field, reason }]);
