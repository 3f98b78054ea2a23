// The check cashing service's behaviour model (check cashing doc; docs/contract-decisions.md rows
// C-1 to C-18). The answer is derived from the request: a refusal where every server must refuse it
// (requests.ts), else a decision on the check, with a refusal beside it wherever the decisions leave
// the choice to the server. A refusal is judged by what the contract pins (doc 2.3's members and
// forms, the four members a client acts on), never by the sandbox's codes, texts or entry count.
import { exact, form, held, object, ruled, Slot, unordered, type Expected } from "../expect.js";
import { requestJson, type Exchange, type RequestPart } from "../exchange.js";
import type { Partition } from "../history.js";
import { setTrailed, TrailMap, TrailSet } from "../trail.js";
import { adverseFlag, dateTimeWithin, digits, isNumeric, named, phoneNumber, withRule, type Window } from "../forms.js";
import { windowOf, type Prediction, type ServiceModel } from "../prediction.js";
import { centsOf } from "../../fixtures-file.js";
import type { MicrLine } from "../../types.js";
import type { Rule } from "../../rules.js";
import { readRequest, type ProcessableRequest } from "./requests.js";

export { isNumeric };

/**
 * `micrLines`: lines the server named in its fixtures as read, with their readings (C-9). `promised`:
 * net amounts the fixtures promise to decline and `idValue`s they promise to refuse (C-7).
 */
export type PayrollModelOptions = {
  triggers: boolean; skewMs: number; micrLines?: MicrLine[];
  promised?: { declinedNetAmounts: string[]; refusedIdValues: string[] };
};

/** An `idValue` without the dashes and spaces that do not count in it (C-16). */
const bareId = (idValue: string) => idValue.replace(/[ -]/g, "");

/** What an approval reads from the MICR line (doc 2.2). The layout is "not shown" (doc 2.3, C-9): only their forms are pinned. */
type ReadMember = "aba" | "accountLast4" | "checkNum" | "checkType";

/** The sandbox test triggers, stated in the operation's description. */
const triggerRule: Rule = "oas check-cashing#/paths/~1v1~1payroll/post";
const canadianProvinces = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"];

const isText = (value: unknown, max: number, min = 0) => typeof value === "string" && value.length >= min && value.length <= max;
const textUpTo = (max: number, rule: Rule) => form(named(`a string of at most ${max} characters`, (v) => isText(v, max), rule));

/** "numeric, up to 15 digits": a digit string or a JSON integer (C-10). */
const numeric = named("up to 15 digits, a digit string or a JSON integer", isNumeric, "C-10");

/** Types a client acts on: a decline must say so, and so must an unverified ID (C-7). */
export const decisionTypes = ["declined", "id_error"];
const refusalType = named("an errorType other than declined and id_error, 1 to 20 characters", (v) => isText(v, 20, 1) && !decisionTypes.includes(v as string), "C-7");

type EntryShape = { errorType: Expected; adverse: boolean; trxRefID?: Expected };

/**
 * One entry of the errors array: the four members a client acts on, and every other member of doc
 * 2.3 optional, in its form there (C-6); `trxID`, when present, the request's (cc §2.3).
 */
function entry(window: Window, trxID: string | undefined, shape: EntryShape): Expected {
  const members = {
    errorMessage: textUpTo(200, "cc §2.3"),
    errorType: shape.errorType,
    responseCode: form(withRule("C-7", digits(4, 4))),
    adverseAction: ruled("C-6", form(adverseFlag(shape.adverse))),
  };
  const optional = {
    errorPath: textUpTo(200, "C-6"),
    errorDetails: textUpTo(260, "C-6"),
    errorDate: form(withRule("C-17", dateTimeWithin(window))),
    trxID: trxID === undefined ? form(named("4 to 20 characters", (v) => isText(v, 20, 4), "cc §2.3")) : ruled("cc §2.3", exact(trxID)),
    trxRefID: shape.trxRefID ?? form(numeric),
    customerCare: form(withRule("cc §2.3", phoneNumber)),
  };
  return ruled("C-6", object(members, optional));
}

/** Entries a refusal carries: one or more, none a decision (C-6: their number and texts are the server's). */
function refusalBody(window: Window, trxID: string | undefined) {
  const one = entry(window, trxID, { errorType: form(refusalType), adverse: false });
  return (actual: unknown): Expected => {
    const given = (actual as { errors?: unknown })?.errors;
    const count = Array.isArray(given) && given.length > 0 ? given.length : 1;
    return object({ errors: unordered(Array.from({ length: count }, () => one)) });
  };
}

