import type { AppConfig } from '../config';
import { createSecretBox } from '../lib/secret-box';

import type { WorkerSettings } from './job-definition';

/** The worker's settings from the configuration: main.ts and the tests' worker build them alike. */
export function workerSettings(config: AppConfig, overrides: Partial<Pick<WorkerSettings, 'importConcurrency'>> = {}): WorkerSettings {
  return {
    importConcurrency: overrides.importConcurrency ?? config.importConcurrency,
    sender: {
      secrets: createSecretBox(config.secretsKey),
      instanceSmtpUrl: config.mail.smtpUrl,
      timeouts: config.mail.timeouts,
      delivery: config.delivery,
    },
    stripe: config.stripe,
  };
}
