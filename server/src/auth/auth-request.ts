/** What the product's checks read of a request better-auth is about to run: its endpoint and input. */
export interface AuthRequestContext {
  /** The endpoint better-auth's router chose, e.g. `/organization/invite-member`, however the URL was spelt. */
  path: string;
  body?: unknown;
  query?: unknown;
}
