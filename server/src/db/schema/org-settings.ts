import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

import { idColumn, orgIdColumn, timestampColumns } from './columns';
import { sendingModeEnum } from './enums';

/** When chasing emails may leave: ISO weekdays (1 = Monday) and a local time window. */
export interface SendWindow {
  days: number[];
  start: string;
  end: string;
}

export const orgSettings = pgTable(
  'org_settings',
  {
    id: idColumn(),
    orgId: orgIdColumn(),
    // New organisations start in dry-run so nothing is sent before someone decides to (docs/domain.md, Events and sending).
    sendingMode: sendingModeEnum('sending_mode').notNull().default('dryrun'),
    fromName: text('from_name'),
    fromEmail: text('from_email'),
    replyToDomain: text('reply_to_domain'),
    signature: text('signature'),
    timezone: text('timezone').notNull().default('Europe/London'),
    sendWindow: jsonb('send_window')
      .$type<SendWindow>()
      .notNull()
      .default(sql`'{"days":[1,2,3,4,5],"start":"09:00","end":"17:00"}'::jsonb`),
    /** Public holidays skipped by the send calendar: a date-holidays region such as GB-ENG; null for none. */
    holidayRegion: text('holiday_region'),
    /** Reminders per customer in any 7 days, across all workflows (docs/domain.md#workflows-and-templates). */
    weeklyCap: integer('weekly_cap').notNull().default(2),
    defaultCurrency: text('default_currency').notNull().default('GBP'),
    pauseOnReply: boolean('pause_on_reply').notNull().default(true),
    /**
     * The day the daily figures pass last brought every customer's figures to (decision 0018, "The
     * daily figures pass"): the next pass recomputes only what time can have changed since. Null: never.
     */
    figuresAsOf: date('figures_as_of', { mode: 'string' }),
    /**
     * The company a letter comes from, for its footer (decision 0038): registered name, company
     * number, registered office and VAT number, each shown when set; the logo as a data: URL
     * (PNG or JPEG), sent inline with every email.
     */
    companyName: text('company_name'),
    companyNumber: text('company_number'),
    companyAddress: text('company_address'),
    vatNumber: text('vat_number'),
    logo: text('logo'),
    ...timestampColumns(),
  },
  (t) => [uniqueIndex('org_settings_org_uidx').on(t.orgId), check('org_settings_weekly_cap_range', sql`${t.weeklyCap} between 1 and 14`)],
);
