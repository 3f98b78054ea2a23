// Generated from spec/ by `npm run build`. Do not edit: change spec/ and rebuild.
export interface paths {
    "/api/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List credits
         * @description List credits, newest first, filtered and paginated.
         *
         *     Auth: secret key. An invalid filter gives 422 keyed by parameter name.
         */
        get: operations["listCredits"];
        put?: never;
        /**
         * Create a credit
         * @description Create a credit, linked (to a transaction intent) or unlinked (to a bank account). An unlinked
         *     credit with an invalid or missing `store_number` is answered 201 with status `failed`, a
         *     `reason` that explains the inactive client account, and `station_number` null.
         *
         *     A credit above the client's credit limit is refused with 422 on `amount`, response code 74
         *     (contract decision B-46; the documentation gives no value for the limit: the reference sandbox
         *     has none unless one is set with `PATCH /_sandbox/settings`, and the conformance suite is told
         *     with the setting `credit_limit`).
         *
         *     Auth: secret key.
         *
         *     Sandbox test triggers: a `store_number` of only zeros (such as `0000`) is an inactive client
         *     account; a credit amount ending in `.50` stays `pending` (cancel gives 409 `still_processing`);
         *     a linked credit on an intent whose amount ends in `.33` (created without a reference number)
         *     gives 409 `no_reference_number`.
         */
        post: operations["createCredit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/credits/{credit_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a credit
         * @description Read a credit.
         *
         *     Auth: secret key.
         */
        get: operations["getCredit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Cancel a credit
         * @description Cancel a succeeded credit; it becomes `cancelled`. Contract decision: an unknown credit gives
         *     404 (the documentation does not list it).
         *
         *     Auth: secret key.
         */
        patch: operations["cancelCredit"];
        trace?: never;
    };
    "/api/transaction-intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transaction intents
         * @description List transaction intents, newest first, filtered and paginated.
         *
         *     Auth: secret key. An invalid filter gives 422 with the errors keyed by parameter name and the
         *     value `invalid`.
         */
        get: operations["listTransactionIntents"];
        put?: never;
        /**
         * Create a transaction intent
         * @description Create a transaction intent. Without `action` (variant A) the intent awaits service fee
         *     acceptance; with `action: authorize` it is authorized (`pending_capture`); with
         *     `action: authorize_and_capture` it is authorized and captured (`succeeded`), or answered with
         *     HTTP 200 and status `failed` when the authorization is declined.
         *
         *     A `billing_address` is optional with or without an action (contract decision). A creation
         *     with an action is validated like the authorize action: the 422 of the consumer's data on file
         *     (keys `line_one`, `city_locality`, `postal_code`; `first_name`, `last_name`; `company_name`)
         *     applies to it too, and a refused creation stores nothing.
         *
         *     Auth: secret key.
         *
         *     Sandbox test triggers: `authorize_and_capture` with an amount ending in `.07` or `.12` is
         *     declined with that response code (adverse action required); with an action, an amount ending
         *     in `.66`, `.70` or `.71` gives the authorize 422 of response code 66, 70 or 71 (see
         *     `updateTransactionIntent`); a `bank_account` already used with another `consumer_id` gives 409
         *     `bank_account_conflict`.
         */
        post: operations["createTransactionIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transaction-intents/{transaction_intent_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a transaction intent
         * @description Read a transaction intent. With the secret key the full object; with the publishable key the
         *     reduced object (no `captured_at`, `captured_status`, `capture_reference_id`, `extras`,
         *     `service_fee_accepted_at`) with `is_mailable`. For declines with codes 07 and 12, this read
         *     gives the adverse action text (`reason`) and `reference_id` to show the consumer.
         *
         *     Auth: secret or publishable key.
         */
        get: operations["getTransactionIntent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Authorize, capture, refund or cancel
         * @description Act on a transaction intent; `action` selects the operation. Pre-states (contract decision
         *     B-28, the documentation names only some):
         *
         *     | action | allowed from | result | otherwise |
         *     |---|---|---|---|
         *     | authorize | pending_service_fee_acceptance, pending_service_fee, pending_authorization | pending_capture; sets authorized_at, amount_authorized, reason, reference_id. A server may refuse an intent whose service fee the consumer has not accepted (409 not_ready, or 422 on `service_fee_id`): the documentation makes an accepted fee a prerequisite | 409 already_occurred |
         *     | capture | pending_capture | succeeded; sets amount_captured (a partial capture, below the amount authorized, is allowed), captured_at, captured_status, capture_reference_id; a failed capture stays pending_capture with captured_status naming the failure (see `CapturedStatus`) | 409 already_occurred once captured (code 73), else not_ready (code 76) |
         *     | refund | succeeded (captured, not refunded) | refunded; sets refund (response code 08, or 21) and amount_refunded_total | 409 not_ready (code 76 not captured, 77 cancelled, 80 not sent for settlement, 82 debit returned) |
         *     | cancel | pending_capture, succeeded | canceled; sets cancel (response code 29, amount captured or else authorized); captured fields null | 409 already_occurred when canceled (code 31), else not_ready (code 30: refunded, failed, not yet authorized) |
         *     | cancel_refund | refunded | succeeded; refund.status cancelled; amount_refunded_total null | 409 not_ready |
         *
         *     The authorize response's `meta.type` is `pending_capture`, as the documentation shows.
         *     Contract decision B-31: an authorization may be declined (the documentation shows declines of
         *     `authorize_and_capture`); the intent then becomes `failed` and the action is answered 200. A
         *     creation with `authorize` that is declined is answered 200 with status `failed`, as
         *     `authorize_and_capture` is.
         *
         *     Validation (422): an unknown action; capture without amount, or above the amount authorized by
         *     more than the adjustment limit (code 78); a refund amount above the captured amount (code 75)
         *     or below it (code 81, partial refunds not enabled); authorize when the consumer's data on file
         *     is invalid: `line_one`, `city_locality`, `postal_code` (code 66, billing address), `first_name`,
         *     `last_name` (code 70) or `company_name` (code 71), each `invalid`. Contract decision: an intent
         *     is authorized with or without a billing address (the create table marks it optional).
         *
         *     Messages of 409 and 422 answers are free text (B-13, B-30); the sandbox names the transaction
         *     response code where one applies, as "(response code NN)", and a message that names a code
         *     names the right one.
         *
         *     Auth: secret key.
         *
         *     Sandbox test triggers: authorize of an intent whose amount ends in `.66`, `.70` or `.71` gives
         *     the 422 of that response code; a refund of an intent whose amount ends in `.80` gives 409
         *     `not_ready` (code 80, not sent for settlement). Test helpers (`/_sandbox/...`) make the next
         *     capture fail, return a debit (code 82), and set the adjustment limit and retries (codes 78, 79).
         */
        patch: operations["updateTransactionIntent"];
        trace?: never;
    };
    "/api/transaction-intents/{transaction_intent_id}/address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update the billing address
         * @description Update the billing address of a transaction intent. Contract decisions: the sandbox refuses
         *     the secret key with 403 (the documentation names only the publishable key; B-2 lets a server
         *     process it, and then answers without `is_mailable`, which bank doc 2.1 returns only to the
         *     publishable key); success is 200 with the intent in its reduced view and the new
         *     `billing_address_id` (B-9); the address can be updated in any status.
         *
         *     Auth: publishable key.
         */
        patch: operations["updateTransactionIntentBillingAddress"];
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description The action named in a request, echoed by a conflict.
         * @enum {string}
         */
        ActionName: "authorize" | "authorize_and_capture" | "capture" | "refund" | "cancel" | "cancel_refund";
        /**
         * @description Address identifier, `address_<token>`.
         * @example address_Kp4Rz8QmW2xN6vLs
         */
        AddressId: string;
        /**
         * Format: double
         * @description A currency amount sent in a request as a JSON number, at most two decimals, greater than zero.
         *     Contract decisions: more than two decimals is refused with 422 `invalid` (B-19; JSON Schema
         *     cannot state this exactly, so validators check it in code); the sandbox refuses amounts above
         *     999999999.99 (B-20, open: the documentation gives no ceiling).
         * @example 125
         */
        AmountInput: number;
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
        /** @description Authorize an intent awaiting authorization; it becomes `pending_capture`. */
        AuthorizeAction: {
            /**
             * @description Selects the action.
             * @enum {string}
             */
            action: "authorize";
        };
        /**
         * @description Bank account identifier, `bank_account_<token>`.
         * @example bank_account_Vd93LmQa2XkP7rTe
         */
        BankAccountId: string;
        /**
         * @description A billing address given at creation. Contract decision (the documentation does not say which
         *     members are required): all but `line_2`; `country_code` is an ISO 3166-1 alpha-2 code.
         */
        BillingAddressInput: {
            /** @description City or locality. */
            city_locality: components["schemas"]["RequestText"];
            /** @description ISO 3166-1 alpha-2 country code. */
            country_code: string;
            /** @description First address line. */
            line_1: components["schemas"]["RequestText"];
            /** @description Second address line. */
            line_2?: string | null;
            /** @description State or province. */
            state_province: components["schemas"]["RequestText"];
            /** @description Postal code. */
            postal_code: components["schemas"]["RequestText"];
        };
        /**
         * @description New billing address members. Further members may follow (the documentation says so), so unknown
         *     members are accepted and ignored. Contract decision: all but `line_2` are required; errors are
         *     keyed as the documentation shows (`line_one`, `city_locality`, `postal_code`, `state_province`,
         *     `country_code`).
         */
        BillingAddressUpdate: {
            /** @description City (errors keyed `city_locality`). */
            city: components["schemas"]["RequestText"];
            /** @description ISO 3166-1 alpha-2 country code. */
            country_code: string;
            /** @description First address line (errors keyed `line_one`). */
            line_1: components["schemas"]["RequestText"];
            /** @description Second address line. */
            line_2?: string | null;
            /** @description State or province. */
            state_province: components["schemas"]["RequestText"];
            /** @description ZIP or postal code (errors keyed `postal_code`). */
            zipcode: components["schemas"]["RequestText"];
        } & {
            [key: string]: unknown;
        };
        /** @description The billing address update's answer (contract decision B-9): the intent, reduced view. */
        BillingAddressUpdatedResponse: {
            /** @description The transaction intent with its new `billing_address_id`, reduced view (`is_mailable` for the publishable key only). */
            data: components["schemas"]["TransactionIntentAddressUpdated"];
            /** @description Resource type. */
            meta: components["schemas"]["TransactionIntentMeta"];
        };
        /** @description Cancel (void) an authorized or captured intent; it becomes `canceled`. */
        CancelAction: {
            /**
             * @description Selects the action.
             * @enum {string}
             */
            action: "cancel";
        };
        /** @description The body of a cancel credit request. */
        CancelCreditRequest: {
            /**
             * @description Must be `cancel`; anything else gives 422 `invalid`.
             * @enum {string}
             */
            action: "cancel";
        };
        /** @description Cancel the latest refund; the intent returns to `succeeded` and `refund.status` becomes `cancelled`. */
        CancelRefundAction: {
            /**
             * @description Selects the action.
             * @enum {string}
             */
            action: "cancel_refund";
        };
        /** @description Capture an authorized intent; it becomes `succeeded`. */
        CaptureAction: {
            /**
             * @description Selects the action.
             * @enum {string}
             */
            action: "capture";
            /**
             * @description Amount to capture, a number or a decimal string. A capture below the amount authorized is
             *     allowed (B-58); above it by more than the adjustment limit (0.00 unless configured: setting
             *     `capture_adjustment_limit`, B-34) it is refused with 422 on `amount` (response code 78), and
             *     once the retries are exhausted (three refused captures unless configured: `capture_retries`)
             *     the capture fails with `captured_status` `limit_exceeded` and the intent becomes `failed`
             *     (response code 79).
             */
            amount: components["schemas"]["AmountInput"] | components["schemas"]["AmountInputString"];
        };
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
        /**
         * @description Consumer identifier, `consumer_<token>`.
         * @example consumer_Hq7Zx2LmN4pR8sTu
         */
        ConsumerId: string;
        /**
         * @description The action of a create-with-action request.
         * @enum {string}
         */
        CreateAction: "authorize" | "authorize_and_capture";
        /**
         * @description Variant B: create with an action. Same members as variant A without `type` (the intent is a
         *     `bankpay`), plus `action` and `service_fee_id`.
         */
        CreateAndAuthorizeTransactionIntentRequest: {
            /** @description Amount to charge. */
            amount: components["schemas"]["AmountInput"];
            /** @description Enrolled bank account to debit. */
            bank_account: components["schemas"]["BankAccountId"];
            /** @description Enrolled consumer. */
            consumer_id: components["schemas"]["ConsumerId"];
            /**
             * @description Location of payment.
             *
             *     Sandbox: the list filter `station_number` matches this value.
             */
            store_number: components["schemas"]["RequestText"];
            /**
             * @description Billing address to store with the intent. Optional, as the documentation's table says: an
             *     intent is authorized with or without one (contract decision).
             */
            billing_address?: components["schemas"]["BillingAddressInput"];
            /** @description Custom values. */
            extras?: components["schemas"]["Extras"];
            /** @description Product code. */
            product_code?: components["schemas"]["RequestText"];
            /** @description Product subcode. */
            product_subcode?: components["schemas"]["RequestText"];
            /** @description Submerchant identifier issued at onboarding. */
            submerchant_id?: components["schemas"]["RequestText"];
            /** @description What to do at creation. */
            action: components["schemas"]["CreateAction"];
            /** @description The service fee the consumer accepted. */
            service_fee_id: components["schemas"]["ServiceFeeId"];
        };
        /** @description The body of a create credit request: linked or unlinked. */
        CreateCreditBody: components["schemas"]["LinkedCreditRequest"] | components["schemas"]["UnlinkedCreditRequest"];
        /** @description The body of a create request: variant A (no action) or variant B (with an action). */
        CreateTransactionIntentBody: components["schemas"]["CreateTransactionIntentRequest"] | components["schemas"]["CreateAndAuthorizeTransactionIntentRequest"];
        /**
         * @description Variant A: create without an action. The intent awaits the consumer's acceptance of the service
         *     fee (`pending_service_fee_acceptance`).
         */
        CreateTransactionIntentRequest: {
            /** @description Amount to charge. */
            amount: components["schemas"]["AmountInput"];
            /** @description Enrolled bank account to debit. */
            bank_account: components["schemas"]["BankAccountId"];
            /** @description Enrolled consumer. */
            consumer_id: components["schemas"]["ConsumerId"];
            /**
             * @description Location of payment.
             *
             *     Sandbox: the list filter `station_number` matches this value.
             */
            store_number: components["schemas"]["RequestText"];
            /**
             * @description Billing address to store with the intent. Optional, as the documentation's table says: an
             *     intent is authorized with or without one (contract decision).
             */
            billing_address?: components["schemas"]["BillingAddressInput"];
            /** @description Custom values. */
            extras?: components["schemas"]["Extras"];
            /** @description Product code. */
            product_code?: components["schemas"]["RequestText"];
            /** @description Product subcode. */
            product_subcode?: components["schemas"]["RequestText"];
            /** @description Submerchant identifier issued at onboarding. */
            submerchant_id?: components["schemas"]["RequestText"];
            /**
             * @description Transaction type. The documentation marks it "Y" and names `bankpay` as the default. Contract
             *     decision B-23: left out, the intent is a `bankpay` (the sandbox); a server following the "Y"
             *     may refuse it with 422 `missing`.
             * @default bankpay
             */
            type: components["schemas"]["TransactionIntentType"];
        };
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
        /** @description Conflict on a credit, HTTP 409. */
        CreditConflictError: {
            /** @description What conflicted. */
            error: components["schemas"]["CreditErrorCode"];
            /** @description Human-readable explanation, free text (B-30). */
            message: string;
        };
        /**
         * @description Conflict codes of credit operations.
         * @enum {string}
         */
        CreditErrorCode: "incompatible_status" | "no_reference_number" | "already_cancelled" | "still_processing" | "failed";
        /**
         * @description Credit identifier, `credit_<token>`.
         * @example credit_Lm3Qx8RzT5vK2pWa
         */
        CreditId: string;
        /** @description A page of credits. */
        CreditListResponse: {
            /** @description The credits of this page, newest first. */
            data: components["schemas"]["Credit"][];
            /** @description Page URLs. */
            links: components["schemas"]["PageLinks"];
            /** @description Paging facts. */
            meta: components["schemas"]["PageMeta"];
        };
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
         * @description A service fee identifier as a response echoes it (no length limit, B-21).
         * @example service_fee_Tz6Mq1PxR9bK3wLe
         */
        EchoedServiceFeeId: string;
        /**
         * @description Custom values attached at creation: a one-dimensional object with string keys (bank doc 2.1).
         *     Values are strings, numbers or booleans; nested objects and arrays are refused with 422
         *     `invalid` (B-22).
         *
         *     Contract decision B-21 (the documentation gives no limits; these are Stripe's metadata limits):
         *     the reference sandbox accepts at most 50 members, keys of 1 to 40 characters, string values of
         *     at most 500 characters, and refuses more with 422 `{"extras": ["invalid"]}`; a server may accept
         *     more. OpenAPI 3.0 has no keyword for the length of a member name, so the 40-character key limit
         *     is stated here and enforced by the sandbox, not by schema validators; the 3.1 documents
         *     also state it as `propertyNames`.
         */
        Extras: {
            [key: string]: components["schemas"]["ExtrasValue"];
        };
        /** @description A string value of `extras`: at most 500 characters (contract decision). */
        ExtrasText: string;
        /** @description A scalar value of a one-dimensional `extras` object. */
        ExtrasValue: components["schemas"]["ExtrasText"] | number | boolean;
        /**
         * @description Forbidden, HTTP 403. Contract decision B-2: a valid key of the wrong kind (the publishable key on
         *     a secret-key operation; in the sandbox also the secret key on the publishable-key address update,
         *     which a server may process instead) is answered with 403 and a `message`.
         */
        ForbiddenError: {
            /** @description Free text; the sandbox names the key the operation takes. */
            message: string;
        };
        /**
         * @description Conflict codes of transaction intent operations.
         * @enum {string}
         */
        IntentConflictCode: "already_occurred" | "not_ready" | "bank_account_conflict";
        /** @description Conflict on a transaction intent, HTTP 409. */
        IntentConflictError: {
            /** @description What conflicted. */
            conflict: components["schemas"]["IntentConflictCode"];
            /**
             * @description Human-readable explanation, free text (B-30); the sandbox names the transaction response code
             *     where one applies, and a message naming a code names the right one.
             */
            message: string;
            /**
             * @description The action of the request, echoed for PATCH actions (bank doc 7.2); on a creation with an
             *     action the sandbox echoes it too, a server may leave it out (B-39).
             */
            action?: components["schemas"]["ActionName"];
        };
        /**
         * @description A linked credit: refers to an existing transaction intent, which must be `succeeded` (else 409
         *     `incompatible_status`, whose message names response code 77 when the intent was cancelled) and
         *     carry a reference number (else 409 `no_reference_number`).
         */
        LinkedCreditRequest: {
            /** @description Currency amount to credit. */
            amount: components["schemas"]["AmountInputString"];
            /** @description The transaction intent credited. */
            transaction_intent_id: components["schemas"]["TransactionIntentId"];
            /** @description Employee issuing the credit. */
            employee_number?: components["schemas"]["RequestText"];
            /** @description Custom values. */
            extras?: components["schemas"]["Extras"];
            /** @description Location of the credit. */
            store_number?: components["schemas"]["RequestText"];
            /**
             * @description "Depends on client settings" (bank doc 4.6): prohibited, accepted or required. Contract
             *     decision B-47: the reference sandbox's client prohibits it (422 with a sentence, bank doc 7.1);
             *     the conformance suite is told a server's policy with the setting
             *     `linked_credit_submerchant_id`.
             */
            submerchant_id?: components["schemas"]["RequestText"];
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
         * @description Page navigation URLs of a list response (bank doc 2.5: "string or null"). Contract decision
         *     B-54: `prev` and `next` are null exactly when there is no such page (a client pages with them);
         *     `first` and `last` may be null. A URL may be absolute or relative to the request (the
         *     documentation says "page URLs"; the sandbox writes absolute ones). Each URL repeats the list's filters and `per_page` in the
         *     sandbox.
         */
        PageLinks: {
            /** @description URL of the first page. */
            first: string | null;
            /** @description URL of the last page. */
            last: string | null;
            /** @description URL of the previous page; null on the first page. */
            prev: string | null;
            /** @description URL of the next page; null on the last page. */
            next: string | null;
        };
        /**
         * @description Paging facts of a list response (bank doc 2.5; Laravel's paginator). `from` and `to` are the
         *     1-based positions of the first and last item on the page. Contract decision B-6: on an empty page
         *     (a page past the last one answers 200 with an empty `data`) they are null, as Laravel's paginator
         *     gives them and the sandbox does, or a number such as 0, as the documentation types them.
         */
        PageMeta: {
            /**
             * Format: int32
             * @description The page returned.
             */
            current_page: number;
            /**
             * Format: int32
             * @description Position of the first item on this page; null (or 0) when the page is empty.
             */
            from: number | null;
            /**
             * Format: int32
             * @description Number of the last page (1, or 0, when there are no results).
             */
            last_page: number;
            /**
             * @description The list's route path without query, such as `/api/credits` (bank doc 2.5: "route path");
             *     the sandbox gives the route's absolute URL (contract decision B-54: either).
             */
            path: string;
            /**
             * Format: int32
             * @description Page size in force (B-5: at most 100 unless the server is configured otherwise).
             */
            per_page: number;
            /**
             * Format: int32
             * @description Position of the last item on this page; null (or 0) when the page is empty.
             */
            to: number | null;
            /**
             * Format: int32
             * @description Number of results across all pages.
             */
            total: number;
        };
        /**
         * @description Refund a captured intent; it becomes `refunded`. Partial refunds are not enabled: an amount below
         *     the captured amount gives 422 (response code 81), above it 422 (response code 75). A refund that
         *     is not possible gives 409 `not_ready`; the sandbox's message names the response code (76 not
         *     captured, 77 cancelled, 80 not sent for settlement, 82 the debit was returned).
         */
        RefundAction: {
            /**
             * @description Selects the action.
             * @enum {string}
             */
            action: "refund";
            /**
             * @description Amount to refund: the captured amount. Contract decision B-35: the documentation does not mark
             *     it required (it does capture's): left out, the whole captured amount is refunded (the sandbox);
             *     a server may answer 422 `missing`. After a partial capture a server may take the amount
             *     authorized as the refund's base (bank doc 8: "approved debit") and answer 422 (81).
             */
            amount?: components["schemas"]["AmountInput"];
        };
        /**
         * @description A free-text request value. Contract decision B-21: 1 to 255 characters in the reference sandbox,
         *     which refuses a longer or empty value with 422 `invalid` (the documentation gives no limit; 255
         *     is the conventional column limit). Open: a server may accept longer values. Contract decision
         *     B-62: the documentation states no minimum, so an empty string is either reading: a value (422
         *     `invalid`, as the sandbox answers, or kept and echoed) or absent (422 `missing` where the member
         *     is required, nothing where it is optional, echoed as a member never given: Laravel's
         *     ConvertEmptyStringsToNull).
         */
        RequestText: string;
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
        /** @description The body of an action request: `action` selects the operation. */
        TransactionIntentActionBody: components["schemas"]["AuthorizeAction"] | components["schemas"]["CaptureAction"] | components["schemas"]["RefundAction"] | components["schemas"]["CancelAction"] | components["schemas"]["CancelRefundAction"];
        /**
         * @description `meta` of an action response. The documentation shows the authorize response carrying the
         *     status value `pending_capture` as `meta.type`; other actions carry `transaction_intent`.
         */
        TransactionIntentActionMeta: {
            /**
             * @description `transaction_intent`, or `pending_capture` after an authorize action.
             * @enum {string}
             */
            type: "transaction_intent" | "pending_capture";
        };
        /** @description The transaction intent after an action (full view). */
        TransactionIntentActionResponse: {
            /** @description The transaction intent. */
            data: components["schemas"]["TransactionIntent"];
            /** @description Resource type (see `TransactionIntentActionMeta`). */
            meta: components["schemas"]["TransactionIntentActionMeta"];
        };
        /**
         * @description A transaction intent as the billing address update answers it: the reduced view (no
         *     `captured_at`, `captured_status`, `capture_reference_id`, `extras` or `service_fee_accepted_at`).
         */
        TransactionIntentAddressUpdated: {
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
             * @description Whether the adverse action e-mail can be sent. Returned only when the publishable key is used
             *     (bank doc 2.1): present for the publishable key; absent when a server processes the secret key
             *     on this operation, as contract decision B-2 allows (the sandbox refuses it with 403).
             */
            is_mailable?: boolean;
            /**
             * @description Whether the transaction has an adverse action (a decline with code 07 or 12); B-26: a server
             *     may show it only in lists.
             */
            transaction_adverse_type?: boolean;
        };
        /** @description The reduced object returned by creation: identifiers, status and what was attached. */
        TransactionIntentCreated: {
            /** @description Permanent unique identifier. */
            id: components["schemas"]["TransactionIntentId"];
            /** @description Status after creation. */
            status: components["schemas"]["TransactionIntentStatus"];
            /** @description Associated bank account. */
            bank_account_id: components["schemas"]["EchoedBankAccountId"];
            /**
             * @description The stored billing address. Contract decision B-27: when none was given the sandbox answers
             *     null; a server may leave the member out.
             */
            billing_address?: {
                /** @description Identifier of the stored address. */
                id: components["schemas"]["AddressId"];
                /** @description Whether the address was standardized. */
                standardized: boolean;
            } | null;
            /** @description Associated consumer. */
            consumer_id: components["schemas"]["EchoedConsumerId"];
            /** @description Custom values attached at creation. */
            extras: {
                [key: string]: components["schemas"]["EchoedExtrasValue"];
            } | null;
            /** @description Associated service fee; present when one was given. */
            service_fee_id?: components["schemas"]["EchoedServiceFeeId"];
        };
        /** @description Created: the reduced object; status `pending_service_fee_acceptance`, `pending_capture` or `succeeded`. */
        TransactionIntentCreatedResponse: {
            /** @description The reduced transaction intent. */
            data: components["schemas"]["TransactionIntentCreated"];
            /**
             * @description Resource type: `transaction_intent` (the sandbox); after a creation with `authorize` a server
             *     may show `pending_capture`, as the authorize action does (B-38).
             */
            meta: components["schemas"]["TransactionIntentActionMeta"];
        };
        /**
         * @description `authorize_and_capture` declined or failed: HTTP 200 (not 201) with the reduced object and status
         *     `failed`. Read the intent with the publishable key for `reason` (the adverse action text) and
         *     `reference_id`.
         */
        TransactionIntentDeclinedResponse: {
            /** @description The reduced transaction intent, status `failed`. */
            data: components["schemas"]["TransactionIntentCreated"];
            /** @description Resource type. */
            meta: components["schemas"]["TransactionIntentMeta"];
        };
        /**
         * @description Transaction intent identifier, `transaction_intent_<token>` (bank doc 2.1). Contract decision
         *     B-16: the token is one or more URL-unreserved characters (letters, digits, `-`, `.`, `_`, `~`:
         *     an identifier is a path segment as it is); its alphabet and length are the server's (the
         *     sandbox's are 16 letters and digits); at most 255 characters.
         * @example transaction_intent_8f3kQ2mZx7LpR4tV
         */
        TransactionIntentId: string;
        /** @description A transaction intent in a list page: the full view, with `transaction_adverse_type` (bank doc 2.1). */
        TransactionIntentListItem: {
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
            /** @description Whether the transaction has an adverse action (a decline with code 07 or 12); appears in list output. */
            transaction_adverse_type: boolean;
        };
        /** @description A page of transaction intents. */
        TransactionIntentListResponse: {
            /** @description The intents of this page, newest first (B-7). */
            data: components["schemas"]["TransactionIntentListItem"][];
            /** @description Page URLs. */
            links: components["schemas"]["PageLinks"];
            /** @description Paging facts. */
            meta: components["schemas"]["PageMeta"];
        };
        /** @description `meta` of a single transaction intent response. */
        TransactionIntentMeta: {
            /**
             * @description Always `transaction_intent`.
             * @enum {string}
             */
            type: "transaction_intent";
        };
        /**
         * @description A transaction intent as read with the publishable key (reduced view): no `captured_at`,
         *     `captured_status`, `capture_reference_id`, `extras` or `service_fee_accepted_at`, plus
         *     `is_mailable`.
         */
        TransactionIntentPublic: {
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
            /** @description Whether the adverse action e-mail can be sent. Returned only to the publishable key. */
            is_mailable: boolean;
            /**
             * @description Whether the transaction has an adverse action (a decline with code 07 or 12); B-26: a server
             *     may show it only in lists.
             */
            transaction_adverse_type?: boolean;
        };
        /** @description A transaction intent read: the full view with the secret key, the reduced view with the publishable key. */
        TransactionIntentReadResponse: {
            /** @description The transaction intent. */
            data: components["schemas"]["TransactionIntentView"];
            /** @description Resource type. */
            meta: components["schemas"]["TransactionIntentMeta"];
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
        /** @description Either view of a transaction intent, chosen by the key used. */
        TransactionIntentView: components["schemas"]["TransactionIntent"] | components["schemas"]["TransactionIntentPublic"];
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
         * @description An unlinked credit: refers to an enrolled bank account. Only for integrator clients and their
         *     submerchants.
         */
        UnlinkedCreditRequest: {
            /** @description Currency amount to credit. */
            amount: components["schemas"]["AmountInputString"];
            /** @description Enrolled bank account credited. */
            creditable_id: components["schemas"]["BankAccountId"];
            /**
             * @description Location of the credit. The documentation marks it required, and answers a missing or invalid
             *     store number with 201 and status `failed` (not 422), so the schema leaves it optional and
             *     unbounded (B-44).
             */
            store_number?: string;
            /** @description Submerchant identifier; differs from the one used for debits. */
            submerchant_id: components["schemas"]["RequestText"];
            /** @description Employee issuing the credit. */
            employee_number?: components["schemas"]["RequestText"];
            /** @description Custom values. */
            extras?: components["schemas"]["Extras"];
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
    };
    responses: never;
    parameters: {
        /**
         * @description Page number, from 1. A page past the last one returns an empty `data`.
         * @example 1
         */
        "PageQuery.page": number;
        /**
         * @description Results per page. Contract decision B-5: default 15, maximum 100 (the documentation: "not
         *     shown"; a server may be configured otherwise); out of range gives 422 `invalid`.
         * @example 15
         */
        "PageQuery.per_page": number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCredits: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page past the last one returns an empty `data`.
                 * @example 1
                 */
                page?: components["parameters"]["PageQuery.page"];
                /**
                 * @description Results per page. Contract decision B-5: default 15, maximum 100 (the documentation: "not
                 *     shown"; a server may be configured otherwise); out of range gives 422 `invalid`.
                 * @example 15
                 */
                per_page?: components["parameters"]["PageQuery.per_page"];
                /**
                 * @description Only credits referring to this kind of object.
                 * @example transaction_intent
                 */
                creditable_type?: components["schemas"]["CreditableType"];
                /**
                 * @description Only credits referring to this transaction intent or bank account.
                 * @example transaction_intent_2Rb7YcM4nQ8wLx5K
                 */
                creditable_id?: components["schemas"]["RequestText"];
                /**
                 * @description Only credits issued by this employee.
                 * @example E-117
                 */
                employee_number?: components["schemas"]["RequestText"];
                /**
                 * @description Only credits with this reference number.
                 * @example CR-61230987
                 */
                reference_number?: components["schemas"]["RequestText"];
                /**
                 * @description Only credits issued at this station.
                 * @example 0042
                 */
                station_number?: components["schemas"]["RequestText"];
                /**
                 * @description Only credits with this status (`canceled` and `cancelled` both match a cancelled credit).
                 * @example succeeded
                 */
                status?: components["schemas"]["CreditStatus"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of credits. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditListResponse"];
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
    createCredit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCreditBody"];
            };
        };
        responses: {
            /** @description A single credit. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The credit. */
                        data: components["schemas"]["Credit"];
                        /** @description Resource type. */
                        meta: components["schemas"]["CreditMeta"];
                    };
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
            /** @description Conflict on a credit, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditConflictError"];
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
    getCredit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The credit's identifier, `credit_<token>`.
                 * @example credit_Lm3Qx8RzT5vK2pWa
                 */
                credit_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A single credit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The credit. */
                        data: components["schemas"]["Credit"];
                        /** @description Resource type. */
                        meta: components["schemas"]["CreditMeta"];
                    };
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
        };
    };
    cancelCredit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The credit's identifier, `credit_<token>`. The documentation names this parameter `credit_intent`; the contract names it `credit_id`, as on the read, because OpenAPI forbids two path templates that differ only in parameter names.
                 * @example credit_Lm3Qx8RzT5vK2pWa
                 */
                credit_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelCreditRequest"];
            };
        };
        responses: {
            /** @description A single credit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The credit. */
                        data: components["schemas"]["Credit"];
                        /** @description Resource type. */
                        meta: components["schemas"]["CreditMeta"];
                    };
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
            /** @description Conflict on a credit, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditConflictError"];
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
    listTransactionIntents: {
        parameters: {
            query?: {
                /**
                 * @description Page number, from 1. A page past the last one returns an empty `data`.
                 * @example 1
                 */
                page?: components["parameters"]["PageQuery.page"];
                /**
                 * @description Results per page. Contract decision B-5: default 15, maximum 100 (the documentation: "not
                 *     shown"; a server may be configured otherwise); out of range gives 422 `invalid`.
                 * @example 15
                 */
                per_page?: components["parameters"]["PageQuery.per_page"];
                /**
                 * @description Only intents whose `reference_id` equals this value.
                 * @example RF-7Q2M9K4X
                 */
                reference_number?: components["schemas"]["RequestText"];
                /**
                 * @description Only intents created with this `store_number` (location of payment).
                 * @example 0042
                 */
                station_number?: components["schemas"]["RequestText"];
                /**
                 * @description Only intents with this status.
                 * @example succeeded
                 */
                status?: components["schemas"]["TransactionIntentStatus"];
                /**
                 * @description Only intents created with this `submerchant_id`.
                 * @example 7001
                 */
                submerchant_id?: number;
                /**
                 * @description Only intents of this type.
                 * @example bankpay
                 */
                type?: components["schemas"]["TransactionIntentType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of transaction intents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionIntentListResponse"];
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
    createTransactionIntent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTransactionIntentBody"];
            };
        };
        responses: {
            /**
             * @description `authorize_and_capture` declined or failed: HTTP 200 (not 201) with the reduced object and status
             *     `failed`. Read the intent with the publishable key for `reason` (the adverse action text) and
             *     `reference_id`.
             */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionIntentDeclinedResponse"];
                };
            };
            /** @description Created: the reduced object; status `pending_service_fee_acceptance`, `pending_capture` or `succeeded`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionIntentCreatedResponse"];
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
            /** @description Conflict on a transaction intent, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentConflictError"];
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
    getTransactionIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier, `transaction_intent_<token>`.
                 * @example transaction_intent_2Rb7YcM4nQ8wLx5K
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A transaction intent read: the full view with the secret key, the reduced view with the publishable key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionIntentReadResponse"];
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
            /** @description Not found, HTTP 404: the identifier in the path (or the route itself) does not exist. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotFoundError"];
                };
            };
        };
    };
    updateTransactionIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier, `transaction_intent_<token>`.
                 * @example transaction_intent_2Rb7YcM4nQ8wLx5K
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionIntentActionBody"];
            };
        };
        responses: {
            /** @description The transaction intent after an action (full view). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionIntentActionResponse"];
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
            /** @description Conflict on a transaction intent, HTTP 409. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentConflictError"];
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
    updateTransactionIntentBillingAddress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The intent's identifier, `transaction_intent_<token>`.
                 * @example transaction_intent_8f3kQ2mZx7LpR4tV
                 */
                transaction_intent_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BillingAddressUpdate"];
            };
        };
        responses: {
            /** @description The billing address update's answer (contract decision B-9): the intent, reduced view. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BillingAddressUpdatedResponse"];
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
