import { EMAIL_KINDS, type EmailKind, type RenderedEmail, TEMPLATE_BODY_MAX, TEMPLATE_SUBJECT_MAX, type Tone, TONES } from '@receivables/contracts';
import { describe, expect, it } from 'vitest';

import { HELD_OUT, MAIN, type CorpusInvoice, type CorpusProfile } from './letter-corpus.fixtures';
import { type CustomerMail, mergeDataFor } from './load-customer-mail';
import { generateTemplate } from './phrases/generate-template';
import { renderEmail } from './render-email';
import { variantIndex } from './template-engine';

/**
 * The letter corpus (issue 29): every generated letter in every combination that changes what it
 * may truly say, rendered through the real renderEmail. The main fixture's letters are kept as
 * files in __letters__/ so a change of wording is a diff a person reads; every letter, of the main
 * fixture and of the held-out ones, is checked against the phrase rules of docs/email-tones.md.
 */

interface Combo {
  tone: Tone;
  kind: EmailKind;
  named: boolean;
  several: boolean;
  links: boolean;
  remindersSent: 0 | 2;
  beforeDue: boolean;
}

const comboName = (c: Combo): string =>
  [
    c.named ? 'named' : 'no name',
    c.several ? 'several invoices' : 'one invoice',
    c.links ? 'payment links' : 'no links',
    c.remindersSent === 0 ? 'first reminder' : '2 reminders sent',
    c.beforeDue ? 'before the due date' : 'overdue',
  ].join(' | ');

/** Every combination for one tone and kind; a step before the due date cannot use an escalation (decision 0036). */
function combos(tone: Tone, kind: EmailKind): Combo[] {
  const all: Combo[] = [];
  for (const beforeDue of kind === 'regular_email' ? [false, true] : [false])
    for (const named of [true, false])
      for (const several of [false, true])
        for (const links of [true, false])
          for (const remindersSent of [0, 2] as const) all.push({ tone, kind, named, several, links, remindersSent, beforeDue });
  return all;
}

/** The invoices a combination's letter lists, as the fixture has them. */
function invoicesOf(profile: CorpusProfile, c: Combo): CorpusInvoice[] {
  const listed = (c.beforeDue ? profile.beforeDue : profile.overdue).invoices;
  return (c.several ? listed : listed.slice(0, 1)).map((inv) => (c.links ? inv : { ...inv, paymentUrl: null }));
}

const todayOf = (profile: CorpusProfile, c: Combo): string => (c.beforeDue ? profile.beforeDue.today : profile.overdue.today);

function mailOf(profile: CorpusProfile, c: Combo): CustomerMail {
  const contact = (who: CorpusProfile['primary']) => ({ name: c.named ? who.name : null, email: who.email });
  return {
    customerId: '00000000-0000-4000-8000-00000000c0de',
    customerName: profile.customerName,
    standing: c.beforeDue ? 'in_good_standing' : 'multiple_missed',
    standingSince: new Date('2026-01-01T00:00:00Z'),
    workflowId: null,
    currency: profile.currency,
    primary: contact(profile.primary),
    escalation: contact(profile.escalation),
    invoices: invoicesOf(profile, c).map(({ amount, ...inv }) => ({ ...inv, amountRemaining: amount })),
  };
}

async function render(profile: CorpusProfile, c: Combo, variation: 'none' | 'vary', seed: string): Promise<RenderedEmail> {
  const { senderName, signature } = profile;
  const { remindersSent } = c;
  const data = mergeDataFor(mailOf(profile, c), c.kind, { today: todayOf(profile, c), senderName, signature, remindersSent });
  const template = { ...generateTemplate(c.tone, c.kind), tone: c.tone, kind: c.kind, variation };
  // A letter renders in about a millisecond; on a loaded machine one can pass the 100 ms budget
  // (decision 0031), which says nothing about its words: such a render is tried again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      return await renderEmail(template, data, seed);
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || !/takes too long to render|render limit exceeded/.test(error.message)) throw error;
    }
  }
}

