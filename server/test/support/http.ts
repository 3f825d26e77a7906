import type { AuthTokenResponse } from '@receivables/contracts';

/**
 * A tiny fetch wrapper that keeps better-auth's session cookies between calls and sends the
 * Origin better-auth expects on cookie requests.
 */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
  ) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  }

  /** POST JSON and parse the answer, failing loudly on a non-2xx status. */
  async postJson<T>(path: string, body: unknown): Promise<T> {
    return expectJson<T>(await this.request('POST', path, { body }), `POST ${path}`);
  }

  async getJson<T>(path: string, token?: string): Promise<T> {
    return expectJson<T>(await this.request('GET', path, token ? { token } : {}), `GET ${path}`);
  }

  async token(): Promise<string> {
    return (await this.getJson<AuthTokenResponse>('/api/auth/token')).token;
  }
}

export interface SignedUpUser {
  session: HttpSession;
  userId: string;
  orgId: string;
  email: string;
  password: string;
  /** A bearer token carrying `orgId`. */
  token: string;
}

/** Sign up a new user over HTTP, create an organisation (it becomes active) and fetch a token. */
export async function signUpWithOrg(
  baseUrl: string,
  origin: string,
  input: { email?: string; password?: string; name?: string; orgName?: string } = {},
): Promise<SignedUpUser> {
  const session = new HttpSession(baseUrl, origin);
  const suffix = crypto.randomUUID().slice(0, 8);
  const email = input.email ?? `user-${suffix}@example.com`;
  const password = input.password ?? 'correct-horse-battery';
  const { user } = await session.postJson<{ user: { id: string } }>('/api/auth/sign-up/email', {
    email,
    password,
    name: input.name ?? `User ${suffix}`,
  });
  const org = await session.postJson<{ id: string }>('/api/auth/organization/create', {
    name: input.orgName ?? `Org ${suffix}`,
    slug: `org-${suffix}`,
  });
  await session.postJson('/api/auth/organization/set-active', { organizationId: org.id });
  return { session, userId: user.id, orgId: org.id, email, password, token: await session.token() };
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
