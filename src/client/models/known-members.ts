// openapi-typescript gives an open schema an index signature of `unknown`; the named types keep
// the declared members and state what the open part may hold instead.

/** `T` without its index signatures: only the members the schema names (modifiers kept). */
export type KnownMembers<T> = {
  [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K];
};

/** A JSON value, for members a schema leaves open. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [member: string]: JsonValue };
