// The check cashing service's behaviour model (check cashing doc; README "Check cashing service"
// decisions; the error entry table of spec/check-cashing/errors.tsp and the MICR reading of
// spec/check-cashing/payroll.tsp). The answer is derived from the request: its corrections one per
// member, then the approval read from the MICR line, a decline or an ID error, each entry member
// by member.
import { validatorFor, type SchemaError } from "../../../src/openapi/validator.js";
import { exact, form, held, object, Slot, unordered, type Expected } from "../expect.js";
import { hasOversizedObject, requestJson, type Exchange } from "../exchange.js";
import {
  adverseFlag, detailsOf, digits, named, phoneNumber, textUpTo, unknownMembersDetails, dateTimeWithin, type Window,
} from "../forms.js";
import { windowOf, type Prediction, type ServiceModel } from "../prediction.js";

export type PayrollModelOptions = { triggers: boolean; skewMs: number };

export type MicrReading = { aba: string; accountLast4: string; checkNum: string; checkType: "Y" | "G" };

/**
 * The check read from a MICR line as the contract decides: `aba` the first run of exactly 9
 * digits, the account the next run (its last four digits), the check number the last run, `G`
 * anywhere in the line for a government check. Undefined when the line has no such shape.
 */
export function readMicrLine(line: string): MicrReading | undefined {
  const runs = line.split(/[^0-9]+/).filter((run) => run !== "");
  const start = runs.findIndex((run) => run.length === 9);
  if (start === -1) return undefined;
  const [aba, account] = runs.slice(start, start + 2);
  const checkNum = runs.at(-1) as string;
  const enough = runs.length - start >= 3;
  if (!enough || account.length < 4 || checkNum.length > 15) return undefined;
  return { aba, accountLast4: account.slice(account.length - 4), checkNum, checkType: /G/.test(line) ? "G" : "Y" };
}

const route = "/v1/payroll";
const canadianProvinces = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"];

type EntryShape = {
  errorType: string;
  responseCode: string;
  adverse: boolean;
  details?: Expected;
  trxID?: string;
  trxRefID?: Expected;
  customerCare: boolean;
};

/** One entry of the errors array, members as the decision table says for its errorType. */
function entry(window: Window, shape: EntryShape): Expected {
  const members: Record<string, Expected> = {
    errorPath: exact(route),
    errorMessage: form(textUpTo(200)),
    errorType: exact(shape.errorType),
    errorDate: form(dateTimeWithin(window)),
    responseCode: exact(shape.responseCode),
    adverseAction: form(adverseFlag(shape.adverse)),
  };
  const optional: Record<string, Expected> = {};
  if (shape.details) members.errorDetails = shape.details;
  else optional.errorDetails = form(textUpTo(260));
  if (shape.trxID !== undefined) members.trxID = exact(shape.trxID);
  if (shape.trxRefID) members.trxRefID = shape.trxRefID;
  if (shape.customerCare) members.customerCare = form(phoneNumber);
  return object(members, optional);
}

const correction = (window: Window, member: string, responseCode: string, trxID?: string, details?: Expected) =>
  entry(window, { errorType: "correction", responseCode, adverse: false, details: details ?? form(detailsOf(member)), trxID, customerCare: false });

const answer = (status: number, entries: Expected[], apply?: () => void): Prediction => ({ status, body: object({ errors: unordered(entries) }), apply });

function dotted(error: SchemaError, extra?: unknown): string {
  const segments = error.path.split("/").filter(Boolean);
  if (extra !== undefined) segments.push(String(extra));
  return segments.join(".") || "body";
}

function netAmountCents(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value : undefined;
  const match = text === undefined ? null : /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : undefined;
}

export class PayrollModel implements ServiceModel {
  /** trxIDs used up by approvals, declines and ID errors (README, "trxID reuse"). */
  readonly usedTrxIds = new Set<string>();
  /** Service references seen: each names one transaction. */
  readonly references = new Set<string>();

  constructor(private readonly options: PayrollModelOptions) {}

  /** With triggers the triggered outcome only; without, either (the server may not implement them). */
  private outcomes(triggered: boolean): boolean[] {
    if (!triggered) return [false];
    return this.options.triggers ? [true] : [true, false];
  }

