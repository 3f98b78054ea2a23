// One call of an operation through a generated openapi-fetch client, turned into the resource
// clients' result: the success body (or the part of it the method returns), or a documented
// `ApiError`. Undocumented answers throw `UnexpectedResponseError`.
import type { ApiResult } from "./result.js";
import { apiErrorOf, UnexpectedResponseError } from "./result.js";
import type { Route } from "./routes.js";

/** Per-call options of every resource method. */
export interface RequestOptions {
  /** Aborts the request (a retried GET included). */
  signal?: AbortSignal;
  /** Headers of this request only; they win over the client's. */
  headers?: Record<string, string>;
}

/** What a call sends: path parameters, query, JSON body. */
export interface CallInput {
  path?: Record<string, string>;
  query?: object;
  body?: object;
}

/** The part of openapi-fetch's client the calls use, with the route given at run time. */
interface RawClient {
  request(method: string, path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

/** Any generated openapi-fetch client (its typed surface is not needed here: the route table is checked). */
export type AnyClient = object;

/** Reads the `data` member of a single-resource envelope (`{ data, meta }`). */
export const envelopeData = (body: unknown): unknown =>
  typeof body === "object" && body !== null && "data" in body ? (body as { data: unknown }).data : undefined;

/** The whole success body. */
export const wholeBody = (body: unknown): unknown => body;

export async function call<Data, Error, Id extends string = string>(
  client: AnyClient,
  routes: Readonly<Record<Id, Route>>,
  operationId: Id,
  input: CallInput,
  options: RequestOptions = {},
  pick: (body: unknown) => unknown = envelopeData,
): Promise<ApiResult<Data, Error>> {
  const route = routes[operationId];
  const { data, error, response } = await (client as RawClient).request(route.method, route.path, {
    params: { path: input.path, query: input.query },
    body: input.body,
    signal: options.signal,
    headers: options.headers,
  });
  if (response.ok) {
    const picked = pick(data);
    if (typeof picked !== "object" || picked === null) {
      throw new UnexpectedResponseError(response.status, JSON.stringify(data) ?? "", operationId);
    }
    return { data: picked as Data, response };
  }
  const apiError = route.errors.includes(response.status) ? apiErrorOf(response.status, error) : undefined;
  if (apiError === undefined) {
    throw new UnexpectedResponseError(response.status, typeof error === "string" ? error : JSON.stringify(error) ?? "", operationId);
  }
  return { error: apiError as Error, response };
}
