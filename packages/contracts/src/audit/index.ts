export * from './audit-families';
export * from './audit-log';
export * from './audit-sentence';
export * from './audit-values';
