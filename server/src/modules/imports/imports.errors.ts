import type { ImportStatus } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';

/** An unknown id or another organisation's. */
export const importNotFound = (): AppError => new AppError('IMPORT_NOT_FOUND', 'Import not found');

export const importRowsDeleted = (days: number): AppError =>
  new AppError('NOT_FOUND', `The rows of this import are no longer kept: they are deleted ${days} days after an import finishes`);

export const importAlreadyStarted = (status: ImportStatus): AppError =>
  new AppError('CONFLICT', `This import has already been started (it is ${status})`, [{ field: 'id', reason: 'the import is not waiting to be started' }]);

/** An upload that cannot become an import; `reason` tells the person what to do about it. */
export const unusableFile = (message: string, reason: string): AppError => new AppError('DOMAIN_RULE', message, [{ field: 'file', reason }]);
