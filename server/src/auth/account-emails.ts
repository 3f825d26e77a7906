import { decodeJwt } from 'jose';

import type { AccountMail, AccountMailer } from './account-mail';

/** How long a password-reset link works (decision 0026): long enough to find the email, short enough to go stale. */
export const RESET_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** How long an address-confirmation link works (better-auth's default, said in the email). */
export const VERIFY_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** Where a confirmation link lands in the SPA, which says whether it worked (`?error=` when not). */
export const EMAIL_CONFIRMED_PATH = '/email-confirmed';

interface Recipient {
  name: string;
  email: string;
}

const NOT_YOU = 'If you did not ask for this, you can ignore this email: nothing changes until the link is used.';

function greeting(user: Recipient): string {
  const name = user.name.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

/**
 * The reset link for the email: the SPA's `/reset-password` at the origin the request named (better-auth
 * checked it is a trusted one) or at PUBLIC_URL, so the person lands on the screen, not on an API redirect.
 */
export function resetPasswordLink(betterAuthUrl: string, token: string, publicUrl: string): string {
  const callback = new URL(betterAuthUrl).searchParams.get('callbackURL');
  let origin = new URL(publicUrl).origin;
  if (callback) {
    try {
      origin = new URL(callback, publicUrl).origin;
    } catch {
      // Not a URL at all: PUBLIC_URL it is.
    }
  }
  const link = new URL('/reset-password', origin);
  link.searchParams.set('token', token);
  return link.href;
}

export function resetPasswordMail(user: Recipient, url: string): AccountMail {
  return {
    to: user.email,
    subject: 'Reset your Receivables password',
    lines: [greeting(user), 'Someone, hopefully you, asked to reset the password of your Receivables account. Choose a new one here:'],
    action: { label: 'Choose a new password', url },
    after: [
      'The link works once, for one hour. Setting a new password signs you out everywhere else.',
      'If you did not ask for this, you can ignore this email: your password stays as it is.',
    ],
  };
}

/**
 * Sent instead of an account when someone signs up with an address that already has one (issue 28,
 * finding 8): the sign-up answers as for a new address, so only the mailbox's owner learns of it.
 */
export function existingAccountMail(user: Recipient, publicUrl: string): AccountMail {
  const origin = new URL(publicUrl).origin;
  return {
    to: user.email,
    subject: 'You already have a Receivables account',
    lines: [
      greeting(user),
      'Someone, hopefully you, tried to create a Receivables account with this address. It already has one, so nothing was created. Sign in here:',
    ],
    action: { label: 'Sign in', url: new URL('/signin', origin).href },
    after: [
      `If you have forgotten your password, choose a new one at ${new URL('/forgot-password', origin).href}`,
      'If this was not you, you can ignore this email: your account and its password stay as they are.',
    ],
  };
}

/** The confirmation link with our landing page as its destination, whatever the request asked for. */
export function confirmationLink(betterAuthUrl: string, kind: 'verify' | 'change'): string {
  const url = new URL(betterAuthUrl);
  url.searchParams.set('callbackURL', `${EMAIL_CONFIRMED_PATH}?kind=${kind}`);
  return url.href;
}

/** Whether better-auth's verification token is for a change of address (it carries `updateTo`). */
export function isAddressChange(token: string): boolean {
  try {
    // Read, not verified: better-auth verifies the token when the link is followed; this only picks the email.
    return Boolean(decodeJwt(token).updateTo);
  } catch {
    return false;
  }
}

export function verifyAddressMail(user: Recipient, url: string): AccountMail {
  return {
    to: user.email,
    subject: 'Confirm your email address for Receivables',
    lines: [greeting(user), 'Thank you for creating a Receivables account. Please confirm that this is your email address:'],
    action: { label: 'Confirm my address', url },
    after: ['The link works for 24 hours.', NOT_YOU],
  };
}

/** Sent to the new address: following the link is what makes the change. */
export function changeAddressMail(user: Recipient, newEmail: string, url: string): AccountMail {
  return {
    to: newEmail,
    subject: 'Confirm your new email address for Receivables',
    lines: [greeting(user), `You asked to use ${newEmail} for your Receivables account. Confirm it to make the change:`],
    action: { label: 'Use this address', url },
    after: ['The link works for 24 hours. Until then you sign in with your current address.', NOT_YOU],
  };
}

/**
 * Sends without making the request wait: a slow or refusing mail server must not tell an
 * onlooker whether an address has an account (a reset for an unknown address answers at once),
 * nor fail a sign-up. A refusal is logged for whoever runs the server.
 */
export function sendInBackground(mailer: AccountMailer, mail: AccountMail, logError: (message: string) => void): Promise<void> {
  mailer.send(mail).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    logError(`Account email "${mail.subject}" to ${mail.to} was not sent: ${reason}`);
  });
  return Promise.resolve();
}
