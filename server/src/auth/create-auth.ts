import { SESSION_LIFETIME_DAYS, SESSION_RENEWAL_DAYS } from '@receivables/contracts';
import { betterAuth, createLogger } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { jwt, organization } from 'better-auth/plugins';

import type { AppConfig } from '../config';
import { type Db, type Tx, withOrg } from '../db/client';
import { authSchema, orgSettings } from '../db/schema';

import {
  changeAddressMail,
  confirmationLink,
  existingAccountMail,
  isAddressChange,
  RESET_TOKEN_LIFETIME_SECONDS,
  resetPasswordLink,
  resetPasswordMail,
  sendInBackground,
  VERIFY_TOKEN_LIFETIME_SECONDS,
  verifyAddressMail,
} from './account-emails';
import { checkAccountLimit, clearOnSuccess, mayEmailExistingAccount } from './account-limits';
import type { AccountMailer } from './account-mail';
import { checkIdFields } from './id-fields';
import { refuseForeignSwitch } from './organisation-switch';
import { dropEarlierResetLinks, dropResetLinks } from './reset-links';
import { findOrganizationToResume } from './resume-organization';
import { type InvitationTokenCheck, checkTeamEndpoint } from './team-writes';

/**
 * The header the auth route fills with Fastify's idea of the client address (it honours
 * trustProxy); any client-sent value is dropped first, so the rate limiter's key cannot be spoofed.
 */
export const CLIENT_IP_HEADER = 'x-receivables-client-ip';

const RATE_LIMIT_WINDOW_SECONDS = 60;
const SECONDS_PER_DAY = 86_400;
const ACCOUNT_MAIL_WINDOW_SECONDS = 15 * 60;
const ACCOUNT_MAIL_PER_CLIENT = 20;

/** Who joined an organisation by accepting an invitation, and as what. */
export interface JoinedMember {
  orgId: string;
  memberId: string;
  userId: string;
  name: string;
  email: string;
  role: string;
}

/** What the product does when better-auth changes an organisation: given by the app, as auth knows no domain. */
export interface AuthHooks {
  /** A new organisation, in its own transaction: the product's first records in it (a starter workflow). */
  organisationCreated(tx: Tx, orgId: string): Promise<void>;
  /** Someone accepted an invitation, in a transaction under the organisation's row-level security. */
  memberJoined(tx: Tx, member: JoinedMember): Promise<void>;
  /** Whether a token is the current secret of an invitation's link (accepting or declining needs it). */
  isInvitationToken: InvitationTokenCheck;
}

/**
 * better-auth with email + password, organisations and JWTs carrying the active organisation;
 * `mailer` sends its account emails (decision 0025); `hooks` are the product's part in its events.
 */
