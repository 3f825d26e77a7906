import { describe, expect, it } from 'vitest';

import {
  customerImportSearchSchema,
  emailsSearchSchema,
  readStripeCallback,
  redirectSearchSchema,
  stripeCallbackSearchSchema,
  workflowsSearchSchema,
} from './route-search';

describe('redirectSearchSchema', () => {
  it('keeps a same-origin path', () => {
    expect(redirectSearchSchema.parse({ redirect_url: '/customers/?q=a' })).toEqual({ redirect_url: '/customers/?q=a' });
  });

  it.each([[{}], [{ redirect_url: '//evil.com' }], [{ redirect_url: 'https://evil.com' }], [{ redirect_url: 12 }]])(
    'falls back to / for %j',
    (search) => {
      expect(redirectSearchSchema.parse(search)).toEqual({ redirect_url: '/' });
    },
  );
});

describe('workflowsSearchSchema', () => {
  it('keeps a UUID and drops anything else', () => {
    const id = '0d1f7a52-3c1e-4b5a-9f8e-2a6b7c8d9e0f';
    expect(workflowsSearchSchema.parse({ workflow_id: id })).toEqual({ workflow_id: id });
    expect(workflowsSearchSchema.parse({ workflow_id: 'nope' })).toEqual({ workflow_id: undefined });
    expect(workflowsSearchSchema.parse({})).toEqual({ workflow_id: undefined });
  });
});

describe('customerImportSearchSchema', () => {
  it('keeps a UUID import_id and drops anything else', () => {
    const id = '0d1f7a52-3c1e-4b5a-9f8e-2a6b7c8d9e0f';
    expect(customerImportSearchSchema.parse({ import_id: id })).toEqual({ import_id: id });
    expect(customerImportSearchSchema.parse({ import_id: 42 })).toEqual({ import_id: undefined });
    expect(customerImportSearchSchema.parse({})).toEqual({ import_id: undefined });
  });
});

describe('emailsSearchSchema', () => {
  it('defaults the tab to outbox and rejects unknown tabs', () => {
    expect(emailsSearchSchema.parse({})).toEqual({ tab: 'outbox', customer_id: undefined, page: 1 });
    expect(emailsSearchSchema.parse({ tab: 'spam' }).tab).toBe('outbox');
    expect(emailsSearchSchema.parse({ tab: 'inbox' }).tab).toBe('inbox');
  });

  it('keeps a UUID customer_id and ignores anything else', () => {
    const id = '0d1f7a52-3c1e-4b5a-9f8e-2a6b7c8d9e0f';
    expect(emailsSearchSchema.parse({ customer_id: id }).customer_id).toBe(id);
    expect(emailsSearchSchema.parse({ customer_id: 'abc' }).customer_id).toBeUndefined();
    expect(emailsSearchSchema.parse({ customer_id: 42 }).customer_id).toBeUndefined();
    expect(emailsSearchSchema.parse({ customer_id: { x: 1 } }).customer_id).toBeUndefined();
  });

  it('keeps a page from 1 and falls back to 1 otherwise', () => {
    expect(emailsSearchSchema.parse({ page: 3 }).page).toBe(3);
    expect(emailsSearchSchema.parse({ page: 0 }).page).toBe(1);
    expect(emailsSearchSchema.parse({ page: 'two' }).page).toBe(1);
  });
});

describe('stripe callback search', () => {
  const install = { user_id: 'usr_1', account_id: 'acct_1', state: 's', install_signature: 'sig' };
  const cancelled = { error: 'access_denied', error_description: 'The user denied access' };
  const read = (search: Record<string, unknown>) => readStripeCallback(stripeCallbackSearchSchema.parse(search));

  it('reads an install and defaults livemode to true', () => {
    expect(read(install)).toEqual({
      kind: 'install',
      userId: 'usr_1',
      accountId: 'acct_1',
      state: 's',
      installSignature: 'sig',
      livemode: true,
    });
  });

  it('reads an install without a state', () => {
    const { state: _state, ...stateless } = install;
    expect(read(stateless)).toMatchObject({ kind: 'install', accountId: 'acct_1', state: undefined });
  });

  it.each([
    [false, false],
    ['false', false],
    [true, true],
    ['true', true],
  ])('reads livemode %j as %s', (value, expected) => {
    expect(read({ ...install, livemode: value })).toMatchObject({ kind: 'install', livemode: expected });
  });

  it.each([['bogus'], [1], [0], [''], [null], [{ live: true }]])('refuses livemode %j instead of guessing it is live', (value) => {
    expect(read({ ...install, livemode: value })).toEqual({ kind: 'invalid' });
  });

  it('reads a cancelled install', () => {
    expect(read(cancelled)).toEqual({ kind: 'error', error: 'access_denied', description: 'The user denied access' });
  });

  it.each([
    ['a whole install and the error pair', { ...install, ...cancelled }],
    ['the error pair and an account', { ...cancelled, account_id: 'acct_1' }],
    ['the error pair and a state', { ...cancelled, state: 's' }],
    ['the error pair and livemode', { ...cancelled, livemode: false }],
    ['an install and an error alone', { ...install, error: 'access_denied' }],
  ])('refuses a mix of the two shapes: %s', (_what, search) => {
    expect(read(search)).toEqual({ kind: 'invalid' });
  });

  it.each([
    ['nothing', {}],
    ['an account alone', { account_id: 'acct_1' }],
    ['an install without its signature', { user_id: 'usr_1', account_id: 'acct_1' }],
    ['an error without its description', { error: 'access_denied' }],
    ['ids that are not Stripe’s', { ...install, account_id: 'account-1' }],
  ])('treats %s as invalid', (_what, search) => {
    expect(read(search)).toEqual({ kind: 'invalid' });
  });
});
