import type {
  Account,
  AccountList,
  AuditFacets,
  AuditListResponse,
  ChaseCalendar,
  ChasingSettings,
  DkimKey,
  EmailSettings,
  MailServerTestResult,
  SendingModeState,
  EmailTemplate,
  EmailTemplateListResponse,
  EmailTemplatePreview,
  EventBulkJob,
  GeneratedTemplate,
  HolidayRegionList,
  InboundSecret,
  InstanceInfo,
  InvitationLookup,
  SentInvitation,
  TeamMember,
  TeamView,
  StripeConnect,
  CustomerDetail,
  CustomerBulkJob,
  CustomerBulkResult,
  CustomerImport,
  CustomerListResponse,
  CustomerNote,
  CustomerNoteListResponse,
  CustomerPlan,
  ErrorBody,
  ErrorCode,
  EventDetail,
  EventListResponse,
  EventRow,
  FieldIssue,
  ImportCheck,
  InboundAnswerResponse,
  InboundCounts,
  InboundEmailDetail,
  InboundEmailListResponse,
  Invoice,
  InvoiceCopyPreview,
  Letterhead,
  ImportListResponse,
  InvoiceListResponse,
  OrganisationProfile,
  OrganisationView,
  OverdueSummary,
  ToDo,
  Payment,
  PaymentListResponse,
  RejectedRowListResponse,
  SendToMeResponse,
  TagListResponse,
  TimelineResponse,
  WorkflowListResponse,
} from '@receivables/contracts';
import { http, type HttpHandler, HttpResponse, type JsonBodyType, type PathParams } from 'msw';

/**
 * The API routes the screens call, each with the contract type of its successful answer, so a
 * handler's answer is checked against the contract the real server answers with.
 */
export interface ApiRoutes {
  'GET /api/instance/': InstanceInfo;
  'GET /api/organisation/': OrganisationView;
  'GET /api/organisation/profile': OrganisationProfile;
  'PUT /api/organisation/profile': OrganisationProfile;
  'GET /api/organisation/letterhead': Letterhead;
  'PUT /api/organisation/letterhead': Letterhead;
  'DELETE /api/organisation/': null;
  'GET /api/customers/': CustomerListResponse;
  'GET /api/customers/overdue-summary': OverdueSummary;
  'GET /api/home/to-do': ToDo;
  'POST /api/customers/': CustomerDetail;
  'GET /api/customers/:id/': CustomerDetail;
  'PUT /api/customers/:id/': CustomerDetail;
  'POST /api/customers/:id/contact': CustomerDetail;
  'PUT /api/customers/:id/tags': CustomerDetail;
  'POST /api/customers/:id/pause': CustomerDetail;
  'POST /api/customers/:id/resume': CustomerDetail;
  'GET /api/customers/:id/timeline': TimelineResponse;
  'GET /api/customers/:id/payments/': PaymentListResponse;
  'GET /api/customers/:id/notes/': CustomerNoteListResponse;
  'POST /api/customers/:id/notes/': CustomerNote;
  'PUT /api/notes/:id/': CustomerNote;
  'DELETE /api/notes/:id/': null;
  'POST /api/notes/:id/follow-up-done': CustomerNote;
  'GET /api/customers/:id/plan/': CustomerPlan;
  /** 200 with the result for named customers; 202 with the job for every match (send it `withStatus(202, job)`). */
  'POST /api/customers/bulk': CustomerBulkResult | CustomerBulkJob;
  'GET /api/customers/bulk/:jobId': CustomerBulkJob;
  'GET /api/invoices/': InvoiceListResponse;
  'POST /api/payments/': Payment;
  'POST /api/invoices/': Invoice;
  'PUT /api/invoices/:id/': Invoice;
  'GET /api/tags': TagListResponse;
  'GET /api/imports/': ImportListResponse;
  'POST /api/imports/': CustomerImport;
  'GET /api/imports/:id/': CustomerImport;
  'POST /api/imports/:id/start': CustomerImport;
  'POST /api/imports/:id/check': ImportCheck;
  'DELETE /api/imports/:id/': null;
  'GET /api/imports/:id/rejected/': RejectedRowListResponse;
  'GET /api/settings/chasing': ChasingSettings;
  'PUT /api/settings/chasing': ChasingSettings;
  'GET /api/settings/holiday-regions': HolidayRegionList;
  'GET /api/settings/email': EmailSettings;
  'PUT /api/settings/email/sender': EmailSettings;
  'PUT /api/settings/email/mail-server': EmailSettings;
  'POST /api/settings/email/mail-server/test': MailServerTestResult;
  'POST /api/settings/email/dkim': DkimKey;
  'DELETE /api/settings/email/dkim': null;
  'GET /api/settings/email/sending-mode': SendingModeState;
  'PUT /api/settings/email/sending-mode': SendingModeState;
  'PUT /api/settings/email/inbound': EmailSettings['inbound'];
  'POST /api/settings/email/inbound-secret': InboundSecret;
  'GET /api/emails/': EmailTemplateListResponse;
  'POST /api/emails/': EmailTemplate;
  'PUT /api/emails/:id/': EmailTemplate;
  'POST /api/emails/preview/': EmailTemplatePreview;
  'POST /api/generate-template/': GeneratedTemplate;
  'POST /api/emails/:id/send_to_me': SendToMeResponse;
  'GET /api/workflows/': WorkflowListResponse;
  'GET /api/events/': EventListResponse;
  'GET /api/events/:id/': EventDetail;
  'POST /api/events/:id/cancel/': EventRow;
  'POST /api/events/execute/:id/': EventDetail;
  /** 202 with the job (send it `withStatus(202, job)`). */
  'POST /api/events/bulk': EventBulkJob;
  'GET /api/events/bulk/:jobId': EventBulkJob;
  'GET /api/workflows/calendar/': ChaseCalendar;
  'GET /api/inbound/counts/': InboundCounts;
  'GET /api/inbound/unassigned/': InboundEmailListResponse;
  'GET /api/inbound/:id/': InboundEmailDetail;
  'POST /api/inbound/:id/assign': InboundEmailDetail;
  'POST /api/inbound/:id/read': null;
  'POST /api/inbound/:id/triage': InboundEmailDetail;
  'POST /api/inbound/:id/answer': InboundAnswerResponse;
  'GET /api/inbound/:id/copy/': InvoiceCopyPreview;
  'GET /api/accounts/': AccountList;
  'POST /api/accounts/:id/sync': Account;
  'POST /api/accounts/:id/disconnect': Account;
  'POST /api/stripe/connect/': StripeConnect;
  'POST /api/stripe/complete/': { account: Account };
  'GET /api/team/': TeamView;
  'POST /api/team/invitations': SentInvitation;
  'POST /api/team/invitations/:id/resend': SentInvitation;
  'DELETE /api/team/invitations/:id': null;
  'PUT /api/team/members/:id/role': TeamMember;
  'DELETE /api/team/members/:id': null;
  'POST /api/team/leave': null;
  'GET /api/invitations/:id': InvitationLookup;
  'GET /api/audit/': AuditListResponse;
  'GET /api/audit/facets': AuditFacets;
}
export type ApiRoute = keyof ApiRoutes;

