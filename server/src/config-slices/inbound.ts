import { z } from 'zod';

import { defineConfigSlice, emptyAsUndefined } from '../lib/config-slice';

/** Receiving replies (decision 0021; README, "Receiving replies"). */
export interface InboundSettings {
  /** The worker's SMTP listener: off when no port is set. */
  smtpPort: number | undefined;
  smtpHost: string;
  /** The largest message taken, by SMTP or the webhook. */
  maxBytes: number;
  /** Attachments larger than this are listed without their bytes. */
  attachmentMaxBytes: number;
}

const MIB = 1024 * 1024;

export const inboundConfig = defineConfigSlice(
  {
    INBOUND_SMTP_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65_535).optional()),
    INBOUND_SMTP_HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
    INBOUND_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024).max(100 * MIB).default(10 * MIB)),
    INBOUND_ATTACHMENT_MAX_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(100 * MIB).default(5 * MIB)),
  },
  (e): InboundSettings => ({
    smtpPort: e.INBOUND_SMTP_PORT,
    smtpHost: e.INBOUND_SMTP_HOST,
    maxBytes: e.INBOUND_MAX_BYTES,
    attachmentMaxBytes: e.INBOUND_ATTACHMENT_MAX_BYTES,
  }),
);
