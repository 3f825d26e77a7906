import { type AppConfig, moduleSettingsOf } from '../config';
import { createSecretBox } from '../lib/secret-box';

import type { WorkerSettings } from './job-definition';

/** The worker's settings from the configuration: main.ts and the tests' worker build them alike. */
export function workerSettings(config: AppConfig): WorkerSettings {
  return { ...moduleSettingsOf(config), mail: config.mail, secrets: createSecretBox(config.secretsKey) };
}