/** A refusal: HTTP 400 or 500 (doc 4, 7; C-8). */
const refusal = (window: Window, trxID: string | undefined, rule: Rule, apply?: () => void): Prediction[] =>
  [400, 500].map((status) => ({ status, body: refusalBody(window, trxID), rule, apply }));

/** The trxID a server reads from the request, when it is one (a string of 4 to 20 characters). */
const echoable = (value: unknown) => (typeof value === "string" && value.length >= 4 && value.length <= 20 ? value : undefined);

/** How the server has treated a MICR line so far: read (approved) or refused alone. A named layout reads a line one way (C-9). */
type LineMemory = { readable?: boolean; reading: Record<ReadMember, Slot> };

export class PayrollModel implements ServiceModel {
  /** trxIDs used up by approvals, declines and ID errors: every server refuses them again (C-11). */
  // Trail sets and maps: the model of time takes back the changes of the orders it tries (oracle/trail.ts).
  readonly usedTrxIds = new TrailSet<string>();
  /** trxIDs of other requests: a server may refuse them again, or not (C-11). */
  readonly triedTrxIds = new TrailSet<string>();
  /** Service references seen (as text): each names one transaction (cc §2.2). */
  readonly references = new TrailSet<string>();
  private readonly lines = new TrailMap<string, LineMemory>();

  constructor(private readonly options: PayrollModelOptions) {
    // A line the server says it reads is read, as it says, from the first request on: never corrected as unreadable (C-9).
    for (const { line, ...reading } of options.micrLines ?? []) {
      const memory = this.line(line);
      memory.readable = true;
      for (const member of Object.keys(memory.reading) as ReadMember[]) {
        memory.reading[member].bound = true;
        memory.reading[member].value = reading[member];
      }
    }
  }

  /** Requests of one trxID depend on each other (C-11); the MICR lines' readings are held across them, whatever the order. */
  partitionOf(request: RequestPart): Partition {
    const parsed = requestJson(request as Exchange);
    const trxID = parsed.ok ? echoable(parsed.value.trxID) : undefined;
    return trxID === undefined ? { kind: "free" } : { kind: "object", key: `trx:${trxID}` };
  }

  holds(): boolean {
    return false;
  }

  objectOf(): undefined {
    return undefined;
  }

  forget(): void {}

  creates(): boolean {
    return false;
  }

  mayCreate(): boolean {
    return false;
  }

  /** With triggers the triggered outcome only; without, either (the server may not implement them). */
  private outcomes(triggered: boolean | "either"): boolean[] {
    if (triggered === "either") return [true, false];
    if (!triggered) return [false];
    return this.options.triggers ? [true] : [true, false];
  }

  predict(exchange: Exchange): Prediction[] {
    if (exchange.operationId !== "submitPayrollCheck") throw new Error(`the check cashing model does not know ${exchange.operationId}`);
    const window = windowOf(exchange, this.options.skewMs);
    const parsed = requestJson(exchange);
    if (!parsed.ok) return refusal(window, undefined, "cc §2.1");
    const trxID = echoable(parsed.value.trxID);
    const reading = readRequest(parsed.value);
    if (reading.refused) return refusal(window, trxID, "cc §2.1", () => this.tried(trxID));
    const { request } = reading;
    // The refusals a server may choose come after the answers the request is due, so that a wrong
    // answer is reported against what it should have been.
    const optional: Prediction[] = [];
    if (reading.mayRefuse) optional.push(...refusal(window, trxID, reading.mayRefuse, () => this.tried(request.trxID)));
    // US addresses only: the sandbox also refuses Canadian province codes; the contract does not require it (C-15).
    const state = request.address?.state?.toUpperCase();
    if (state && canadianProvinces.includes(state)) optional.push(...refusal(window, trxID, "C-15", () => this.tried(request.trxID)));
    return [...this.processed(window, request, optional.length > 0), ...optional];
  }

  private tried(trxID: string | undefined): void {
    if (trxID !== undefined) this.triedTrxIds.add(trxID);
  }

