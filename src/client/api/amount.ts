// One money type for every request amount of the resource clients: a number or a decimal string,
// as the caller has it (responses give strings, forms give strings, arithmetic gives numbers).
// Each amount is checked before anything is sent, the same way the services check it (positive,
// at most two decimals, at most the documented maximum), and sent in the form its operation's
// contract takes: a JSON number, a decimal string, or either.

/** A currency amount in a request: a number (`12.5`) or a decimal string (`"12.50"`, as responses give them). */
export type Amount = number | string;

/** What was wrong with an amount, in one word. */
export type AmountProblem = "missing" | "not_an_amount" | "not_positive" | "too_many_decimals" | "above_maximum";

/** The rules of one service's amounts: the documented maximum and where it is written. */
export interface AmountRule {
  /** Whole digits allowed before the point (the contract's string pattern). */
  readonly wholeDigits: number;
  /** The maximum in cents. */
  readonly maximumCents: number;
  /** Where the maximum is documented, for the message. */
  readonly source: string;
}

/** Bank Payment Service: at most 999999999.99 (README, Contract decisions, "Amount ceiling"). */
export const bankAmountRule: AmountRule = {
  wholeDigits: 9,
  maximumCents: 99_999_999_999,
  source: 'the contract\'s "Amount ceiling" decision',
};

/** Check Cashing Service: `netAmount` at most 9999999.99 (its API documentation, section 2.1). */
export const checkCashingAmountRule: AmountRule = {
  wholeDigits: 7,
  maximumCents: 999_999_999,
  source: "the check cashing documentation, section 2.1",
};

/** Where an amount was given: `transactionIntents.capture`, field `amount`. */
export interface AmountPlace {
  readonly operation: string;
  readonly field: string;
}

const formatCents = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * Thrown (as the rejection of the method's promise) when a request amount is not one the service
 * accepts. No request was sent. `problem` says what was wrong; the message says what is expected.
 */
export class AmountError extends Error {
  constructor(
    /** The resource method, e.g. `transactionIntents.capture`. */
    readonly operation: string,
    /** The request member, `amount` or `netAmount`. */
    readonly field: string,
    /** The value as given, written as in code: `12.345`, `"12,50"`, `undefined`. */
    readonly received: string,
    readonly problem: AmountProblem,
    /** The documented maximum, e.g. `999999999.99`. */
    readonly maximum: string,
    why: string,
  ) {
    super(
      `${operation}: ${field} ${why}. Expected a number (12.5) or a decimal string ("12.50"): greater than 0, ` +
        `at most two decimals, at most ${maximum}. Nothing was sent.`,
    );
    this.name = "AmountError";
  }
}

/** An amount that passed the checks: whole cents, and its decimal text with two decimals (`"12.50"`). */
export interface CheckedAmount {
  readonly cents: number;
  readonly text: string;
  /** The value as given (a number stays a number where the contract takes either form). */
  readonly given: Amount;
}

const written = (value: unknown): string =>
  typeof value === "string" ? JSON.stringify(value) : typeof value === "bigint" ? `${value}n` : String(value);

/** Whether a number is a whole number of cents up to float noise (`0.1 + 0.2`), and that amount. */
function nearCents(value: number): string | undefined {
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? formatCents(cents) : undefined;
}

/** Checks `value` against `rule`; throws `AmountError` naming the place and the problem. */
export function checkAmount(value: unknown, rule: AmountRule, place: AmountPlace): CheckedAmount {
  const maximum = formatCents(rule.maximumCents);
  const fail = (problem: AmountProblem, why: string): never => {
    throw new AmountError(place.operation, place.field, written(value), problem, maximum, why);
  };
  if (value === undefined || value === null) return fail("missing", `is ${value === null ? "null" : "missing"}`);
  if (typeof value !== "number" && typeof value !== "string") {
    return fail("not_an_amount", `${written(value)} is a ${typeof value}, not a number or a decimal string`);
  }
  if (typeof value === "number" && !Number.isFinite(value)) return fail("not_an_amount", `${value} is not a finite number`);
  if (typeof value === "number" && value <= 0) return fail("not_positive", `${written(value)} is not greater than 0`);
  if (typeof value === "number" && value > rule.maximumCents / 100) {
    return fail("above_maximum", `${written(value)} is above the maximum, ${maximum} (${rule.source})`);
  }
  // A number is read as the shortest decimal form of its double (String(n)), as the services read it.
  const text = String(value);
  const match = /^(-?)([0-9]+)(?:\.([0-9]+))?$/.exec(text);
  if (!match) {
    if (typeof value === "number") {
      // Only a tiny positive number is written with an exponent here (large ones were refused above).
      return fail("too_many_decimals", `${text} has more than two decimals`);
    }
    return fail("not_an_amount", `${written(value)} is not a decimal amount (digits, then an optional point and one or two decimals; no sign, spaces, commas or exponent)`);
  }
  const [, sign, wholeDigits, decimals = ""] = match;
  const whole = wholeDigits.replace(/^0+(?=[0-9])/, "");
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, "0"));
  if (sign || /^0+$/.test(whole + decimals)) return fail("not_positive", `${written(value)} is not greater than 0`);
  if (decimals.length > 2) {
    const near = typeof value === "number" ? nearCents(value) : undefined;
    const hint = near
      ? ` (a number is read as the shortest decimal form of its double, and float arithmetic such as 0.1 + 0.2 gives ` +
        `0.30000000000000004: round to cents first, e.g. Math.round(amount * 100) / 100, or pass a decimal string such as "${near}")`
      : "";
    return fail("too_many_decimals", `${written(value)} has more than two decimals${hint}`);
  }
  if (whole.length > rule.wholeDigits || cents > rule.maximumCents) {
    return fail("above_maximum", `${written(value)} is above the maximum, ${maximum} (${rule.source})`);
  }
  return { cents, text: formatCents(cents), given: value };
}

/** The form an operation's contract takes for its amount. */
export type AmountForm = "number" | "string" | "either";

/** The checked amount in the contract's form: a JSON number, a decimal string, or the value as given. */
export function amountInForm(amount: CheckedAmount, form: AmountForm): number | string {
  if (form === "number") return Number(amount.text);
  if (form === "string") return amount.text;
  return typeof amount.given === "number" ? amount.given : amount.text;
}

/**
 * A request body with its amount member checked and converted; `optional` leaves an absent member
 * absent (a refund without an amount).
 */
export function withCheckedAmount<Body extends object>(
  body: Body,
  field: string,
  rule: AmountRule,
  form: AmountForm,
  operation: string,
  optional = false,
): Body {
  const value: unknown = (body as Record<string, unknown>)[field];
  if (optional && value === undefined) {
    const { [field]: _absent, ...rest } = body as Record<string, unknown>;
    return rest as Body;
  }
  return { ...body, [field]: amountInForm(checkAmount(value, rule, { operation, field }), form) };
}
