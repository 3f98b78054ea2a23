// Enrolled objects a server under test already knows (`conformance --fixtures FILE`). The documents
// make an enrolled consumer, an enrolled bank account and an accepted service fee prerequisites of a
// transaction, and their enrolment endpoints are not shown (bank doc 1); a server that refuses
// identifiers it has not enrolled names its enrolled ones here, and the suite uses only those (and
// what it creates through the API). Without a fixtures file the suite uses fresh well-formed
// identifiers, which a server that enrols on first use (the reference sandbox) accepts.

export type Fixtures = {
  /** Enrolled bank accounts and the consumer each belongs to: several, binding tests need two consumers. */
  bank_accounts: Array<{ id: string; consumer_id: string }>;
  /** Service fees a consumer accepted, usable with `service_fee_id`. */
  service_fees: string[];
  /** Store numbers of active client accounts (`store_number`, the `station_number` filter). */
  store_numbers: string[];
  /** Submerchant ids: for debits (`submerchant_id` on an intent) and for unlinked credits. */
  submerchant_ids?: { debit?: string[]; credit?: string[] };
};
