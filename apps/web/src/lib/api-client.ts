import type { ErrorBody, ItemEnvelope, ListEnvelope } from '@club/contract';

/**
 * The one way the SPA talks to the API. A call resolves with the parsed JSON body
 * (or `undefined` for an empty answer) or rejects with an {@link ApiError}.
 * docs/domain-rules.md «Errors in the browser» (401 → login, 502 → /err/502) is handled by the query client, not here.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** Stable code from the contract (`QUOTA_EXCEEDED`), or one derived from the status. */
  readonly code: string;
  /** German messages per field, when the server sent them. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Code and German text when the answer carries no error body of its own. */
const fallbackByStatus: Record<number, [code: string, message: string]> = {
  0: ['NETWORK', 'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut.'],
  400: ['BAD_REQUEST', 'Die Anfrage ist ungültig.'],
  401: ['NOT_LOGGED_IN', 'Bitte melden Sie sich an.'],
  403: ['FORBIDDEN', 'Dafür fehlt Ihnen die Berechtigung.'],
  404: ['NOT_FOUND', 'Nicht gefunden.'],
  409: ['CONFLICT', 'Die Aktion ist im aktuellen Zustand nicht möglich.'],
  413: ['PAYLOAD_TOO_LARGE', 'Die Daten sind zu gross.'],
  422: ['VALIDATION_FAILED', 'Bitte prüfen Sie Ihre Eingaben.'],
  429: ['RATE_LIMITED', 'Zu viele Anfragen. Bitte warten Sie einen Moment.'],
  502: ['BAD_GATEWAY', 'Der Server ist im Moment nicht erreichbar.'],
  503: ['UNAVAILABLE', 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es später erneut.'],
};

function fallbackError(status: number): ApiError {
  const [code, message] = fallbackByStatus[status] ?? [
    status >= 500 ? 'INTERNAL' : 'UNEXPECTED_RESPONSE',
    'Es ist ein unerwarteter Fehler aufgetreten. Bitte versuchen Sie es später erneut.',
  ];
  return new ApiError(status, code, message);
}

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null || !('error' in body)) return false;
  const error = (body as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function stringFields(fields: unknown): Record<string, string> {
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** Turns a non-2xx response into an ApiError, using the server's `{ error }` body when there is one. */
export async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, stringFields(body.error.fields));
  }
  return fallbackError(response.status);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own content type (a bank file), instead of a JSON `body`. */
  file?: { content: Blob; type: string };
  signal?: AbortSignal;
  /** Query parameters; `undefined` values are left out. */
  params?: Record<string, string | number | boolean | undefined>;
  /** Further request headers (e.g. `Idempotency-Key`); `Accept` and `Content-Type` stay the client's. */
  headers?: Record<string, string>;
}

function withParams(path: string, params: RequestOptions['params']): string {
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, String(value));
  }
  const text = query.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  const init: RequestInit = { method: options.method ?? 'GET', headers, signal: options.signal ?? null };
  if (options.file) {
    headers['Content-Type'] = options.file.type;
    init.body = options.file.content;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(withParams(path, options.params), init);
  } catch (error) {
    // A cancelled request stays an AbortError: TanStack Query knows what to do with it.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw fallbackError(0);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** Any JSON call. Resolves with the parsed body, `undefined` for 204 or an empty body. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', 'Der Server hat eine unerwartete Antwort geschickt.');
  }
}

/** A download (PDF, XLSX): resolves with the file's content. */
export async function apiDownload(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options, '*/*');
  return response.blob();
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T = void>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** `{ data: [{ data }, ...] }` → the items. */
export function unwrapList<T>(envelope: ListEnvelope<T>): T[] {
  return envelope.data.map((item) => item.data);
}

/** `{ data, expands }` → `data`. */
export function unwrapItem<T>(envelope: ItemEnvelope<T>): T {
  return envelope.data;
}
