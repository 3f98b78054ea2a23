// The payroll request's constraints (cc §2.1): each problem found, with the member's dotted path.

export type Problem = { path: string; kind: "invalid" | "missing" | "unknown"; rule: string };

type Rule = { required?: boolean; check: (value: unknown) => boolean; rule: string; members?: Record<string, Rule> };

const matches = (pattern: RegExp) => (value: unknown) => typeof value === "string" && pattern.test(value);

const operator: Rule = { check: matches(/^[A-Za-z0-9$#@._-]{2,30}$/), rule: "2 to 30 letters, digits or $ # @ . _ -" };
const nameText: Rule = { check: matches(/^[A-Za-z0-9., -]{2,25}$/), rule: "2 to 25 letters, digits, dashes, periods, commas or spaces" };
const addressLine: Rule = { check: matches(/^[A-Za-z0-9.,&' -]{2,50}$/), rule: "2 to 50 letters, digits, dashes, periods, commas, ampersands, apostrophes or spaces" };
const object = (members: Record<string, Rule>, required = false): Rule => ({
  required, members, rule: "an object", check: (value) => value !== null && typeof value === "object" && !Array.isArray(value),
});

function isDate(value: unknown): boolean {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function isNetAmount(value: unknown): boolean {
  if (typeof value === "number") {
    return Number.isFinite(value) && value > 0 && value <= 9_999_999.99 && /^\d+(\.\d{1,2})?$/.test(String(value));
  }
  return typeof value === "string" && /^\d{1,7}(\.\d{1,2})?$/.test(value) && Number(value) > 0;
}

const request: Record<string, Rule> = {
  merchantID: { required: true, check: matches(/^\d{6}$/), rule: "exactly 6 digits" },
  trxID: { required: true, check: matches(/^[A-Za-z0-9-]{4,20}$/), rule: "4 to 20 letters, digits or dashes" },
  dob: { required: true, check: isDate, rule: "a date written YYYY-MM-DD" },
  ssn: { required: true, check: matches(/^\d{9}$/), rule: "9 digits" },
  membershipID: { check: matches(/^[A-Za-z0-9$#@._-]{1,30}$/), rule: "1 to 30 letters, digits or - $ # @ . _" },
  phoneNumber: { check: matches(/^\d{10}$/), rule: "10 digits without dashes or spaces" },
  name: object({ firstName: nameText, lastName: { ...nameText, required: true } }, true),
  address: object({
    address1: addressLine, address2: addressLine,
    city: { check: matches(/^[A-Za-z0-9.,' -]{1,30}$/), rule: "up to 30 letters, digits, dashes, periods, commas, apostrophes or spaces" },
    state: { check: matches(/^[A-Za-z]{2}$/), rule: "2 letters" },
    zip: { check: matches(/^(\d{5}|\d{9})$/), rule: "5 or 9 digits (US addresses only)" },
  }),
  id: object({
    idCode: { required: true, check: matches(/^[A-Za-z]{2}$/), rule: "a 2-letter state code" },
    idValue: { required: true, check: matches(/^[ -]*([A-Za-z0-9*][ -]*){1,24}$/), rule: "up to 24 letters, digits or asterisks (dashes and spaces are ignored)" },
  }, true),
  integratorID: { required: true, check: matches(/^[A-Za-z0-9 -]{4,30}$/), rule: "4 to 30 letters, digits, spaces or dashes" },
  operatorID: operator,
  terminalID: operator,
  terminalGrpID: operator,
  netAmount: { required: true, check: isNetAmount, rule: "an amount above zero, at most 9999999.99, no commas, at most two decimals" },
  account: object({ micrData: { required: true, check: matches(/^[A-Za-z0-9 ]{1,75}$/), rule: "up to 75 letters, digits or spaces" } }, true),
};

/** Every constraint the body breaks; unknown members are reported together by the caller. */
export function problemsOf(body: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const walk = (value: Record<string, unknown>, rules: Record<string, Rule>, prefix: string) => {
    for (const [name, rule] of Object.entries(rules)) {
      const path = prefix + name;
      if (!(name in value)) {
        if (rule.required) problems.push({ path, kind: "missing", rule: rule.rule });
      } else if (!rule.check(value[name])) {
        problems.push({ path, kind: "invalid", rule: rule.rule });
      } else if (rule.members) {
        walk(value[name] as Record<string, unknown>, rule.members, `${path}.`);
      }
    }
    for (const name of Object.keys(value)) {
      if (!(name in rules)) problems.push({ path: prefix + name, kind: "unknown", rule: "" });
    }
  };
  walk(body, request, "");
  return problems;
}
