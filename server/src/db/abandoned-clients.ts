import type pg from 'pg';

/** How long a client whose connection ended may stay checked out before the pool takes it back. */
export const ABANDONED_AFTER_MS = 5_000;

/**
 * Gives the pool back a client whose connection died while it was checked out and that nobody
 * released. drizzle-orm 0.45 runs a transaction's BEGIN before the try/finally that releases its
 * client (drizzle-team/drizzle-orm#6023, open): when the database dies between the checkout and
 * BEGIN, that client is never released, and each outage took one of the pool's ten for good (the
 * resilience suite's database kill found it: the pool could not even close). A dead connection is
 * useless to whoever holds it, so once it has been checked out and ended for `afterMs` it is
 * released with an error (pg-pool then drops it); a later release by its holder does nothing.
 */
export function reclaimAbandonedClients(pool: pg.Pool, afterMs = ABANDONED_AFTER_MS): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    client.once('end', () => {
      const timer = setTimeout(() => {
        if (!checkedOut.has(client)) return;
        const release = client.release.bind(client);
        client.release = () => undefined;
        release(new Error('the connection ended while the client was checked out, and nobody released it'));
      }, afterMs);
      timer.unref();
    });
  });
}
