/** A process's role (`--role=`): the HTTP API, the background worker, or both in one. */
export type ProcessRole = 'api' | 'worker' | 'all';

/**
 * The port the SMTP listener for replies takes in a process of this role, or null when the process
 * runs none (decision 0021, "Two ways in"). The listener is the worker's: an API-only process never
 * opens it, so API copies can be added without each one claiming the port. And it is off unless
 * INBOUND_SMTP_PORT is set, as a deployment must choose to take mail from the internet.
 */
export function inboundListenerPort(role: ProcessRole, smtpPort: number | undefined): number | null {
  return role === 'api' || smtpPort === undefined ? null : smtpPort;
}
