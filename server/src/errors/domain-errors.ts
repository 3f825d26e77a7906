import type { FieldIssue } from '@receivables/contracts';

import { AppError } from './app-error';

/**
 * The errors use cases throw, one constructor per kind, so every domain answers alike
 * (docs/api-conventions.md). A resource is named in words ("Customer", "Invoice"), which is
 * what the message says; the code is the same NOT_FOUND for all of them.
 */

/** An unknown id, or another organisation's (indistinguishable on purpose: tenancy). */
export const notFound = (resource: string, field?: string): AppError =>
  new AppError('NOT_FOUND', `${resource} not found`, field ? [{ field, reason: `no such ${resource.toLowerCase()} in this organisation` }] : undefined);

/** Several ids of which some are unknown; each missing one is named by its input position. */
export const manyNotFound = (resource: string, plural: string, missing: FieldIssue[]): AppError =>
  new AppError('NOT_FOUND', missing.length === 1 ? `${resource} not found` : `${missing.length} of the ${plural} were not found`, missing);

/** A valid request the domain refuses (paying a void invoice, starting an import twice…). */
export const domainRule = (message: string, field: string, reason: string): AppError => new AppError('DOMAIN_RULE', message, [{ field, reason }]);

/** The request would duplicate or contradict what is stored. */
export const conflict = (message: string, field: string, reason: string): AppError => new AppError('CONFLICT', message, [{ field, reason }]);
