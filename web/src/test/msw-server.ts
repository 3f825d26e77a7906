import type { InboundCounts, InstanceInfo } from '@receivables/contracts';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** A bearer token the web's API client accepts: unsigned, but with an `exp` 15 minutes ahead. */
export const testToken = `e30.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 900 }))}.sig`;

/** No received email waiting: what the menu's unread count reads unless a test says otherwise. */
const NO_INBOUND: InboundCounts = { unread: 0, unassigned: 0 };

/** A server that emails account links and can connect Stripe, unless a test says otherwise. */
const INSTANCE: InstanceInfo = { account_mail: 'smtp', stripe_connect: true };

/**
 * The network of every web test (docs/testing.md): MSW answers at the fetch level, so the app's
 * own API client, token handling and better-auth client run as they do in the browser. Only the
 * token endpoint is answered by default, since every API call asks for one first, and the unread
 * counts the menu of every signed-in page reads (none; a test's own `onApi` answer comes first), and
 * what the server can do (`GET /api/instance/`, read by the sign-in screens and Stripe's offers); a
 * test adds handlers for the rest with `server.use(...)`, and any request nobody answers fails the test.
 */
export const server = setupServer(
  http.get('/api/auth/token', () => HttpResponse.json({ token: testToken })),
  http.get('/api/inbound/counts/', () => HttpResponse.json(NO_INBOUND)),
  http.get('/api/instance/', () => HttpResponse.json(INSTANCE)),
);

// MSW 2 keeps a clone of every mocked response for its life-cycle listeners, and under Node an
// unread clone makes `response.body.cancel()` on the original hang (mswjs/interceptors#712, fixed
// only in the interceptors of MSW 3, which needs Node 22). The API client cancels a 401's body
// before retrying, so the clone is let go here; browsers never hang on it.
server.events.on('response:mocked', ({ response }) => {
  void response.body?.cancel();
});
