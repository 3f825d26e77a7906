import { type Account, type StripeConnect } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { useIntegrationEnv } from './integration-env';
import { expectError, installCallback, okBody, recordingJobQueue, type SignedUpUser } from './support';

/**
 * `POST /api/stripe/complete/` takes exactly the install shape of docs/decisions/0022-stripe.md: what the callback page would
 * refuse as an incomplete link, the server refuses too, before a state is spent on it.
 */
const APP_SECRET = 'absec_test_callback_contract';

const jobs = recordingJobQueue();
const env = useIntegrationEnv(
  {
    STRIPE_SECRET_KEY: 'sk_test_callback_contract',
    STRIPE_APP_SECRET: APP_SECRET,
    // Never visited: the link is only read for its state. The first sync is recorded, not run.
    STRIPE_INSTALL_URL: 'http://127.0.0.1:9/oauth/v2/authorize?client_id=com.example.receivables',
  },
  jobs,
);

/** A correctly signed install for a fresh state of `user`'s. */
async function signedInstall(user: SignedUpUser, accountId: string): Promise<ReturnType<typeof installCallback>> {
  const link = okBody(await user.api<StripeConnect>('POST', '/api/stripe/connect/'));
  return installCallback(APP_SECRET, { state: new URL(link.url).searchParams.get('state') ?? '', accountId });
}

const complete = (user: SignedUpUser, body: object) => user.api<{ account: Account }>('POST', '/api/stripe/complete/', body);

describe('POST /api/stripe/complete/ takes the install link’s shape only', () => {
  it.each([
    ['bogus', 'acct_LivemodeBogus'],
    ['true', 'acct_LivemodeTrueText'],
    ['false', 'acct_LivemodeFalseText'],
    [1, 'acct_LivemodeOne'],
    [null, 'acct_LivemodeNull'],
  ])('refuses livemode %j with a 400 naming livemode, and keeps the state usable', async (livemode, accountId) => {
    const user = await env.signUp();
    const install = await signedInstall(user, accountId);
    expectError(await complete(user, { ...install, livemode }), 400, 'VALIDATION_FAILED', 'livemode');
    // Refused before the state was checked: the same install, with a boolean, still connects.
    const done = await complete(user, { ...install, livemode: false });
    expect(done.status, done.text).toBe(201);
    expect(done.body.account).toMatchObject({ external_account_id: accountId, livemode: false });
  });

  it('refuses an install that also carries the error pair, naming the fields that do not belong', async () => {
    const user = await env.signUp();
    const install = await signedInstall(user, 'acct_Mixed1');
    const mixed = await complete(user, { ...install, error: 'access_denied', error_description: 'The user denied your request' });
    expectError(mixed, 400, 'VALIDATION_FAILED', 'error');
    expectError(mixed, 400, 'VALIDATION_FAILED', 'error_description');
    const accounts = okBody(await user.api<{ rows: Account[] }>('GET', '/api/accounts/'));
    expect(accounts.rows).toEqual([]);
  });

  it('refuses the error pair on its own: a cancelled install is shown, never completed', async () => {
    const user = await env.signUp();
    const cancelled = await complete(user, { error: 'access_denied', error_description: 'The user denied your request' });
    expectError(cancelled, 400, 'VALIDATION_FAILED', 'account_id');
    expectError(cancelled, 400, 'VALIDATION_FAILED', 'install_signature');
  });
});