// ---- What the letter should print, computed here from the fixture, not by the code under test.

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const dayNumber = (day: string): number => {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / 86_400_000;
};
const longDate = (day: string): string => {
  const [y, m, d] = day.split('-').map(Number);
  return `${d ?? 0} ${MONTHS[(m ?? 1) - 1] ?? ''} ${y ?? 0}`;
};
/** en-GB money (docs/product.md): "£1,234.50", "€0.99", "US$1,234,567.89". */
const SYMBOL = { GBP: '£', EUR: '€', USD: 'US$' } as const;
const money = (minor: number, currency: CorpusProfile['currency']): string => {
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${SYMBOL[currency]}${whole}.${String(minor % 100).padStart(2, '0')}`;
};
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const when = (days: number): string => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/** What must never be said: threats the sender cannot carry out, shouting (rules 1 and 2). */
const THREATS = /legal action|solicitor|court|debt collect|credit (rating|score)|bailiff|final warning|failure to pay|!/i;
/** What a letter before the due date must never say (rule 8). */
const LATENESS = /overdue|\blate\b|past due|past (its|their) due|slipped|outstanding since|days late/i;
const CLAIMS_REMINDERS = /we have (written|sent)|earlier reminders|reminders? to .* (have|has) (gone unanswered|not led)|despite/i;
const AMOUNT = /(?:US\$|£|€|\$)\d[\d,]*(?:\.\d+)?/g;
const DATE = new RegExp(String.raw`\b\d{1,2} (?:${MONTHS.join('|')}) \d{4}\b`, 'g');

/** Every rule a letter is held to; each failure says which. */
function ruleFailures(profile: CorpusProfile, c: Combo, email: RenderedEmail): string[] {
  const failures: string[] = [];
  const fail = (rule: string) => failures.push(rule);
  const invoices = invoicesOf(profile, c);
  const today = dayNumber(todayOf(profile, c));
  const oldest = invoices[0] as CorpusInvoice;
  const total = invoices.reduce((sum, inv) => sum + inv.amount, 0);
  const linked = invoices.filter((inv) => inv.paymentUrl !== null).length;
  const { subject, text, html } = email;
  const lines = text.split('\n');
  // The prose: the text without the invoice table's lines (header, rows, links wrapped in a cell, total).
  const prose = lines.filter((l) => !invoices.some((inv) => l.startsWith(inv.number)) && !/^(Invoice|Total)\s|^\s|^\S*\]$/.test(l)).join('\n');
  const said = `${subject}\n${text}`;
  const flat = said.replace(/\s+/g, ' ');

  // Rule 7: greeted by name — first name in the friendly tones, full name in the firm ones, the team without a name; never an address.
  const contact = c.kind === 'regular_email' ? profile.primary : profile.escalation;
  const friendly = c.tone === 'friendly-reminder' || c.tone === 'relationship-building';
  const name = c.named ? (friendly ? contact.firstName : contact.name) : `${profile.customerName} team`;
  const greeting = lines[0] ?? '';
  if (greeting.includes('@')) fail(`an address as the greeting: "${greeting}"`);
  if (!new RegExp(`^(Hi|Dear) ${escapeRegExp(name)},$`).test(greeting)) fail(`greeting "${greeting}", expected "${name}"`);

  // Rule 6: only what is true of this email.
  if (/\b0 (reminders?|times?)\b/i.test(flat)) fail('counts 0 reminders');
  if (c.remindersSent === 0 && CLAIMS_REMINDERS.test(flat)) fail('claims earlier reminders in a first letter');
  if (linked === 0 && /links? above/i.test(flat)) fail('"links above" without links');
  if ((html.match(/>Pay now<\/a>/g) ?? []).length !== linked) fail(`"Pay now" links: expected ${linked}`);
  const signOff = profile.signature.trim() || profile.senderName;
  if (!text.endsWith(`,\n${signOff}`)) fail(`does not end with the closing and one sign-off "${signOff.split('\n')[0] ?? ''}"`);
  if (text.split(signOff.split('\n')[0] ?? '').length - 1 !== 1) fail('the sign-off more than once');
  const totalText = money(total, profile.currency);
  const totalRow = new RegExp(`^Total +${escapeRegExp(totalText)}\\s*$`, 'm');
  if (c.several && !totalRow.test(text)) fail(`no total row of ${totalText}`);
  if (c.several && !new RegExp(`<tfoot>.*Total.*${escapeRegExp(totalText)}.*</tfoot>`, 's').test(html)) fail('no total row in the HTML');
  if (!c.several && (/^Total\b/m.test(text) || html.includes('<tfoot'))) fail('a total row under one invoice');
  if (/\b1 (invoices|reminders|times|days)\b/.test(flat)) fail(`disagrees in number: "${/\b1 (invoices|reminders|times|days)\b/.exec(flat)?.[0] ?? ''}"`);
  if (c.several && new RegExp(`\\b${invoices.length} invoice\\b`).test(flat)) fail('disagrees in number');

  // Rule 3: the figures of the fixture on its today — each row, then every amount, date and count of days said anywhere.
  for (const inv of invoices) {
    const late = today - dayNumber(inv.dueDate);
    const column = c.beforeDue ? when(-late) : String(late);
    const row = new RegExp(`^${escapeRegExp(inv.number)} +${escapeRegExp(longDate(inv.dueDate))} +${escapeRegExp(column)} +${escapeRegExp(money(inv.amount, profile.currency))}\\b`, 'm');
    if (!row.test(text)) fail(`row of ${inv.number}: expected ${longDate(inv.dueDate)}, ${column}, ${money(inv.amount, profile.currency)}`);
  }
  const amounts = new Set([totalText, ...invoices.map((inv) => money(inv.amount, profile.currency))]);
  for (const printed of said.match(AMOUNT) ?? []) if (!amounts.has(printed)) fail(`an amount not owed: ${printed}`);
  // Lines wrap at 78 characters, a date with them ("26\nNovember 2026"): read the prose as one line.
  for (const printed of `${subject} ${prose}`.replace(/\s+/g, ' ').match(DATE) ?? []) if (printed !== longDate(oldest.dueDate)) fail(`a date other than the oldest due date: ${printed}`);
  const days = c.beforeDue ? dayNumber(oldest.dueDate) - today : today - dayNumber(oldest.dueDate);
  for (const m of `${subject}\n${prose}`.replace(/\s+/g, ' ').matchAll(/(within (?:the next )?)?\b(\d+) days?\b/g))
    if (!m[1] && Number(m[2]) !== days) fail(`says ${m[0]}, expected ${days} days`);
  if (c.beforeDue && !new RegExp(`\\b${escapeRegExp(when(days))}\\b`).test(text)) fail(`does not say when it falls due (${when(days)})`);

  // Rule 8: before the due date nothing says late or overdue; rules 1 and 2: no threat, no shouting.
  if (c.beforeDue && LATENESS.test(flat)) fail(`before the due date, says "${LATENESS.exec(flat)?.[0] ?? ''}"`);
  if (c.beforeDue && /escalat|accounts team|senior contact/i.test(prose)) fail('names a next step before the due date');
  if (THREATS.test(`${subject}\n${prose}`)) fail(`threatens or shouts: "${THREATS.exec(`${subject}\n${prose}`)?.[0] ?? ''}"`);
  // Capitals the customer's data brings ("Brasserie Lumière SARL") are not the letter shouting.
  const ownWords = [profile.customerName, profile.senderName, profile.primary.name, profile.escalation.name].reduce((t, n) => t.split(n).join(' '), `${subject}\n${prose}`.replace(/\s+/g, ' '));
  if (/\b[A-Z]{4,}\b/.test(ownWords)) fail('shouts in capitals');

  // Nothing of the template left over.
  for (const [part, value] of [['subject', subject], ['text', text], ['html', html]] as const)
    if (/{{|}}|{%|%}|undefined|NaN|\[object/.test(value)) fail(`template left in the ${part}`);
  return failures;
}

// ---- Which seeds show every wording under `vary`: a block's choice is variantIndex(seed, its place in the source).

interface Block {
  key: string;
  position: number;
  count: number;
}

function blocksOf(source: string, part: string): Block[] {
  const blocks: Block[] = [];
  for (let at = source.indexOf('{% variants %}'); at !== -1; at = source.indexOf('{% variants %}', at + 1)) {
    const inner = source.slice(at, source.indexOf('{% endvariants %}', at));
    blocks.push({ key: `${part}@${at}`, position: at, count: inner.split('{% or %}').length });
  }
  return blocks;
}

/** The fewest seeds (greedily) under which every block of the template shows each of its wordings at least once. */
function seedsForEveryWording(tone: Tone, kind: EmailKind): string[] {
  const { subject, body } = generateTemplate(tone, kind);
  const blocks = [...blocksOf(subject, 'subject'), ...blocksOf(body, 'body')];
  const wanted = new Set(blocks.flatMap((b) => Array.from({ length: b.count }, (_, i) => `${b.key}:${i}`)));
  const seeds: string[] = [];
  for (let n = 0; wanted.size > 0 && n < 500; n++) {
    const seed = `corpus:${n}`;
    const shown = blocks.map((b) => `${b.key}:${variantIndex({ variation: 'vary', seed }, b.position, b.count)}`);
    if (shown.some((key) => wanted.has(key))) {
      seeds.push(seed);
      for (const key of shown) wanted.delete(key);
    }
  }
  expect(wanted.size, `${tone} ${kind}: wordings no seed shows`).toBe(0);
  return seeds;
}

/** One letter under a header line naming its combination, for the files in __letters__/. */
const entry = (c: Combo, body: string): string => `======== ${comboName(c)} ========\n${body}\n`;
/** The sent HTML, a line per paragraph and table row, so a diff shows the passage that changed. */
const readableHtml = (html: string): string => html.replace(/(<\/(?:p|tr|thead|tbody|tfoot|table|title|head)>|<br>)/g, '$1\n');

interface CorpusRun {
  failures: string[];
  /** Letters rendered and checked: each combination as written, and under `vary` with every wording. */
  letters: number;
  /** Each combination's letter as written, in the order of combos(). */
  none: RenderedEmail[];
}

async function checkAll(profile: CorpusProfile, tone: Tone, kind: EmailKind): Promise<CorpusRun> {
  const failures: string[] = [];
  const none: RenderedEmail[] = [];
  let letters = 0;
  const seeds = seedsForEveryWording(tone, kind);
  for (const c of combos(tone, kind)) {
    const runs = [{ variation: 'none' as const, seed: 'corpus' }, ...seeds.map((seed) => ({ variation: 'vary' as const, seed }))];
    for (const { variation, seed } of runs) {
      const email = await render(profile, c, variation, seed);
      if (variation === 'none') none.push(email);
      letters++;
      for (const rule of ruleFailures(profile, c, email)) failures.push(`${profile.label} ${tone} ${kind} [${comboName(c)}] (${variation}${variation === 'vary' ? ` ${seed}` : ''}): ${rule}`);
    }
  }
  return { failures, letters, none };
}

describe('the letter corpus', () => {
  for (const kind of EMAIL_KINDS) {
    for (const tone of TONES) {
      it(`${tone} ${kind}: every combination keeps the rules, and its letters are on file`, async () => {
        // The template the editor is given must be one it can save.
        const generated = generateTemplate(tone, kind);
        expect(generated.subject.length).toBeLessThanOrEqual(TEMPLATE_SUBJECT_MAX);
        expect(generated.body.length).toBeLessThanOrEqual(TEMPLATE_BODY_MAX);
        const { failures, letters, none } = await checkAll(MAIN, tone, kind);
        expect(failures).toEqual([]);
        expect(none).toHaveLength(kind === 'regular_email' ? 32 : 16);
        expect(letters).toBeGreaterThan(none.length);
        const all = combos(tone, kind);
        const header = `# ${tone}, ${kind}: every combination of the main fixture, variation "none" (letter-corpus.test.ts writes this file)\n\n`;
        const text = all.map((c, i) => entry(c, `Subject: ${none[i]?.subject ?? ''}\n\n${none[i]?.text ?? ''}`)).join('\n');
        const html = all.map((c, i) => entry(c, readableHtml(none[i]?.html ?? ''))).join('\n');
        await expect(header + text).toMatchFileSnapshot(`./__letters__/${tone}-${kind}.txt`);
        await expect(header + html).toMatchFileSnapshot(`./__letters__/${tone}-${kind}.html`);
      });
    }
  }

  // The day after the due date (a workflow step at day 1): "1 day late", never "1 days".
  const dayAfter: CorpusProfile = {
    ...MAIN,
    label: 'one day late',
    overdue: { today: '2026-11-23', invoices: MAIN.overdue.invoices.map((inv) => ({ ...inv, dueDate: '2026-11-22' })) },
  };
  it('one day late: every tone, kind and wording keeps the rules', async () => {
    const failures: string[] = [];
    for (const kind of EMAIL_KINDS) for (const tone of TONES) failures.push(...(await checkAll(dayAfter, tone, kind)).failures);
    expect(failures).toEqual([]);
  });

  // Held out: checked only, never written to file, and the wording is not tuned to it.
  for (const profile of HELD_OUT) {
    for (const kind of EMAIL_KINDS) {
      for (const tone of TONES) {
        it(`${profile.label}, ${tone} ${kind}: the rules hold for a customer the wording was not written against`, async () => {
          const { failures, none } = await checkAll(profile, tone, kind);
          expect(failures).toEqual([]);
          expect(none).toHaveLength(kind === 'regular_email' ? 32 : 16);
        });
      }
    }
  }
});
