import type { OrganisationView } from '@receivables/contracts';
import { http, type HttpHandler, HttpResponse } from 'msw';

/** A London organisation in pounds, the defaults of a new one. */
export const TEST_ORGANISATION: OrganisationView = { time_zone: 'Europe/London', default_currency: 'GBP', role: 'owner', sending_mode: 'sending' };

const USER_ID = 'user-0001';
const ORGANISATION_ID = '99999999-9999-4999-8999-999999999999';
const SINCE = '2026-01-01T00:00:00.000Z';

/** better-auth's session as `GET /api/auth/get-session` answers it, in an active organisation. */
const SESSION = {
  session: {
    id: 'session-0001',
    userId: USER_ID,
    token: 'session-token',
    expiresAt: '2099-01-01T00:00:00.000Z',
    createdAt: SINCE,
    updatedAt: SINCE,
    activeOrganizationId: ORGANISATION_ID,
  },
  user: { id: USER_ID, name: 'Ann Accountant', email: 'ann@example.test', emailVerified: true, image: null, createdAt: SINCE, updatedAt: SINCE },
};

/**
 * Someone signed in to an organisation with these settings: what the `_authenticated` route and
 * the app frame ask for before a screen shows (the session, the organisation's settings, the
 * organisations for the switcher).
 */
export function signedIn(organisation: OrganisationView = TEST_ORGANISATION): HttpHandler[] {
  return [
    http.get('/api/auth/get-session', () => HttpResponse.json(SESSION)),
    http.get('/api/auth/organization/list', () =>
      HttpResponse.json([{ id: ORGANISATION_ID, name: 'Acme Receivables', slug: 'acme', logo: null, metadata: null, createdAt: SINCE }]),
    ),
    http.get<never, never, OrganisationView>('/api/organisation/', () => HttpResponse.json(organisation)),
  ];
}

/** No session: better-auth answers `GET /api/auth/get-session` with null for a visitor without its cookie. */
export function signedOut(): HttpHandler[] {
  return [http.get('/api/auth/get-session', () => HttpResponse.json(null))];
}
