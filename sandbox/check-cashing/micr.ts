// Reading a MICR line the sandbox's way: digit runs in order (`T<aba>T <account>O <check>`).

export type MicrFields = { aba: string; accountLast4: string; checkNum: string; checkType: "Y" | "G" };

/**
 * The routing number is the first run of exactly 9 digits, the account number the next run, the
 * check number the last run. Undefined when the line does not have that shape (an account run
 * shorter than 4 digits, a check number longer than 15).
 */
export function readMicr(micr: string): MicrFields | undefined {
  const runs = micr.match(/[0-9]+/g) ?? [];
  const abaIndex = runs.findIndex((run) => run.length === 9);
  if (abaIndex < 0 || runs.length < abaIndex + 3) return undefined;
  const account = runs[abaIndex + 1];
  const check = runs[runs.length - 1];
  if (account.length < 4 || check.length > 15) return undefined;
  return { aba: runs[abaIndex], accountLast4: account.slice(-4), checkNum: check, checkType: micr.includes("G") ? "G" : "Y" };
}
