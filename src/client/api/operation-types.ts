// Types derived from an operation of the generated `operations` maps: its success body, its
// documented error statuses and their bodies. The resource clients' signatures are checked
// against these (api/contract-checks.ts), so a change of the contract breaks the build instead of
// drifting silently.

/** The responses map of an operation. */
type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;
/** The JSON body of one response. */
type JsonBody<R> = R extends { content: { "application/json": infer B } } ? B : never;

/** Success statuses used by the two APIs and the helpers. */
export type SuccessStatus = 200 | 201;

/** The JSON body of the operation's success responses (200 and 201 together). */
export type SuccessBody<Op> = {
  [S in keyof ResponsesOf<Op>]: S extends SuccessStatus ? JsonBody<ResponsesOf<Op>[S]> : never;
}[keyof ResponsesOf<Op>];

/** The documented error statuses of an operation. */
export type ErrorStatus<Op> = Exclude<keyof ResponsesOf<Op>, SuccessStatus> & number;

/** The JSON body an operation documents for one status. */
export type ErrorBodyOf<Op, S extends ErrorStatus<Op>> = JsonBody<ResponsesOf<Op>[S]>;

/** The request body of an operation (`never` when it takes none). */
export type RequestBodyOf<Op> = Op extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : Op extends { requestBody?: { content: { "application/json": infer B } } }
    ? B
    : never;

/** The query parameters of an operation. */
export type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** Mutual assignability: the two types accept and give the same values. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
