import { addDays, type SendingMode, type SendingModeState } from '@receivables/contracts';

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

const weekdayDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const weekdayDayYear = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "today", "tomorrow" or "on Monday 30 November" (the year too when it is not this one): a calendar day as written. */
function whenInWords(day: string, today: string): string {
  if (day <= today) return 'today';
  if (day === addDays(today, 1)) return 'tomorrow';
  const format = day.slice(0, 4) === today.slice(0, 4) ? weekdayDay : weekdayDayYear;
  return `on ${format.format(new Date(`${day}T00:00:00Z`)).replace(',', '')}`;
}

type NextSend = NonNullable<SendingModeState['next_send']>;

/**
 * When the next planned emails go and how many (decision 0046): "19 emails go out today", or
 * "Nothing goes out before Monday 30 November, when 19 emails do". "0 emails in the next 24 hours"
 * on a Saturday said nothing of Monday's 19. `today` is the organisation's.
 */
export function nextEmailsInWords(next: NextSend, today: string): string {
  const count = next.emails === 1 ? '1 email' : `${next.emails.toLocaleString('en-GB')} emails`;
  const when = whenInWords(next.day, today);
  if (when === 'today' || when === 'tomorrow') return `${count} ${next.emails === 1 ? 'goes' : 'go'} out ${when}`;
  return `Nothing goes out before ${when.slice(3)}, when ${count} ${next.emails === 1 ? 'does' : 'do'}`;
}

/** "19 on Monday 30 November", "1 tomorrow": the next emails in a few words. */
export function nextEmailsInBrief(next: NextSend, today: string): string {
  return `${next.emails.toLocaleString('en-GB')} ${whenInWords(next.day, today)}`;
}
