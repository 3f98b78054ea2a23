// Reading a check from its MICR line. In the printed E-13B line the routing number sits between
// two transit symbols, written `T` in text form; lines typed without symbols are read by their
// runs of digits: the first run of exactly nine digits is the routing number, the next run the
// account, the last run the check number. Treasury checks (routing 000000518) and lines marked
// with a separate `G` are government checks.

export type Check = { aba: string; accountLast4: string; checkNum: string; checkType: "Y" | "G" };

export function readMicr(line: string): Check | undefined {
  const runs = [...line.matchAll(/\d+/g)].map((m) => ({ digits: m[0], at: m.index! }));
  const transit = /[Tt](\d{9})[Tt]/.exec(line);
  const start = transit
    ? runs.findIndex((run) => run.at === transit.index + 1)
    : runs.findIndex((run) => run.digits.length === 9);
  if (start < 0) return undefined;
  const rest = runs.slice(start + 1);
  if (rest.length < 2) return undefined;
  const account = rest[0].digits;
  const checkNum = rest[rest.length - 1].digits;
  if (account.length < 4 || checkNum.length > 15) return undefined;
  const aba = runs[start].digits;
  const government = aba === "000000518" || /(^|\s)G(\s|$)/.test(line);
  return { aba, accountLast4: account.slice(-4), checkNum, checkType: government ? "G" : "Y" };
}
