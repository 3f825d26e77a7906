import { AppError } from '../../errors/app-error';

export const invoiceNotFound = (field?: string): AppError =>
  new AppError('INVOICE_NOT_FOUND', 'Invoice not found', field ? [{ field, reason: 'no such invoice in this organisation' }] : undefined);

export const domainRule = (message: string, field: string, reason: string): AppError => new AppError('DOMAIN_RULE', message, [{ field, reason }]);