export function createAuth(db: Db, config: AppConfig, mailer: AccountMailer, hooks: AuthHooks) {
  const credentialRule = { window: RATE_LIMIT_WINDOW_SECONDS, max: config.auth.rateLimitMax };
  // Each of these sends an email. Per client address, twenty a quarter of an hour (an office behind one
  // address); per mailbox, three (auth/account-limits.ts): no inbox can be flooded (decision 0026).
  const accountMailRule = { window: ACCOUNT_MAIL_WINDOW_SECONDS, max: ACCOUNT_MAIL_PER_CLIENT };
  const authLog = createLogger({ disabled: config.logLevel === 'silent' });
  const logMailError = (message: string) => authLog.error(message);
  return betterAuth({
    appName: 'Receivables',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    user: {
      modelName: 'auth_user',
      // A new address is used only once its owner follows the link sent to it (decision 0026).
      changeEmail: { enabled: true },
    },
    // Stated on the cookie notice: say it once in contracts so the notice cannot drift from it.
    session: {
      modelName: 'auth_session',
      expiresIn: SESSION_LIFETIME_DAYS * SECONDS_PER_DAY,
      updateAge: SESSION_RENEWAL_DAYS * SECONDS_PER_DAY,
    },
    account: { modelName: 'auth_account' },
    verification: { modelName: 'auth_verification' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      // A sign-up answers alike for a new address and a taken one (issue 28, finding 8): no session
      // from sign-up (the SPA signs in next), and the owner of a taken address is emailed instead.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        if (await mayEmailExistingAccount(db, user.email)) {
          await sendInBackground(mailer, existingAccountMail(user, config.publicUrl), logMailError);
        }
      },
      // Through the instance's account mailer; with no mail server outside production the link is
      // written to the log (decision 0026).
      // Only the newest link works: sending one drops the earlier, and a reset drops them all.
      sendResetPassword: async ({ user, url, token }) => {
        await dropEarlierResetLinks(db, user.id, token);
        await sendInBackground(mailer, resetPasswordMail(user, resetPasswordLink(url, token, config.publicUrl)), logMailError);
      },
      onPasswordReset: ({ user }) => dropResetLinks(db, user.id),
      resetPasswordTokenExpiresIn: RESET_TOKEN_LIFETIME_SECONDS,
      // Whoever knew the old password is signed out with it.
      revokeSessionsOnPasswordReset: true,
    },
    // Confirming an address never blocks signing in (the SPA asks gently instead): a server with no
    // mail server could otherwise never be used. Sign-ups are asked to confirm only when mail really leaves.
    emailVerification: {
      sendOnSignUp: mailer.mode === 'smtp',
      expiresIn: VERIFY_TOKEN_LIFETIME_SECONDS,
      sendVerificationEmail: ({ user, url, token }, request) => {
        if (isAddressChange(token)) return sendInBackground(mailer, changeAddressMail(user, user.email, confirmationLink(url, 'change')), logMailError);
        // A sign-up the server makes itself (the demo seed) has nobody to confirm it.
        if (!request) return Promise.resolve();
        return sendInBackground(mailer, verifyAddressMail(user, confirmationLink(url, 'verify')), logMailError);
      },
    },
    advanced: {
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Secure (https-only) session cookies whenever the app is served over https.
      useSecureCookies: config.publicUrl.startsWith('https:'),
      // better-auth skips the Origin / CSRF check under a test runner; keep it on so tests see
      // production behaviour.
      disableOriginCheck: false,
    },
    // On in every environment (better-auth enables it only in production by default). Counted in
    // the database: every API process shares the counts, and better-auth's memory store would be one
    // map for every app in the process (test files running in one worker limited one another).
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'auth_rate_limit',
      window: RATE_LIMIT_WINDOW_SECONDS,
      max: 600,
      customRules: {
        '/sign-in/email': credentialRule,
        '/sign-up/email': credentialRule,
        '/request-password-reset': accountMailRule,
        '/send-verification-email': accountMailRule,
        '/change-email': accountMailRule,
      },
    },
    // The product's checks, on the endpoint better-auth's router chose (never the URL as spelt).
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        checkIdFields(ctx);
        if (ctx.path === '/organization/set-active') {
          const session = await getSessionFromCtx(ctx);
          if (session) await refuseForeignSwitch(db, session.user.id, ctx.body);
        }
        await checkTeamEndpoint(ctx, hooks.isInvitationToken);
        await checkAccountLimit(db, ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await clearOnSuccess(db, ctx, !isAPIError(ctx.context.returned));
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // A new sign-in resumes the organisation the user last worked in.
          before: async (session) => {
            if (session.activeOrganizationId) return { data: session };
            const activeOrganizationId = await findOrganizationToResume(db, session.userId);
            return { data: { ...session, activeOrganizationId } };
          },
        },
      },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent' },
    plugins: [
      organization({
        schema: {
          organization: { modelName: 'auth_organization' },
          member: { modelName: 'auth_member' },
          invitation: { modelName: 'auth_invitation' },
        },
        organizationHooks: {
          // Every organisation has its settings row from the start, in dry-run (docs/domain.md, Events and sending).
          afterCreateOrganization: async ({ organization: org }) => {
            await db.insert(orgSettings).values({ orgId: org.id }).onConflictDoNothing();
            // And a default workflow over starter templates, so it chases sensibly from day one.
            await withOrg(db, org.id, (tx) => hooks.organisationCreated(tx, org.id));
          },
          // Joining is better-auth's (decision 0025); the audit log still says who joined, and as what.
          afterAcceptInvitation: async ({ member, user }) => {
            const orgId = member.organizationId;
            const joined = { orgId, memberId: member.id, userId: user.id, name: user.name, email: user.email, role: member.role };
            await withOrg(db, orgId, (tx) => hooks.memberJoined(tx, joined));
          },
        },
      }),
      jwt({
        schema: { jwks: { modelName: 'auth_jwks' } },
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: '15m',
          // The API needs the active organisation in the token (decision 0003); the SPA re-mints
          // the token after switching organisation.
          definePayload: ({ user, session }) => {
            const orgId: unknown = session.activeOrganizationId;
            return {
              email: user.email,
              name: user.name,
              ...(typeof orgId === 'string' && orgId ? { [config.auth.orgClaim]: orgId } : {}),
            };
          },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
