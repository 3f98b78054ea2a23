// Deviation switches: each makes this server wrong in exactly one way the contract states, so a test
// can show that the conformance suite catches it and names the rule broken. `rules` lists the
// references (conformance/rules.ts) that state the requirement; the suite must name one of them.
export type FaultSpec = {
  service: "bank-payments" | "check-cashing";
  what: string;
  rules: string[];
};

export const faults = {
  "reduced-view-leaks-extras": {
    service: "bank-payments", rules: ["B-4", "bank §2.1"],
    what: "the publishable key's reduced view also shows extras (bank §2.1 lists it among the members it leaves out)",
  },
  "not-found-text": {
    service: "bank-payments", rules: ["bank §7.3"],
    what: "a 404 says \"Not found.\" instead of the value not_found (bank §7.3)",
  },
  "credit-cancelled-twice": {
    service: "bank-payments", rules: ["bank §3.2", "bank §7.2", "bank §4.7"],
    what: "cancelling a cancelled credit succeeds again instead of 409 already_cancelled (bank §3.2)",
  },
  "refund-over-debit": {
    service: "bank-payments", rules: ["B-35", "bank §8"],
    what: "a refund larger than the captured amount is accepted (bank §8: \"refund amount may not exceed the approved debit (code 75)\")",
  },
  "authorized-at-without-offset": {
    service: "bank-payments", rules: ["B-17", "bank §2.1"],
    what: "authorized_at is written without an offset, a local time (bank §2.1: \"ISO 8601 UTC\")",
  },
  // Races (issue 34): the action reads the intent, waits for the bank, then saves the members it
  // changed and answers the intent as saved (bank/racy-actions.ts), so two overlapping actions on
  // one intent both act on the state before either. Only the race scenarios send such pairs.
  "overlapping-captures-both-applied": {
    service: "bank-payments", rules: ["B-28", "bank §3.1", "bank §7.2"],
    what: "two overlapping captures of one authorized intent are both applied, each answered 200 (B-28: the second is refused 409 already_occurred)",
  },
  "overlapping-refunds-both-applied": {
    service: "bank-payments", rules: ["B-28", "bank §3.1", "bank §7.2", "B-35", "bank §8"],
    what: "two overlapping full refunds are both applied, the refunded total twice the captured amount (B-28: the second is refused 409 not_ready)",
  },
  "overlapping-cancel-and-capture-both-applied": {
    service: "bank-payments", rules: ["B-28", "bank §3.1", "bank §7.2"],
    what: "a cancel and a capture that overlap are both saved onto the intent, which ends voided and captured at once (bank §3.1: a cancel nulls the captured fields; a canceled intent is not captured)",
  },
  "approval-trxid-not-echoed": {
    service: "check-cashing", rules: ["cc §2.2"],
    what: "the approval answers another trxID than the request's (cc §2.2: \"echo of the request value\")",
  },
  "trxid-reuse-approved": {
    service: "check-cashing", rules: ["cc §2.1", "cc §8", "C-11"],
    what: "a trxID already approved is approved again (cc §8: \"trxID must be unique per request\")",
  },
  "response-code-three-digits": {
    service: "check-cashing", rules: ["C-6", "cc §2.3"],
    what: "error entries carry a 3-digit responseCode (cc §2.3: \"digit string of 4 digits\")",
  },
} satisfies Record<string, FaultSpec>;

export type Fault = keyof typeof faults;
