import type { SendingMode, SendingModeState } from '@receivables/contracts';

/** Each mode in words (docs/domain.md#events-and-sending), as the card and its confirmation say it. */
export const SENDING_MODE_WORDS: Record<SendingMode, { label: string; hint: string }> = {
  dryrun: {
    label: 'Dry run',
    hint: 'Reminders are written and kept in Activity exactly as they would go out, but nothing is sent. New organisations start here.',
  },
  sending: { label: 'Sending', hint: 'Due reminders are emailed to your customers, within your send window.' },
  disabled: { label: 'Disabled', hint: 'Nothing is planned and nothing is sent. Planned reminders are set aside until you switch back.' },
};

const MISSING_WORDS: Record<SendingModeState['missing'][number], string> = { mail_server: 'a mail server', from_email: 'a from address' };

/** "a mail server and a from address": what sending still needs, as the server words its refusal. */
export function missingInWords(missing: SendingModeState['missing']): string {
  return missing.map((m) => MISSING_WORDS[m]).join(' and ');
}
