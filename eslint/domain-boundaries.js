// @ts-check
/**
 * Which domains may import which (docs/decisions/0030-a-fast-enforced-loop.md): every domain may
 * import the kernel folders in `shared`, and only the neighbours listed here. The graph this allows
 * has no cycle; `npm run lint` also counts the real one (scripts/domain-graph.mjs --check).
 * A new edge is a decision: add it here with its reason.
 */
export const domainBoundaries = {
  domains: [
    {
      folder: 'server/src/modules',
      // The kernel (org/, lib/), the database and errors, the HTTP plumbing routes use, the modules'
      // config slices, and auth's account mailer (auth imports no module).
      shared: ['server/src/org', 'server/src/lib', 'server/src/db', 'server/src/errors', 'server/src/plugins', 'server/src/config-slices', 'server/src/auth'],
      neighbours: {
        audit: ['customers'], // customers' names in its rows
        customers: ['scheduling', 'workflows'], // a write plans chasing again; the workflow a customer follows
        delivery: ['emails', 'mail', 'scheduling', 'stripe'], // renders, sends, records outcomes; rechecks Stripe invoices before chasing
        emails: [],
        events: ['customers', 'delivery', 'emails', 'inbound', 'mail', 'scheduling', 'stripe'], // an email's page: its rendering, sendability, thread
        health: [],
        home: ['inbound'], // the replies nobody has read yet
        imports: ['customers', 'scheduling'],
        inbound: ['customers', 'delivery', 'mail', 'scheduling'], // reply tokens, a bounce's retry, an invoice copy sent
        instance: [],
        invoices: ['customers', 'scheduling'],
        mail: [],
        notes: ['customers'], // the customer a note is written on (decision 0043)
        organisation: [],
        payments: ['customers', 'invoices', 'scheduling'],
        scheduling: ['emails'], // renders the subject of what it plans
        settings: [],
        stripe: ['customers', 'invoices', 'scheduling'],
        tags: [],
        team: ['mail'], // an organisation's invitations leave through its own mail server (decision 0046)
        timeline: ['customers', 'events'],
        workflows: ['emails', 'scheduling'], // a workflow's preview is the planner's, rendered
      },
    },
    {
      folder: 'web/src/features',
      shared: ['web/src/app', 'web/src/lib', 'web/src/components'],
      neighbours: {
        account: ['auth'], // password rules, account mail words
        activity: ['customers', 'settings', 'workflows'], // a customer's name, the chasing settings, a step's words and the customer picker
        audit: [],
        auth: [],
        customers: ['imports', 'workflows'], // the import button; the workflow a customer follows
        emails: [],
        home: ['customers', 'imports'], // add a customer, the overdue summary, the import button
        imports: [],
        organisation: ['orgs', 'settings'], // the organisation list; holiday regions
        orgs: [],
        settings: [],
        'static-pages': [],
        stripe: [],
        team: ['auth'], // signing out after leaving
        workflows: [],
      },
    },
  ],
};