/** A request a handler answered, as a test asserts on it. */
export interface ApiRequest {
  route: ApiRoute;
  method: string;
  /** Path and query as sent, e.g. `/api/customers/?limit=5`. */
  url: string;
  query: Record<string, string>;
  params: PathParams;
  headers: Record<string, string>;
  /** A JSON body parsed, any other body (a CSV upload) as text; undefined when there is none. */
  body: unknown;
}

/** The route's contract body (sent as 200), or a whole Response: another status, an error. */
export type ApiAnswer<R extends ApiRoute> = ApiRoutes[R] | Response;

const answered: ApiRequest[] = [];

const BY_METHOD = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * Answers `route` (e.g. `'GET /api/customers/'`; the query never takes part in matching) with
 * `answer`, or with what `answer` makes of the request. Every request answered is logged for
 * `apiRequests`.
 */
export function onApi<R extends ApiRoute>(route: R, answer: ApiAnswer<R> | ((request: ApiRequest) => ApiAnswer<R>)): HttpHandler {
  const [method, path] = route.split(' ') as [keyof typeof BY_METHOD, string];
  return BY_METHOD[method](path, async ({ request, params }) => {
    const logged = await readRequest(route, request, params);
    answered.push(logged);
    const result = typeof answer === 'function' ? answer(logged) : answer;
    // A clone, so one Response given as the answer can answer every request.
    return result instanceof Response ? result.clone() : HttpResponse.json(result as JsonBodyType);
  });
}

/** The requests answered through `onApi` in this test, in order; only `route`'s when given. */
export function apiRequests(route?: ApiRoute): ApiRequest[] {
  return answered.filter((request) => route === undefined || request.route === route);
}

/** Forgets the log; the Vitest setup calls it after each test. */
export function forgetApiRequests(): void {
  answered.length = 0;
}

/** A contract body with a status other than 200 (201 Created, 202 Accepted). */
export function withStatus(status: number, body: JsonBodyType): Response {
  return HttpResponse.json(body, { status });
}

/** The API's one error shape (docs/api-conventions.md#errors). */
export function apiError(status: number, code: ErrorCode, message: string, details?: FieldIssue[]): Response {
  const body: ErrorBody = { error: { code, message, ...(details ? { details } : {}) } };
  return HttpResponse.json(body, { status });
}

/** What a test asserts on of a request: method, path and query, headers, and the body read as sent. */
export async function readSentRequest(request: Request): Promise<Omit<ApiRequest, 'route' | 'params'>> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  const isJson = request.headers.get('content-type')?.includes('json') ?? false;
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    query: Object.fromEntries(url.searchParams),
    headers: Object.fromEntries(request.headers),
    body: text === '' ? undefined : isJson ? (JSON.parse(text) as unknown) : text,
  };
}

async function readRequest(route: ApiRoute, request: Request, params: PathParams): Promise<ApiRequest> {
  return { route, params, ...(await readSentRequest(request)) };
}
