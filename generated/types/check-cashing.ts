// Generated from spec/ by `npm run build`. Do not edit: change spec/ and rebuild.
export interface paths {
    "/v1/payroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a check for cashing
         * @description Submit a payroll or government check for cashing. Answered with an approval (200), or with a
         *     decline or correction (400, or 500 for server failures) whose `errors` list says why.
         *
         *     Contract decisions (docs/contract-decisions.md): the approval echoes `trxID` (doc 2.2). The
         *     MICR line's layout is "not shown" (doc 2.3, C-9): the reference sandbox reads `aba` as the
         *     first run of exactly 9 digits, the account number as the next run of digits (`accountLast4` its
         *     last four), `checkNum` as the last run of digits, and a line containing `G` as a government
         *     check (`checkType` `G`), any other a company check (`Y`); a line without that shape is a
         *     correction (1006). Another server may read the named layout otherwise, or correct a line the
         *     sandbox reads. A `trxID` is used up by approvals, declines and `id_error`s in the sandbox, not
         *     by corrections or server failures; using it again is a correction (1005); doc 2.1's "not
         *     repeatable across requests" also allows a server to refuse a `trxID` once used by any request
         *     (C-11).
         *
         *     Checks run in this order in the sandbox (C-12): the body and its members' constraints
         *     (corrections 1001 to 1004), a server failure (500), the MICR line (1006), a repeated `trxID`
         *     (1005), the identification (`id_error`), then the decline; the first that applies answers
         *     alone.
         *
         *     Sandbox test triggers: a `netAmount` with cents `.07` is declined with `adverseAction` true;
         *     an `idValue` made only of asterisks gives an `id_error`; a `trxID` starting with `E500` gives
         *     500.
         */
        post: operations["submitPayrollCheck"];
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
        /**
         * @description The adverse action flag; the service may send it as a boolean or as the string `true` or
         *     `false`.
         */
        AdverseActionFlag: boolean | ("true" | "false");
        /**
         * @description Kind of check approved.
         * @enum {string}
         */
        CheckType: "Y" | "G";
        /**
         * Format: int64
         * @description Up to 15 digits, as a JSON integer (exact in a double: 15 digits stay below 2^53).
         */
        DigitNumber: number;
        /** @description Up to 15 digits, as a string. */
        DigitString: string;
        /** @description Net amount: a JSON number or a numeric string (contract decision: both forms are accepted). */
        NetAmount: components["schemas"]["NetAmountNumber"] | components["schemas"]["NetAmountString"];
        /**
         * Format: double
         * @description Net amount as a JSON number: greater than zero, at most 9999999.99, with at most two decimals.
         *     Contract decision: the number is read as the IEEE 754 double it denotes, whose shortest decimal
         *     form must have at most two decimals (`12.5` and `12.50` are accepted, `12.505` and `5e-324` are
         *     corrections).
         */
        NetAmountNumber: number;
        /**
         * @description Net amount as a numeric string: no commas, at most 9999999.99, greater than zero; without a
         *     decimal point the amount is whole currency units.
         */
        NetAmountString: string;
        /**
         * @description A value check cashing doc 2.2 calls "numeric, up to 15 digits". Contract decision C-10: a digit
         *     string (the sandbox) or a JSON integer.
         */
        NumericText: components["schemas"]["DigitString"] | components["schemas"]["DigitNumber"];
        /** @description Operator-style identifier: 2 to 30 characters, letters, digits and `$ # @ . _ -`. */
        OperatorCode: string;
        /** @description The check's account data. */
        PayrollAccount: {
            /** @description MICR line: up to 75 characters, letters (either case), digits, spaces. */
            micrData: string;
        };
        /**
         * @description The presenter's address; US addresses only, Canadian not allowed (a Canadian postal code fails
         *     the `zip` rule; the reference sandbox also refuses Canadian province codes in `state`).
         */
        PayrollAddress: {
            /** @description 2 to 50 characters: letters, digits, dash, period, comma, ampersand, apostrophe, space. */
            address1?: string;
            /** @description Same rule as `address1`. */
            address2?: string;
            /** @description Up to 30 characters: letters, digits, dash, period, comma, apostrophe, space. */
            city?: string;
            /** @description 2 alphabetic characters. */
            state?: string;
            /** @description 5 or 9 digits. */
            zip?: string;
        };
        /** @description An approved check: the reference and the check's details. */
        PayrollApproval: {
            /** @description Echo of the request's `trxID`. */
            trxID: string;
            /** @description Service reference of the transaction, up to 15 digits (a digit string or a JSON integer, C-10). */
            trxRefID: components["schemas"]["NumericText"];
            /** @description Approval number, 6 digits. */
            approvalNum: string;
            /** @description Bank routing number, 9 digits. */
            aba: string;
            /** @description Last 4 digits of the check's account number. */
            accountLast4: string;
            /** @description Company (`Y`) or government (`G`) check. */
            checkType: components["schemas"]["CheckType"];
            /** @description Check number, up to 15 digits (a digit string or a JSON integer, C-10). */
            checkNum: components["schemas"]["NumericText"];
        };
        /** @description Decline or correction, HTTP 400. */
        PayrollBadRequest: {
            /** @description The errors, at least one. */
            errors: components["schemas"]["PayrollError"][];
        };
        /**
         * @description One entry of a decline or correction response (check cashing doc 2.3). Contract decision C-6:
         *     every entry has `errorType`, `responseCode`, `adverseAction` and `errorMessage`; every other
         *     member of doc 2.3 may appear on any entry. The codes and the types beyond the documentation's
         *     `declined` and `id_error` are the server's (doc 7: "not shown"; C-7), as is the HTTP status, 400
         *     or 500 (doc 4; C-8). What the reference sandbox answers:
         *
         *     | errorType | HTTP | responseCode | adverseAction | trxRefID | customerCare |
         *     |---|---|---|---|---|---|
         *     | `correction` (a member breaks its constraint: 1001 invalid, 1002 missing, 1003 unknown members, 1004 body not a JSON object, 1005 repeated `trxID`, 1006 unreadable MICR line) | 400 | 1001 to 1006 | false | absent | absent |
         *     | `declined` | 400 | 2007 | true | present | present |
         *     | `id_error` | 400 | 3001 | false | present | present |
         *     | `system_error` | 500 | 9999 | false | absent | present |
         *     | `correction` for an unknown route or method | 404 | 1404 | false | absent | absent |
         *     | `correction` for a request refused before routing: malformed (400), too slow (408), an unmet `Expect` (417), headers too large (431) | 400, 408, 417, 431 | 1400, 1408, 1417, 1431 | false | absent | absent |
         *     | `system_error` while the service is busy (with `Retry-After`) | 503 | 9503 | false | absent | present |
         *
         *     In the sandbox `errorPath` is the request's route (`/v1/payroll`); `errorDetails` of a
         *     correction begins with the member's dotted path and a colon (`name.lastName: ...`), except the
         *     one entry all unknown members share (code 1003): `unknown members: ` and their dotted paths,
         *     comma-separated (cut at 260 characters); `trxID` echoes the request's `trxID` whenever it is a
         *     string of 4 to 20 characters. At most one entry per member of the request schema, plus one for
         *     all unknown members; a JSON object with more than 100 members is one `body` correction (1004).
         *     Those forms are the sandbox's; any text within doc 2.3's lengths is a valid answer (C-6).
         */
        PayrollError: {
            /** @description Route that failed (free text, C-6; the sandbox: `/v1/payroll`). */
            errorPath?: string;
            /** @description What went wrong. */
            errorMessage: string;
            /** @description Further detail, such as the offending field. */
            errorDetails?: string;
            /**
             * @description Kind of error. Values seen: `declined`, `id_error`. Contract decision: request constraint
             *     violations and a repeated `trxID` use `correction`; server failures use `system_error`.
             */
            errorType: string;
            /**
             * Format: date-time
             * @description When the error occurred (ISO 8601: RFC 3339, any offset, C-17).
             */
            errorDate?: string;
            /** @description Echo of the request's `trxID`, when it was readable. */
            trxID?: string;
            /** @description Service reference of the transaction, when one was assigned (a digit string or a JSON integer, C-10). */
            trxRefID?: components["schemas"]["NumericText"];
            /** @description Four-digit response code. Which codes exist is not shown in the documentation. */
            responseCode: string;
            /** @description When true, the decline requires adverse action handling. */
            adverseAction: components["schemas"]["AdverseActionFlag"];
            /** @description Support telephone number, digits with two dashes. */
            customerCare?: string;
        };
        /** @description The presenter's identification. */
        PayrollId: {
            /** @description 2 characters, a state code (the list is not shown in the documentation). */
            idCode: string;
            /**
             * @description Letters, digits and asterisks, up to 24 of them; dashes and spaces are allowed anywhere and
             *     stripped (driver licence number for manual entry).
             */
            idValue: string;
        };
        /** @description The presenter's name. */
        PayrollName: {
            /** @description 2 to 25 characters: letters, digits, dash, period, comma, space. */
            firstName?: string;
            /** @description 2 to 25 characters: letters, digits, dash, period, comma, space. */
            lastName: string;
        };
        /**
         * @description A payroll or government check presented for cashing. Contract decision C-4: every constraint the
         *     documentation states is pinned, so an empty string is refused wherever a member has a minimum or
         *     a form ("1 to 30 chars", "9 digits", a date), an optional member included (it is not read as
         *     absent); an "up to N characters" member (`city`, `idValue`, `micrData`) may take it.
         */
        PayrollRequest: {
            /** @description Exactly 6 digits. */
            merchantID: string;
            /** @description 4 to 20 characters: letters, digits, dash. Generated by the requester; never repeated. */
            trxID: string;
            /**
             * Format: date
             * @description Date of birth, YYYY-MM-DD.
             */
            dob: string;
            /** @description 9 digits. */
            ssn: string;
            /** @description 1 to 30 characters: letters, digits, dash, and `$ # @ . _`. */
            membershipID?: string;
            /** @description 10 digits, no dashes or spaces. */
            phoneNumber?: string;
            /** @description The presenter's name. */
            name: components["schemas"]["PayrollName"];
            /** @description The presenter's address (US only). */
            address?: components["schemas"]["PayrollAddress"];
            /** @description The presenter's identification. */
            id: components["schemas"]["PayrollId"];
            /** @description 4 to 30 characters: letters, digits, space, dash. */
            integratorID: string;
            /** @description Operator identifier. */
            operatorID?: components["schemas"]["OperatorCode"];
            /** @description Terminal identifier (same rule as `operatorID`). */
            terminalID?: components["schemas"]["OperatorCode"];
            /** @description Terminal group identifier (same rule as `operatorID`). */
            terminalGrpID?: components["schemas"]["OperatorCode"];
            /** @description Net amount of the check; at most 9999999.99, no commas. */
            netAmount: components["schemas"]["NetAmount"];
            /** @description The check's account data. */
            account: components["schemas"]["PayrollAccount"];
        };
        /** @description Server-side failure, HTTP 500, in the same shape. */
        PayrollServerError: {
            /** @description The errors, at least one. */
            errors: components["schemas"]["PayrollError"][];
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
    submitPayrollCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayrollRequest"];
            };
        };
        responses: {
            /** @description Approval. Contract decision: HTTP 200 (the documentation does not show the status). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayrollApproval"];
                };
            };
            /** @description Decline or correction, HTTP 400. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayrollBadRequest"];
                };
            };
            /** @description Server-side failure, HTTP 500, in the same shape. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayrollServerError"];
                };
            };
        };
    };
}
