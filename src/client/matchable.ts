/**
 * The parameter type of a guard for `Target`: the caller's own error type when one of its members
 * can be a `Target`, else a type no error has, so that a guard that could never be true does not
 * compile (`isCreditConflict` on the error of a transaction intent action, for example).
 */
export type Matchable<E, Target> = [Extract<E, Target>] extends [never] ? { "this error is never a": Target } : E;
