/*
 * The HTTP layer under the Meilisearch client of `docs-it index`. Client 0.35 reads every 2xx body with
 * `response.json().catch(() => undefined)`, so an HTML page, an empty body or JSON cut short became
 * `undefined` and then "Cannot read properties of undefined (reading 'primaryKey')". Given as the client's
 * `httpClient`, this reads each answer strictly and names what came back instead.
 */
import { MeiliSearchApiError, MeiliSearchCommunicationError } from 'meilisearch';

/**
 * Codes of the errors this layer throws. The client wraps whatever its `httpClient` throws (except an API
 * error) in a MeiliSearchCommunicationError that keeps the message and the `code`: the code is how they are
 * told apart afterwards.
 */
export const notMeilisearchCode = 'docs_it_not_meilisearch';
export const requestTimeoutCode = 'docs_it_request_timeout';

/** Answers are small JSON objects; a body larger than this is not one of them. */
const maxAnswerBytes = 16 * 1024 * 1024;

/** The server answered, but not as Meilisearch does (another service on that port, a proxy's error page…). */
export class NotMeilisearchError extends Error {
  readonly code = notMeilisearchCode;
  constructor(host: string, what: string) {
    super(`the server at ${host} did not answer as Meilisearch does: ${what}`);
    this.name = 'NotMeilisearchError';
  }
}

/** A request that got no complete answer in time. */
export class RequestTimeoutError extends Error {
  readonly code = requestTimeoutCode;
  constructor(url: string, ms: number) {
    super(`no answer from ${url} within ${ms} ms`);
    this.name = 'RequestTimeoutError';
  }
}

/** The error thrown by a client call, with this layer's own errors taken back out of the client's wrapper. */
export function unwrapClientError(error: unknown, host: string): unknown {
  if (!(error instanceof MeiliSearchCommunicationError)) return error;
  const prefix = `the server at ${host} did not answer as Meilisearch does: `;
  if (error.code === notMeilisearchCode && error.message.startsWith(prefix))
    return new NotMeilisearchError(host, error.message.slice(prefix.length));
  return error;
}

/** Is this the shape of a Meilisearch error body (`message`, `code`, `type`, `link`)? */
const isErrorBody = (body: unknown): body is { message: string; code: string; type: string; link: string } =>
  typeof body === 'object' &&
  body !== null &&
  ['message', 'code', 'type'].every((key) => typeof (body as Record<string, unknown>)[key] === 'string');

/** A short, printable excerpt of a body that was not what was expected: no control characters, one line. */
export function excerptOf(text: string, max = 60): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat);
}

/** What a body is, in words, when it is not the JSON Meilisearch sends. */
function describeBody(status: string, type: string, text: string, parseError: string | undefined): string {
  const bytes = Buffer.byteLength(text);
  if (bytes === 0) return `${status} with an empty body`;
  if (/html/i.test(type) || /^\s*<(!doctype|html|head|body)\b/i.test(text))
    return `${status} with an HTML page (${type || 'no Content-Type'}, ${bytes} bytes: ${excerptOf(text)})`;
  if (parseError && /end of (JSON )?input|unterminated/i.test(parseError))
    return `${status} with JSON cut short (${bytes} bytes, ending ${excerptOf(text.slice(-40))})`;
  if (parseError) return `${status} with a body that is not JSON (${type || 'no Content-Type'}, ${excerptOf(text)})`;
  return `${status} with JSON that is not a Meilisearch answer (${excerptOf(text)})`;
}

/** Reads a body up to `maxAnswerBytes`; longer is not an answer of Meilisearch's. */
async function readText(response: Response, host: string, status: string): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxAnswerBytes) {
      await response.body.cancel().catch(() => undefined);
      throw new NotMeilisearchError(host, `${status} with a body over ${maxAnswerBytes / 1024 / 1024} MB`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface StrictHttpOptions {
  /** The host as the client resolved it (named in the errors). */
  host: string;
  /** Longest wait for a whole answer, headers and body. */
  timeoutMs: number;
}

/**
 * The client's `httpClient`: one fetch with a deadline, then the body as JSON, or an error saying what came
 * back. An error status with Meilisearch's error body becomes the client's own MeiliSearchApiError.
 */
export function strictHttpClient({ host, timeoutMs }: StrictHttpOptions) {
  return async (input: string, init?: RequestInit): Promise<unknown> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = () => new RequestTimeoutError(input, timeoutMs);
    let response: Response;
    try {
      response = await fetch(input, { ...init, signal });
    } catch (error) {
      if (signal.aborted) throw timedOut();
      // undici says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND…) is in its cause.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      if (cause?.message)
        throw Object.assign(new Error(`${(error as Error).message}: ${cause.message}`), { code: cause.code });
      throw error;
    }
    const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    let text: string;
    try {
      text = await readText(response, host, status);
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw error;
    }
    const type = response.headers.get('content-type') ?? '';
    let body: unknown;
    let parseError: string | undefined;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch (error) {
      parseError = (error as Error).message;
    }
    if (!response.ok && isErrorBody(body))
      throw new MeiliSearchApiError(
        { ...body, link: String((body as { link?: unknown }).link ?? '') },
        response.status,
      );
    if (!response.ok || parseError !== undefined || body === undefined)
      throw new NotMeilisearchError(host, describeBody(status, type, text, parseError));
    return body;
  };
}