  private line(micrData: string): LineMemory {
    let memory = this.lines.get(micrData);
    if (!memory) {
      const slot = (name: string, test: (v: unknown) => boolean, rule: Rule) => new Slot(`${name} read from ${JSON.stringify(micrData)}`, named(name, test, rule));
      memory = {
        reading: {
          aba: slot("9 digits", (v) => digits(9, 9).test(v), "cc §2.2"),
          accountLast4: slot("4 digits", (v) => digits(4, 4).test(v), "cc §2.2"),
          checkNum: slot("up to 15 digits, a digit string or a JSON integer", isNumeric, "C-10"),
          checkType: slot("Y or G", (v) => v === "Y" || v === "G", "cc §2.2"),
        },
      };
      this.lines.set(micrData, memory);
    }
    return memory;
  }

  /** A request a server may process: a server failure, a refusal, or a decision on the check. */
  private processed(window: Window, request: ProcessableRequest, otherRefusals: boolean): Prediction[] {
    const predictions: Prediction[] = [];
    const refusals: Prediction[] = [];
    const { trxID } = request;
    const line = this.line(request.account.micrData);
    for (const failure of this.outcomes(trxID.startsWith("E500"))) {
      if (failure) {
        predictions.push({ status: 500, body: refusalBody(window, trxID), rule: triggerRule, apply: () => this.tried(trxID) });
        // C-11: a trxID reused after a refusal may be refused before the trigger is looked at (the
        // precedence is the server's); without triggers the branch below adds that refusal.
        if (this.options.triggers && this.triedTrxIds.has(trxID)) refusals.push(...refusal(window, trxID, "C-11"));
        continue;
      }
      if (this.usedTrxIds.has(trxID)) {
        predictions.push(...refusal(window, trxID, "C-11"));
        continue;
      }
      if (this.triedTrxIds.has(trxID)) refusals.push(...refusal(window, trxID, "C-11"));
      // C-9: a line may be refused as unreadable, or read, as the named layout decides; one way for a line.
      if (line.readable !== true) {
        const alone = !otherRefusals && !this.triedTrxIds.has(trxID);
        refusals.push(...refusal(window, trxID, "C-9", () => {
          this.tried(trxID);
          if (alone) setTrailed(line, "readable", false);
        }));
      }
      if (line.readable === false) continue;
      const asterisks = /^[*]+$/.test(bareId(request.id.idValue));
      const cents07 = request.netAmount.lenient ? "either" : request.netAmount.cents % 100 === 7;
      // Without triggers any valid check may be declined or its ID refused (C-7): the approval first.
      // An input the fixtures promise to refuse or decline gets that answer alone.
      const either = (triggered: boolean | "either", promised: boolean) => (promised ? [true] : this.options.triggers ? this.outcomes(triggered) : [false, true]);
      const promised = this.options.promised;
      const promisedIdError = (promised?.refusedIdValues ?? []).some((value) => bareId(value) === bareId(request.id.idValue));
      const promisedDecline = !request.netAmount.lenient && (promised?.declinedNetAmounts ?? []).some((amount) => centsOf(amount) === request.netAmount.cents);
      for (const idError of either(asterisks, promisedIdError)) {
        for (const declined of either(cents07, promisedDecline)) {
          const reference = new Slot("trxRefID", named("a new service reference of up to 15 digits (a digit string or a JSON integer)", (v) => isNumeric(v) && !this.references.has(String(v)), "C-10"));
          const consume = (read: boolean) => () => {
            this.usedTrxIds.add(trxID);
            this.references.add(String(reference.value));
            if (read) setTrailed(line, "readable", true);
          };
          const decision = (errorType: string, adverse: boolean) => {
            const body = object({ errors: unordered([entry(window, trxID, { errorType: ruled("C-7", exact(errorType)), adverse, trxRefID: held(reference) })]) });
            return [400, 500].map((status): Prediction => ({ status, body, rule: "C-8", apply: consume(false) }));
          };
          // Both triggers at once: C-12 does not say which wins, so either answer is right.
          if (idError) predictions.push(...decision("id_error", false));
          if (declined) predictions.push(...decision("declined", true));
          if (!idError && !declined) {
            const { aba, accountLast4, checkNum, checkType } = line.reading;
            const body = ruled("cc §2.2", object({
              trxID: exact(trxID), trxRefID: held(reference), approvalNum: form(digits(6, 6)),
              aba: ruled("C-9", held(aba)), accountLast4: ruled("C-9", held(accountLast4)), checkNum: held(checkNum), checkType: ruled("C-9", held(checkType)),
            }));
            predictions.push({ status: 200, body, rule: "C-2", apply: consume(true) });
          }
        }
      }
    }
    return [...predictions, ...refusals];
  }
}
