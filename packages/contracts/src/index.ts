export * from './common/errors';
export * from './common/health';
export * from './common/list';
export * from './customers/customer';
export * from './customers/customer-filter';
export * from './customers/customer-list';
export * from './customers/days-late';
export * from './auth/auth';
