import { AppError } from '../../errors/app-error';

export const customerNotFound = (): AppError => new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
