import type { ImportStatus } from '@receivables/contracts';

import { AppError } from '../../errors/app-error';
import { conflict, domainRule } from '../../errors/domain-errors';


export const importRowsDeleted = (days: number): AppError =>
  new AppError('NOT_FOUND', `The rows of this import are no longer kept: they are deleted ${days} days after an import finishes`);

export const importAlreadyStarted = (status: ImportStatus): AppError =>
  conflict(`This import has already been started (it is ${status})`, 'id', 'the import is not waiting to be started');

/** An upload that cannot become an import; `reason` tells the person what to do about it. */
export const unusableFile = (message: string, reason: string): AppError => domainRule(message, 'file', reason);
