// Generated from spec/ by `npm run build`. Do not edit: change spec/ and rebuild.
export interface paths {
    "/_sandbox/credits/{credit_id}/fail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fail a pending credit
         * @description A `pending` credit fails, with a `reason`. Otherwise 409.
         */
        post: operations["failCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/credits/{credit_id}/settle": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Settle a pending credit
         * @description A `pending` credit succeeds (it can then be cancelled). Otherwise 409.
         */
        post: operations["settleCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset the tenant
         * @description Deletes every transaction intent, credit and bank account binding of the key's tenant and restores the default settings.
         */
        post: operations["resetSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the settings
         * @description The settings in force for the key's tenant.
         */
        get: operations["getSandboxSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the settings
         * @description Changes the settings of the key's tenant; answers the settings in force.
         */
        patch: operations["updateSandboxSettings"];
        trace?: never;
    };
    "/_sandbox/transaction-intents/{transaction_intent_id}/accept-service-fee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept the service fee
         * @description The consumer accepts the service fee: an intent in `pending_service_fee_acceptance` or
         *     `pending_service_fee` becomes `pending_authorization`, with `service_fee_id`, `service_fee`
         *     (2.50) and `service_fee_accepted_at` set. Otherwise 409.
         */
        post: operations["acceptServiceFee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/transaction-intents/{transaction_intent_id}/fail-next-capture": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the next capture fail
         * @description The next capture of this intent fails with the given `captured_status`: the capture is
         *     answered 200 with the intent still `pending_capture`, `captured_status` naming the failure and
         *     a new `capture_reference_id`; the capture after it succeeds again. For an intent not yet
         *     captured (awaiting authorization or `pending_capture`); otherwise 409.
         */
        post: operations["failNextCapture"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/transaction-intents/{transaction_intent_id}/return-debit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Return the debit
         * @description The bank returns the debit of a captured intent (`succeeded`, not refunded): its `reason`
         *     says so, and a refund is then refused with 409 `not_ready` (response code 82). Otherwise 409.
         */
        post: operations["returnDebit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/_sandbox/transaction-intents/{transaction_intent_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move an intent into a pending status
         * @description Moves an intent that awaits authorization (`pending_service_fee_acceptance`,
         *     `pending_service_fee`, `pending_authorization`) into `pending_authorization` (service fee
         *     accepted) or `pending_service_fee` (no service fee yet). Otherwise 409.
         */
        post: operations["setIntentStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description The service fee the consumer accepts. */
        AcceptServiceFeeRequest: {
            /** @description The accepted service fee; default the intent's own, or a new `service_fee_<token>`. */
            service_fee_id?: components["schemas"]["ServiceFeeId"];
        };
        /**
         * @description The response codes of section 7.4 that describe the outcome of an authorization (approvals,
         *     declines and the consumer data codes of the authorize 422), or null for none. (A union with null, so that OpenAPI 3.0 carries `nullable` beside the values.)
         * @enum {unknown}
         */
        AuthorizationCode: "00" | "01" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "21" | "22" | "24" | "25" | "32" | "34" | "38" | "66" | "67" | "68" | "69" | "70" | "71" | "72" | null;
        /**
         * @description A status the status helper moves an intent into.
         * @enum {string}
         */
        AwaitingStatus: "pending_authorization" | "pending_service_fee";
        /**
         * @description A currency amount sent as a decimal string, at most two decimals and at most 999999999.99, for
         *     example `"125.00"`.
         * @example 125.00
         */
        AmountInputString: string;
        /**
         * @description Status of a refund or cancel attempt (values observed in the documentation).
         * @enum {string}
         */
        AttemptStatus: "succeeded" | "cancelled";
        /**
         * @description Outcome of the latest capture attempt; null until a capture is attempted and after a cancel. The
         *     documentation lists the failure values and shows a successful capture as `succeeded`.
         *
         *     Contract decisions: a failed capture is answered 200 with the intent, whose `captured_status`
         *     names the failure and whose `capture_reference_id` is that attempt's reference; the intent stays
         *     `pending_capture` (the capture may be retried), `amount_captured` and `captured_at` stay null.
         *     `limit_exceeded` is the outcome of a capture over the adjustment limit once the retries are
         *     exhausted (response code 79): the intent becomes `failed`. In the reference sandbox the other
         *     failures are reached with the test helper `POST /_sandbox/transaction-intents/{id}/fail-next-capture`.
         * @enum {unknown}
         */
        CapturedStatus: "succeeded" | "duplicate_request" | "error" | "error_cannot_confirm" | "expired" | "invalid_key_data" | "limit_exceeded" | "printed" | null;
        /** @description A credit: money paid to a consumer. */
        Credit: {
            /** @description Permanent identifier, `credit_<token>`. */
            id: components["schemas"]["CreditId"];
            /** @description Currency amount requested. */
            amount: components["schemas"]["CurrencyAmount"];
            /** @description The transaction intent or bank account credited. */
            creditable: components["schemas"]["Creditable"];
            /** @description Identifier of the credited object; appears in unlinked credit output and in the cancel response. */
            creditable_id?: string;
            /**
             * @deprecated
             * @description The linked transaction intent; present for linked credits.
             */
            transaction_intent_id?: components["schemas"]["TransactionIntentId"];
            /** @description Kind of credit. */
            type: components["schemas"]["CreditType"];
            /** @description Current status. */
            status: components["schemas"]["CreditStatus"];
            /**
             * Format: date-time
             * @description When the credit was created (RFC 3339).
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the credit last changed (RFC 3339).
             */
            updated_at: string;
            /**
             * @description Employee who issued the credit. Contract decision B-48: when none was given the sandbox
             *     answers null; a server may leave the member out.
             */
            employee_number?: string | null;
            /** @description Custom values attached at creation. */
            extras: {
                [key: string]: components["schemas"]["EchoedExtrasValue"];
            } | null;
            /**
             * @description Reason for the status (free text, B-50): a failed credit's explains why (bank doc 3.2); it may
             *     change at every transition, a cancel included.
             */
            reason: string | null;
            /**
             * @description Message after an attempted or successful cancel. Contract decision B-51: set by a successful
             *     cancel; a refused cancel (409) may set it, as the documentation's "attempted" allows (the
             *     reference sandbox leaves it unchanged).
             */
            cancel_message: string | null;
            /**
             * @description Reference number of the credit. Contract decision B-51: the sandbox gives one to pending and
             *     succeeded credits, null to failed ones; any credit may have none.
             */
            reference_number: string | null;
            /**
             * @description Station (store) the credit was issued at; null when the store number was invalid or missing
             *     (bank doc 3.2). Appears in list, read and failed-create output. Contract decision B-49: the
             *     store number given at creation; a linked credit created without one may show any station.
             */
            station_number?: string | null;
        };
        /**
         * @description Credit identifier, `credit_<token>`.
         * @example credit_Lm3Qx8RzT5vK2pWa
         */
        CreditId: string;
        /** @description `meta` of a single credit response. */
        CreditMeta: {
            /**
             * @description Always `credit`.
             * @enum {string}
             */
            type: "credit";
        };
        /**
         * @description Status of a credit.
         * @enum {string}
         */
        CreditStatus: "pending" | "failed" | "succeeded" | "canceled" | "cancelled";
        /**
         * @description Kind of credit (values seen in the documentation).
         * @enum {string}
         */
        CreditType: "linked" | "unlinked" | "refund";
        /**
         * @description The object a credit refers to. The documentation's credit table lists this `id` under the row
         *     named `{base_url}`, a known defect of that table.
         */
        Creditable: {
            /** @description Kind of object. */
            type: components["schemas"]["CreditableType"];
            /** @description Identifier of the transaction intent or bank account. */
            id: string;
        };
        /**
         * @description What a credit refers to.
         * @enum {string}
         */
        CreditableType: "transaction_intent" | "bank_account";
        /**
         * @description A currency amount as a decimal string with exactly two decimals, for example `"125.00"`.
         *     Contract decision: the source documentation says "currency amount" without a format; the
         *     two-decimal form is what every example shows.
         * @example 125.00
         */
        CurrencyAmount: string;
        /**
         * @description A bank account identifier as a response echoes it: the request's form without the sandbox's
         *     length limit, since a server may accept a longer one (B-21: a response never caps below what a
         *     request may legally send).
         * @example bank_account_Vd93LmQa2XkP7rTe
         */
        EchoedBankAccountId: string;
        /**
         * @description A consumer identifier as a response echoes it (no length limit, B-21).
         * @example consumer_Hq7Zx2LmN4pR8sTu
         */
        EchoedConsumerId: string;
        /**
         * @description A scalar value of `extras` as a response echoes it: no length limit, since a server may accept
         *     a string value longer than the sandbox's 500 characters (B-21).
         */
        EchoedExtrasValue: string | number | boolean;
        /**
         * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
         *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
         *     which a server may process instead) is answered with 403 and a `message`.
         */
        ForbiddenError: {
            /** @description Free text; the sandbox names the key the operation takes. */
            message: string;
        };
        /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
        NotFoundError: {
            /**
             * @description Always `not_found`.
             * @enum {string}
             */
            message: "not_found";
        };
        /**
         * @description Two-digit transaction response code carried by `response_code` of a refund or cancel attempt.
         *
         *     | Code | Meaning |
         *     |---|---|
         *     | 00 | Invalid driver licence or state ID |
         *     | 01 | ID and date of birth mismatch |
         *     | 03 | Invalid SSN or ITIN |
         *     | 04 | Invalid service type for client account |
         *     | 05 | Invalid device ID |
         *     | 06 | ID type restricted |
         *     | 07 | Decline (negative); adverse action required |
         *     | 08 | Approval |
         *     | 09 | Invalid routing or account number |
         *     | 11 | Invalid account type |
         *     | 12 | Decline (high risk); adverse action required |
         *     | 13 | Edit errors, required field missing |
         *     | 14 | Invalid station number (client account missing or deactivated) |
         *     | 15 | System error |
         *     | 16 | Phone number missing |
         *     | 17 | Phone number invalid |
         *     | 18 | Invalid e-mail address |
         *     | 19 | Driver licence and date of birth must be supplied |
         *     | 21 | Approval |
         *     | 22 | Decline, account not ACH capable |
         *     | 24 | Check not eligible for conversion |
         *     | 25 | Decline, unable to determine ACH capability |
         *     | 29 | Void or cancel successful |
         *     | 30 | Cannot void or cancel (refunds and credits cannot be cancelled) |
         *     | 31 | Already voided or cancelled |
         *     | 32 | Duplicate transaction |
         *     | 33 | Reference and search request UID combination not found |
         *     | 34 | Too late to void (already in ACH network) |
         *     | 38 | Invalid check type |
         *     | 66 | Invalid consumer billing address |
         *     | 67 | Invalid billing address and account not ACH capable |
         *     | 68 | Invalid shipping address |
         *     | 69 | Invalid shipping address and account not ACH capable |
         *     | 70 | Invalid consumer or ship-to first and last name |
         *     | 71 | Invalid consumer or ship-to company name |
         *     | 72 | Invalid consumer or ship-to address data |
         *     | 73 | Debit already captured |
         *     | 74 | Credit amount over the limit |
         *     | 75 | Refund amount exceeds the debit amount |
         *     | 76 | Original debit has not been captured |
         *     | 77 | Original debit was cancelled; refund or linked credit impossible (use an unlinked credit) |
         *     | 78 | Capture adjusted amount over the limit |
         *     | 79 | Capture adjusted amount over the limit and retries exceeded; submit a new debit |
         *     | 80 | Refund impossible, original debit not sent for settlement (cancel it or use a credit) |
         *     | 81 | Refund amount less than purchase amount; partial refunds not enabled |
         *     | 82 | Debit related to the refund was returned by the bank |
         *
         *     Codes 07 and 12 require that the intent's `reference_id` and its adverse action text (`reason`,
         *     read with the publishable key) be shown to the consumer, who must be able to print or e-mail it.
         * @enum {string}
         */
        ResponseCode: "00" | "01" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "21" | "22" | "24" | "25" | "29" | "30" | "31" | "32" | "33" | "34" | "38" | "66" | "67" | "68" | "69" | "70" | "71" | "72" | "73" | "74" | "75" | "76" | "77" | "78" | "79" | "80" | "81" | "82";
        /** @description One payment of a `bankpay_bnpl` schedule. */
        ScheduledPayment: {
            /** @description Amount of this payment. */
            amount: components["schemas"]["CurrencyAmount"];
            /**
             * Format: date
             * @description Date the payment is scheduled for (YYYY-MM-DD).
             */
            scheduled_for: string;
        };
        /**
         * @description Service fee identifier, `service_fee_<token>`.
         * @example service_fee_Tz6Mq1PxR9bK3wLe
         */
        ServiceFeeId: string;
        /** @description A transaction intent as read with the secret key (full view), or returned by an action. */
        TransactionIntent: {
            /** @description Permanent unique identifier. */
            id: components["schemas"]["TransactionIntentId"];
            /** @description Transaction type. */
            type: components["schemas"]["TransactionIntentType"];
            /** @description Current status. */
            status: components["schemas"]["TransactionIntentStatus"];
            /**
             * @description Amount authorized. Contract decision: before authorization it holds the amount requested at
             *     creation (the intent has no other amount field).
             */
            amount_authorized: components["schemas"]["CurrencyAmount"];
            /** @description Amount captured; null until captured and after a cancel. */
            amount_captured: string | null;
            /** @description Total refunded; null until refunded and after a refund is cancelled. */
            amount_refunded_total: string | null;
            /**
             * Format: date-time
             * @description When the intent was authorized, in UTC (bank doc 2.1: "ISO 8601 UTC"; `Z` or `+00:00`, B-17).
             *     The sandbox leaves it null when the authorization is declined (B-53: or the attempt's time).
             */
            authorized_at: string | null;
            /** @description Associated bank account. */
            bank_account_id: components["schemas"]["EchoedBankAccountId"];
            /** @description Associated billing address. */
            billing_address_id: string | null;
            /** @description Associated consumer. */
            consumer_id: components["schemas"]["EchoedConsumerId"];
            /** @description Latest cancel attempt. */
            cancel: {
                /** @description Amount of the attempt. */
                amount: components["schemas"]["CurrencyAmount"];
                /**
                 * Format: date-time
                 * @description When the attempt was made (RFC 3339; any offset, B-17).
                 */
                created_at: string;
                /** @description Human-readable outcome. */
                message: string;
                /** @description Reference number of the attempt. */
                reference_number: string;
                /**
                 * @description Two-digit transaction response code (see `ResponseCode`): a cancel's is 29, an approved refund's
                 *     08 (or 21, the documentation's other "Approval", B-29).
                 */
                response_code: components["schemas"]["ResponseCode"];
                /** @description Outcome of the attempt. */
                status: components["schemas"]["AttemptStatus"];
            } | null;
            /** @description Latest refund attempt. */
            refund: {
                /** @description Amount of the attempt. */
                amount: components["schemas"]["CurrencyAmount"];
                /**
                 * Format: date-time
                 * @description When the attempt was made (RFC 3339; any offset, B-17).
                 */
                created_at: string;
                /** @description Human-readable outcome. */
                message: string;
                /** @description Reference number of the attempt. */
                reference_number: string;
                /**
                 * @description Two-digit transaction response code (see `ResponseCode`): a cancel's is 29, an approved refund's
                 *     08 (or 21, the documentation's other "Approval", B-29).
                 */
                response_code: components["schemas"]["ResponseCode"];
                /** @description Outcome of the attempt. */
                status: components["schemas"]["AttemptStatus"];
            } | null;
            /** @description Client chain number. */
            chain_number: string;
            /**
             * @deprecated
             * @description Equals the chain number.
             */
            merchant_id: string;
            /**
             * @description Payment schedule; present only when `type` is `bankpay_bnpl`. Contract decision B-41: the
             *     payments add up to `amount_authorized`, on dates in order from the creation date on; how many
             *     and how far apart is the server's. The sandbox: four payments, two weeks apart, the first on
             *     the creation date (UTC), the cents that do not divide evenly on the first payments (100.03 is
             *     25.01, 25.01, 25.01, 25.00).
             */
            payments?: components["schemas"]["ScheduledPayment"][];
            /**
             * @description Human-readable reason for the status; carries the adverse action text for declines. Contract
             *     decision B-36: a non-empty text after an authorization (bank doc 3.1: authorize "sets ...
             *     reason") and on a decline; null or a text otherwise. The sandbox: null until the first
             *     transition, then a text for each.
             */
            reason: string | null;
            /**
             * @description Identifier the consumer uses to reference the transaction. Contract decision B-37: present on a
             *     decline of code 07 or 12 (shown to the consumer); the sandbox assigns it on authorization and
             *     on a decline, then keeps it; a server may assign it earlier.
             */
            reference_id: string | null;
            /** @description Currency amount of the service fee. */
            service_fee: string | null;
            /** @description Associated service fee. */
            service_fee_id: string | null;
            /**
             * Format: date-time
             * @description When the intent was captured (RFC 3339).
             */
            captured_at: string | null;
            /** @description Outcome of the latest capture attempt. */
            captured_status: (string & components["schemas"]["CapturedStatus"]) | null;
            /** @description Reference number of the latest capture attempt. */
            capture_reference_id: string | null;
            /** @description Custom values attached at creation. */
            extras: {
                [key: string]: components["schemas"]["EchoedExtrasValue"];
            } | null;
            /**
             * Format: date-time
             * @description When the consumer accepted the service fee (RFC 3339).
             */
            service_fee_accepted_at: string | null;
            /**
             * @description Whether the transaction has an adverse action (a decline with code 07 or 12). Contract decision
             *     B-26: the documentation says it appears in list output; outside lists a server may leave it
             *     out (the sandbox returns it in every view).
             */
            transaction_adverse_type?: boolean;
        };
        /**
         * @description Transaction intent identifier, `transaction_intent_<token>` (bank doc 2.1). Contract decision
         *     B-16: the token is one or more URL-unreserved characters (letters, digits, `-`, `.`, `_`, `~`:
         *     an identifier is a path segment as it is); its alphabet and length are the server's (the
         *     sandbox's are 16 letters and digits); at most 255 characters.
         * @example transaction_intent_8f3kQ2mZx7LpR4tV
         */
        TransactionIntentId: string;
        /** @description `meta` of a single transaction intent response. */
        TransactionIntentMeta: {
            /**
             * @description Always `transaction_intent`.
             * @enum {string}
             */
            type: "transaction_intent";
        };
        /**
         * @description Status of a transaction intent.
         * @enum {string}
         */
        TransactionIntentStatus: "succeeded" | "failed" | "refunded" | "canceled" | "pending_authorization" | "pending_capture" | "pending_service_fee" | "pending_service_fee_acceptance";
        /**
         * @description Transaction type.
         * @enum {string}
         */
        TransactionIntentType: "bankpay" | "bankpay_bnpl";
        /**
         * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
         *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
         *     documentation does not show this case).
         */
        UnauthenticatedError: {
            /** @description Free text; the sandbox says `Unauthenticated.` and how to send a key, or, for a new key past its tenant cap, why. */
            message: string;
        };
        /**
         * @description Validation error, HTTP 422 (bank doc 7.1). `errors` maps each offending field (or query
         *     parameter) to an array of strings: the word `invalid`, or `missing`, or a sentence for
         *     `submerchant_id` problems (prohibited, invalid, required) (B-14). Contract decisions (ids of
         *     docs/contract-decisions.md):
         *     - B-11: unknown body members are refused with `invalid` on the member (a server may ignore them);
         *     - B-12: a body that is not a JSON object (broken JSON, an empty body, a content type other than
         *     JSON, more than 1 MB, nesting deeper than 32 levels) is refused with `errors.body: ["invalid"]` (a server may key the members
         *     it then lacks);
         *     - B-15: nested members are keyed in dot notation (`billing_address.line_1`; a server may use the
         *     bare member or the address update's names), values inside `extras` by `extras`; on the
         *     address update, `line_2` problems are keyed `line_two`; a missing `action` gives only
         *     `action: ["missing"]`, an unknown one only `action: ["invalid"]`; a credit naming neither
         *     `transaction_intent_id` nor `creditable_id` gets `missing` on both;
         *     - B-55: a query parameter given twice is `invalid`; unknown query parameters are ignored;
         *     - B-13: `message` is free text; the sandbox explains the first problem and, where a transaction
         *     response code applies, names it: "(response code NN)". A message naming a code names the
         *     right one;
         *     - B-21: a JSON object in the body with more than 100 members is refused as a whole with
         *     `errors.body: ["invalid"]` in the sandbox, so an answer never grows with the request;
         *     - B-62: the documentation states no minimum length for any member, so an empty string is read
         *     as a value (`invalid`, as the sandbox answers, or kept) or as absent (`missing` where the member
         *     is required, nothing where it is optional), one reading for a whole request.
         *
         *     Checks run in this order (B-52): the key (401, 403), the resource in the path (404), the body
         *     (422), then the state (409), then the amount checks that depend on the state (422 with codes 75,
         *     78, 81: a refund of a debit not sent for settlement is 409 whatever its amount).
         */
        ValidationError: {
            /** @description Summary of the failure, free text (B-13). */
            message: string;
            /** @description Field name to the list of problems found with it. */
            errors: {
                [key: string]: string[];
            };
        };
        /**
         * @description The capture failures a test helper can arrange (the documented `captured_status` values).
         * @enum {string}
         */
        CaptureFailure: "duplicate_request" | "error" | "error_cannot_confirm" | "expired" | "invalid_key_data" | "limit_exceeded" | "printed";
        /** @description The credit after the helper. */
        CreditHelperResponse: {
            /** @description The credit. */
            data: components["schemas"]["Credit"];
            /** @description Resource type. */
            meta: components["schemas"]["CreditMeta"];
        };
        /** @description How the next capture of the intent fails. */
        FailNextCaptureRequest: {
            /** @description The `captured_status` the next capture attempt ends with. */
            captured_status: components["schemas"]["CaptureFailure"];
        };
        /** @description The helper cannot act on the object in its current status, HTTP 409. */
        HelperConflictError: {
            /**
             * @description Always `invalid_state`.
             * @enum {string}
             */
            conflict: "invalid_state";
            /** @description Which statuses the helper acts on. */
            message: string;
        };
        /** @description The intent after the helper (full view). */
        IntentHelperResponse: {
            /** @description The transaction intent. */
            data: components["schemas"]["TransactionIntent"];
            /** @description Resource type. */
            meta: components["schemas"]["TransactionIntentMeta"];
        };
        /** @description The tenant's data is gone. */
        ResetResponse: {
            /** @description What was deleted. */
            data: components["schemas"]["ResetSummary"];
        };
        /** @description What a reset removed. */
        ResetSummary: {
            /**
             * Format: int32
             * @description Transaction intents deleted.
             */
            transaction_intents: number;
            /**
             * Format: int32
             * @description Credits deleted.
             */
            credits: number;
        };
        /**
         * @description The tenant's sandbox settings: the amount limits of response codes 74, 78 and 79, and the
         *     outcome of the next authorization (any authorization response code of section 7.4).
         */
        SandboxSettings: {
            /** @description Credit ceiling (response code 74); null for none. Default null. */
            credit_limit: string | null;
            /**
             * @description How far a capture may exceed the amount authorized (response code 78 above it). Default
             *     `0.00`: a capture may not exceed the amount authorized.
             */
            capture_adjustment_limit: components["schemas"]["CurrencyAmount"];
            /**
             * Format: int32
             * @description Captures over the adjustment limit refused with code 78 before the next one fails the intent
             *     (`captured_status` `limit_exceeded`, status `failed`, response code 79). Default 3.
             */
            capture_retries: number;
            /**
             * @description The response code of the tenant's next authorization (the authorize action, or a creation
             *     with an action), then back to null. An approval code (08, 21) approves, its `reason` naming
             *     the code; a consumer data code (66 to 72) answers the authorize 422 of section 4.3 naming the
             *     code (`line_one`, `city_locality`, `postal_code` for the address codes 66, 67, 68, 69 and 72;
             *     `first_name`, `last_name` for 70; `company_name` for 71), and a creation then stores nothing;
             *     any other code declines: the intent becomes `failed`, its `reason` naming the code
             *     (with the adverse action text for 07 and 12, which also set `transaction_adverse_type`), and a
             *     creation is answered 200 as a declined `authorize_and_capture` is. An arranged code decides
             *     instead of the amount triggers; a request refused before the authorization (key, body, 409)
             *     leaves it arranged. Default null: approve, or the amount triggers (`.07`, `.12`, `.66`,
             *     `.70`, `.71`).
             */
            next_authorization_code: (string & components["schemas"]["AuthorizationCode"]) | null;
        };
        /** @description Changes to the settings; members left out keep their value. */
        SandboxSettingsUpdate: {
            /** @description Credit ceiling; null removes it. */
            credit_limit?: string | null;
            /** @description Adjustment limit of captures, `0.00` or more. */
            capture_adjustment_limit?: components["schemas"]["AmountInputString"];
            /**
             * Format: int32
             * @description Refused captures before the intent fails, 1 to 10.
             */
            capture_retries?: number;
            /** @description The response code of the next authorization; null clears it. */
            next_authorization_code?: (string & components["schemas"]["AuthorizationCode"]) | null;
        };
        /** @description Where to move the intent. */
        SetStatusRequest: {
            /** @description The new status. */
            status: components["schemas"]["AwaitingStatus"];
        };
        /** @description The settings in force. */
        SettingsResponse: {
            /** @description The tenant's settings. */
            data: components["schemas"]["SandboxSettings"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    failCredit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The credit's identifier.
                 * @example credit_Lm3Qx8RzT5vK2pWa
                 */
                credit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit after the helper. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
        };
    };
    settleCredit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The credit's identifier.
                 * @example credit_Lm3Qx8RzT5vK2pWa
                 */
                credit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The credit after the helper. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
        };
    };
    resetSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's data is gone. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ResetResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
        };
    };
    getSandboxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
        };
    };
    updateSandboxSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxSettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings in force. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SettingsResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /**
             * @description Validation error, HTTP 422 (bank doc 7.1). `errors` maps each offending field (or query
             *     parameter) to an array of strings: the word `invalid`, or `missing`, or a sentence for
             *     `submerchant_id` problems (prohibited, invalid, required) (B-14). Contract decisions (ids of
             *     docs/contract-decisions.md):
             *     - B-11: unknown body members are refused with `invalid` on the member (a server may ignore them);
             *     - B-12: a body that is not a JSON object (broken JSON, an empty body, a content type other than
             *     JSON, more than 1 MB, nesting deeper than 32 levels) is refused with `errors.body: ["invalid"]` (a server may key the members
             *     it then lacks);
             *     - B-15: nested members are keyed in dot notation (`billing_address.line_1`; a server may use the
             *     bare member or the address update's names), values inside `extras` by `extras`; on the
             *     address update, `line_2` problems are keyed `line_two`; a missing `action` gives only
             *     `action: ["missing"]`, an unknown one only `action: ["invalid"]`; a credit naming neither
             *     `transaction_intent_id` nor `creditable_id` gets `missing` on both;
             *     - B-55: a query parameter given twice is `invalid`; unknown query parameters are ignored;
             *     - B-13: `message` is free text; the sandbox explains the first problem and, where a transaction
             *     response code applies, names it: "(response code NN)". A message naming a code names the
             *     right one;
             *     - B-21: a JSON object in the body with more than 100 members is refused as a whole with
             *     `errors.body: ["invalid"]` in the sandbox, so an answer never grows with the request;
             *     - B-62: the documentation states no minimum length for any member, so an empty string is read
             *     as a value (`invalid`, as the sandbox answers, or kept) or as absent (`missing` where the member
             *     is required, nothing where it is optional), one reading for a whole request.
             *
             *     Checks run in this order (B-52): the key (401, 403), the resource in the path (404), the body
             *     (422), then the state (409), then the amount checks that depend on the state (422 with codes 75,
             *     78, 81: a refund of a debit not sent for settlement is 409 whatever its amount).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
        };
    };
    acceptServiceFee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier.
                 * @example transaction_intent_8f3kQ2mZx7LpR4tV
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptServiceFeeRequest"];
            };
        };
        responses: {
            /** @description The intent after the helper (full view). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
            /**
             * @description Validation error, HTTP 422 (bank doc 7.1). `errors` maps each offending field (or query
             *     parameter) to an array of strings: the word `invalid`, or `missing`, or a sentence for
             *     `submerchant_id` problems (prohibited, invalid, required) (B-14). Contract decisions (ids of
             *     docs/contract-decisions.md):
             *     - B-11: unknown body members are refused with `invalid` on the member (a server may ignore them);
             *     - B-12: a body that is not a JSON object (broken JSON, an empty body, a content type other than
             *     JSON, more than 1 MB, nesting deeper than 32 levels) is refused with `errors.body: ["invalid"]` (a server may key the members
             *     it then lacks);
             *     - B-15: nested members are keyed in dot notation (`billing_address.line_1`; a server may use the
             *     bare member or the address update's names), values inside `extras` by `extras`; on the
             *     address update, `line_2` problems are keyed `line_two`; a missing `action` gives only
             *     `action: ["missing"]`, an unknown one only `action: ["invalid"]`; a credit naming neither
             *     `transaction_intent_id` nor `creditable_id` gets `missing` on both;
             *     - B-55: a query parameter given twice is `invalid`; unknown query parameters are ignored;
             *     - B-13: `message` is free text; the sandbox explains the first problem and, where a transaction
             *     response code applies, names it: "(response code NN)". A message naming a code names the
             *     right one;
             *     - B-21: a JSON object in the body with more than 100 members is refused as a whole with
             *     `errors.body: ["invalid"]` in the sandbox, so an answer never grows with the request;
             *     - B-62: the documentation states no minimum length for any member, so an empty string is read
             *     as a value (`invalid`, as the sandbox answers, or kept) or as absent (`missing` where the member
             *     is required, nothing where it is optional), one reading for a whole request.
             *
             *     Checks run in this order (B-52): the key (401, 403), the resource in the path (404), the body
             *     (422), then the state (409), then the amount checks that depend on the state (422 with codes 75,
             *     78, 81: a refund of a debit not sent for settlement is 409 whatever its amount).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
        };
    };
    failNextCapture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier.
                 * @example transaction_intent_2Rb7YcM4nQ8wLx5K
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FailNextCaptureRequest"];
            };
        };
        responses: {
            /** @description The intent after the helper (full view). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
            /**
             * @description Validation error, HTTP 422 (bank doc 7.1). `errors` maps each offending field (or query
             *     parameter) to an array of strings: the word `invalid`, or `missing`, or a sentence for
             *     `submerchant_id` problems (prohibited, invalid, required) (B-14). Contract decisions (ids of
             *     docs/contract-decisions.md):
             *     - B-11: unknown body members are refused with `invalid` on the member (a server may ignore them);
             *     - B-12: a body that is not a JSON object (broken JSON, an empty body, a content type other than
             *     JSON, more than 1 MB, nesting deeper than 32 levels) is refused with `errors.body: ["invalid"]` (a server may key the members
             *     it then lacks);
             *     - B-15: nested members are keyed in dot notation (`billing_address.line_1`; a server may use the
             *     bare member or the address update's names), values inside `extras` by `extras`; on the
             *     address update, `line_2` problems are keyed `line_two`; a missing `action` gives only
             *     `action: ["missing"]`, an unknown one only `action: ["invalid"]`; a credit naming neither
             *     `transaction_intent_id` nor `creditable_id` gets `missing` on both;
             *     - B-55: a query parameter given twice is `invalid`; unknown query parameters are ignored;
             *     - B-13: `message` is free text; the sandbox explains the first problem and, where a transaction
             *     response code applies, names it: "(response code NN)". A message naming a code names the
             *     right one;
             *     - B-21: a JSON object in the body with more than 100 members is refused as a whole with
             *     `errors.body: ["invalid"]` in the sandbox, so an answer never grows with the request;
             *     - B-62: the documentation states no minimum length for any member, so an empty string is read
             *     as a value (`invalid`, as the sandbox answers, or kept) or as absent (`missing` where the member
             *     is required, nothing where it is optional), one reading for a whole request.
             *
             *     Checks run in this order (B-52): the key (401, 403), the resource in the path (404), the body
             *     (422), then the state (409), then the amount checks that depend on the state (422 with codes 75,
             *     78, 81: a refund of a debit not sent for settlement is 409 whatever its amount).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
        };
    };
    returnDebit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier.
                 * @example transaction_intent_2Rb7YcM4nQ8wLx5K
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The intent after the helper (full view). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
        };
    };
    setIntentStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier.
                 * @example transaction_intent_8f3kQ2mZx7LpR4tV
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetStatusRequest"];
            };
        };
        responses: {
            /** @description The intent after the helper (full view). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentHelperResponse"];
                };
            };
            /**
             * @description Unauthenticated, HTTP 401. Contract decision B-1: a missing `Authorization` header, a scheme other
             *     than `Bearer`, or a key the service does not know is answered with 401 and a `message` (the
             *     documentation does not show this case).
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnauthenticatedError"];
                };
            };
            /**
             * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
             *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
             *     which a server may process instead) is answered with 403 and a `message`.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForbiddenError"];
                };
            };
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
            /** @description The helper cannot act on the object in its current status, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelperConflictError"];
                };
            };
            /**
             * @description Validation error, HTTP 422 (bank doc 7.1). `errors` maps each offending field (or query
             *     parameter) to an array of strings: the word `invalid`, or `missing`, or a sentence for
             *     `submerchant_id` problems (prohibited, invalid, required) (B-14). Contract decisions (ids of
             *     docs/contract-decisions.md):
             *     - B-11: unknown body members are refused with `invalid` on the member (a server may ignore them);
             *     - B-12: a body that is not a JSON object (broken JSON, an empty body, a content type other than
             *     JSON, more than 1 MB, nesting deeper than 32 levels) is refused with `errors.body: ["invalid"]` (a server may key the members
             *     it then lacks);
             *     - B-15: nested members are keyed in dot notation (`billing_address.line_1`; a server may use the
             *     bare member or the address update's names), values inside `extras` by `extras`; on the
             *     address update, `line_2` problems are keyed `line_two`; a missing `action` gives only
             *     `action: ["missing"]`, an unknown one only `action: ["invalid"]`; a credit naming neither
             *     `transaction_intent_id` nor `creditable_id` gets `missing` on both;
             *     - B-55: a query parameter given twice is `invalid`; unknown query parameters are ignored;
             *     - B-13: `message` is free text; the sandbox explains the first problem and, where a transaction
             *     response code applies, names it: "(response code NN)". A message naming a code names the
             *     right one;
             *     - B-21: a JSON object in the body with more than 100 members is refused as a whole with
             *     `errors.body: ["invalid"]` in the sandbox, so an answer never grows with the request;
             *     - B-62: the documentation states no minimum length for any member, so an empty string is read
             *     as a value (`invalid`, as the sandbox answers, or kept) or as absent (`missing` where the member
             *     is required, nothing where it is optional), one reading for a whole request.
             *
             *     Checks run in this order (B-52): the key (401, 403), the resource in the path (404), the body
             *     (422), then the state (409), then the amount checks that depend on the state (422 with codes 75,
             *     78, 81: a refund of a debit not sent for settlement is 409 whatever its amount).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
        };
    };
}
