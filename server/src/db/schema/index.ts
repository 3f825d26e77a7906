export * from './audit';
export * from './auth';
export * from './customers';
export * from './enums';
export * from './imports';
export * from './invoices';
export * from './org-settings';
export * from './workflows';