  predict(exchange: Exchange): Prediction[] {
    if (exchange.operationId !== "submitPayrollCheck") throw new Error(`the check cashing model does not know ${exchange.operationId}`);
    const window = windowOf(exchange, this.options.skewMs);
    const parsed = requestJson(exchange);
    if (!parsed.ok) return [answer(400, [correction(window, "body", "1004")])];
    const body = parsed.value;
    const trxID = typeof body.trxID === "string" && body.trxID.length >= 4 && body.trxID.length <= 20 ? body.trxID : undefined;
    if (hasOversizedObject(body)) return [answer(400, [correction(window, "body", "1004", trxID)])];

    const corrections = new Map<string, Expected>();
    const unknown: string[] = [];
    for (const error of validatorFor("check-cashing").validateRequestBody("submitPayrollCheck", body).errors) {
      if (error.keyword === "additionalProperties") unknown.push(dotted(error, error.params.additionalProperty));
      else if (error.keyword === "required") {
        const member = dotted(error, error.params.missingProperty);
        if (!corrections.has(member)) corrections.set(member, correction(window, member, "1002", trxID));
      } else {
        const member = dotted(error);
        if (!corrections.has(member)) corrections.set(member, correction(window, member, "1001", trxID));
      }
    }
    if (typeof body.netAmount === "number" && netAmountCents(body.netAmount) === undefined && !corrections.has("netAmount")) {
      corrections.set("netAmount", correction(window, "netAmount", "1001", trxID));
    }
    const entries = [...corrections.values()];
    if (unknown.length > 0) entries.push(correction(window, "", "1003", trxID, form(unknownMembersDetails(unknown))));
    if (entries.length > 0) return [answer(400, entries)];

    const request = body as ValidRequest;
    // US addresses only: the sandbox also refuses Canadian province codes; the contract does not require it.
    const state = request.address?.state?.toUpperCase();
    const predictions: Prediction[] = [];
    if (state && canadianProvinces.includes(state)) predictions.push(answer(400, [correction(window, "address.state", "1001", trxID)]));
    predictions.push(...this.processed(window, request, trxID as string));
    return predictions;
  }

  /** A request that meets every constraint: a server failure, a correction, or a decision on the check. */
  private processed(window: Window, request: ValidRequest, trxID: string): Prediction[] {
    const predictions: Prediction[] = [];
    const micr = readMicrLine(request.account.micrData);
    const used = this.usedTrxIds.has(trxID);
    for (const failure of this.outcomes(trxID.startsWith("E500"))) {
      if (failure) {
        predictions.push(answer(500, [entry(window, { errorType: "system_error", responseCode: "9999", adverse: false, trxID, customerCare: true })]));
        continue;
      }
      // The decisions do not order these two corrections; either is right when both apply.
      if (!micr) predictions.push(answer(400, [correction(window, "account.micrData", "1006", trxID)]));
      if (used) predictions.push(answer(400, [correction(window, "trxID", "1005", trxID)]));
      if (!micr || used) continue;
      const asterisks = /^[*]+$/.test(request.id.idValue.replace(/[ -]/g, ""));
      const cents07 = (netAmountCents(request.netAmount) as number) % 100 === 7;
      for (const idError of this.outcomes(asterisks)) {
        for (const declined of this.outcomes(cents07)) {
          const reference = new Slot("trxRefID", named("up to 15 digits, a new service reference", (v) => digits(1, 15).test(v) && !this.references.has(v as string)));
          const consume = () => {
            this.usedTrxIds.add(trxID);
            this.references.add(reference.value as string);
          };
          const decision = (errorType: string, responseCode: string, adverse: boolean) =>
            answer(400, [entry(window, { errorType, responseCode, adverse, trxID, trxRefID: held(reference), customerCare: true })], consume);
          // Both triggers at once: the decisions do not say which wins, so either answer is right.
          if (idError) predictions.push(decision("id_error", "3001", false));
          if (declined) predictions.push(decision("declined", "2007", true));
          if (!idError && !declined) {
            predictions.push({ status: 200, body: object({ trxID, trxRefID: held(reference), approvalNum: form(digits(6, 6)), ...micr }), apply: consume });
          }
        }
      }
    }
    return predictions;
  }
}

type ValidRequest = { trxID: string; netAmount: number | string; id: { idValue: string }; account: { micrData: string }; address?: { state?: string } };
