/**
 * The catalogue of field error codes: each stable code and the English message the API sends with it, built from the
 * code's parameters here and nowhere else. Clients (the GUI included) translate by code and parameters (the GUI's
 * i18next keys `errors.<CODE>`); the English `message` stays for API users who read it.
 *
 * A code is a promise: it keeps its meaning and its parameters. Add a code when a new rule needs one; never reuse one.
 */
type Params = Record<string, string | number>;

const a = (type: string) => `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;

export const ERROR_MESSAGES = {
  /** A field error that has no code of its own yet: the message is given as it is (`params.message`). */
  INVALID: (p: { message: string }) => p.message,

  // Shapes (the JSON schemas; validate.ts maps each ajv keyword to one of these).
  REQUIRED: () => 'is required',
  EMPTY: () => 'must not be empty',
  TOO_SHORT: (p: { min: number }) => (p.min === 1 ? 'must not be empty' : `must be at least ${p.min} characters`),
  TOO_LONG: (p: { max: number }) => `must be at most ${p.max} characters`,
  NOT_A_NUMBER: (p: { type: 'number' | 'integer' }) => `must be ${a(p.type)}`,
  WRONG_TYPE: (p: { type: string }) => `must be ${a(p.type)}`,
  NOT_ONE_OF: (p: { allowed: string }) => `must be one of ${p.allowed}`,
  MUST_EQUAL: (p: { value: string }) => `must be ${p.value}`,
  INVALID_FORMAT: (p: { format?: string }) => (p.format ? `must be ${p.format}` : 'has the wrong format'),
  NOT_A_DATE: () => 'must be a date YYYY-MM-DD',
  NOT_A_DATE_TIME: () => 'must be a date and time YYYY-MM-DD HH:MM',
  TOO_SMALL: (p: { min: number; exclusive?: 1 }) => `must be ${p.exclusive ? '>' : '>='} ${p.min}`,
  TOO_LARGE: (p: { max: number; exclusive?: 1 }) => `must be ${p.exclusive ? '<' : '<='} ${p.max}`,
  OUT_OF_RANGE: (p: { min: number; max: number }) => `must be a whole number from ${p.min} to ${p.max}`,
  TOO_FEW_ITEMS: (p: { min: number }) => `must NOT have fewer than ${p.min} items`,
  TOO_MANY_ITEMS: (p: { max: number }) => `must NOT have more than ${p.max} items`,
  DUPLICATE_ITEMS: (p: { i: number; j: number }) => `must NOT have duplicate items (items ## ${p.j} and ${p.i} are identical)`,
  NOT_ALLOWED: () => 'is not a known field',
  CONTROL_CHARACTERS: (p: { char?: string; position?: number; surrogate?: 1 }) =>
    p.char === undefined ? 'must not contain control characters' : `must not contain ${p.surrogate ? 'a lone surrogate' : 'a control character'} (${p.char} at position ${p.position})`,
  CHARACTER_NOT_PRINTABLE: (p: { text: string; char: string; position: number }) =>
    `holds ${p.text} (${p.char}, at position ${p.position}), which the PDF font cannot print: remove it or write it in other letters`,
  TOO_DEEP: (p: { max: number }) => `must not be nested more than ${p.max} levels deep`,
  BODY_NOT_ALLOWED: () => 'must be empty: this operation takes no body',
  BATCH_EMPTY: (p: { noun: string }) => `must contain at least one ${p.noun}`,
  BATCH_TOO_LARGE: (p: { max: number; noun: string }) => `at most ${p.max} ${p.noun}s per batch`,
  NOT_AN_OBJECT: (p: { noun: string }) => `must be a ${p.noun} object or an array of them`,

  // Values
  TOO_MANY_DECIMALS: (p: { max: number }) => `must have at most ${p.max} decimals`,
  INVALID_EMAIL: () => 'must be an e-mail address',
  INVALID_ORG_NUMBER: () => 'must be a valid Norwegian organisation number (9 digits, MOD11)',
  INVALID_ACCOUNT: () => 'must be a valid Norwegian account number (11 digits, MOD11)',
  INVALID_IBAN: () => 'must be a valid IBAN',
  INVALID_POSTCODE: () => 'a Norwegian postcode has 4 digits',
  INVALID_ICD: () => 'must be 4 digits',
  UNKNOWN_COUNTRY: () => 'must be a country from /common/public/countries',
  UNKNOWN_CURRENCY: (p: { allowed?: string }) => `must be one of the currencies at /common/currency/exchangeRates${p.allowed ? ` (${p.allowed})` : ''}`,
  NOT_TEXT: () => 'must be text',
  HTTPS_ONLY: () => 'must start with https:// (the office server serves only HTTPS)',
  SERVER_ADDRESS_ONLY: () => 'must be the server address only, e.g. https://kvitt.kontor.lan:7070',
  INVALID_ADDRESS: () => 'must be an address like https://kvitt.kontor.lan:7070',
  INVALID_API_KEY: () => 'must be your API key from the office server',
  INVALID_FINGERPRINT: () => 'must be the SHA-256 fingerprint the server printed (32 pairs like AB:CD:…), or empty',
  NOT_A_BOOLEAN: () => 'must be true or false',
  INVALID_BACKUP_NAME: () => 'must be the name of a backup, as the list gives it',
  INVALID_YEAR: () => 'must be a year (e.g. 2026), all, or omitted for the last year with invoices',
  UNKNOWN_VALUE: (p: { value: string; allowed: string }) => `unknown value "${p.value}"; one of ${p.allowed}`,
  INVALID_STATE: () => 'must be open or converted (order confirmations do not expire)',
  INVALID_SORT: () => 'credit notes have no due date or balance to sort by',
  AFTER_TO: (p: { to: string }) => `must not be after to (${p.to})`,

  // Uniqueness and references
  TAKEN: () => 'is taken',
  GIVEN_TWICE: () => 'is given twice',
  CUSTOMER_NUMBER_TAKEN: (p: { value: string }) => `customer number ${p.value} is taken`,
  CUSTOMER_NUMBER_TWICE: (p: { value: string }) => `customer number ${p.value} is given twice in this batch`,
  PRODUCT_CODE_TAKEN: (p: { code: string }) => `product code ${p.code} is taken`,
  PRODUCT_CODE_TWICE: (p: { code: string }) => `product code ${p.code} is given twice in this batch`,
  RATE_EXISTS: () => 'a rate from this date exists',
  NO_SUCH_PRODUCT: (p: { code: string }) => `there is no product with code ${p.code}`,
  NO_SUCH_RECIPIENT: (p: { number: number }) => `there is no recipient number ${p.number}`,
  NO_SUCH_INVOICE: (p: { number: number }) => `there is no issued invoice number ${p.number}`,
  NO_SUCH_CUSTOM_FIELD: (p: { number: number }) => `there is no custom field number ${p.number}`,
  NO_SUCH_LABEL: (p: { number: number }) => `there is no label number ${p.number}`,
  NO_EXCHANGE_RATE: (p: { currency: string }) => `there is no exchange rate for ${p.currency}`,
  RECIPIENT_DELETED: (p: { number: number }) => `recipient ${p.number} is deleted`,

  // Recipients, products, settings
  PRIVATE_HAS_NO_ORG_NUMBER: () => 'a private person (prv) has no organisation number',
  CUSTOM_FIELD_REQUIRED: (p: { name: string }) => `${p.name} is required`,
  CUSTOM_FIELD_MISSING: (p: { name: string; number: number }) => `${p.name} (custom field ${p.number}) is required`,
  SELECT_NEEDS_OPTIONS: () => 'a SELECT field needs at least one option',
  OPTIONS_ONLY_FOR_SELECT: () => 'only SELECT fields have options',
  ZERO_RATE_NEEDS_Z_OR_E: () => 'a 0 % rate needs category Z (zero-rated) or E (exempt)',
  CATEGORY_NEEDS_ZERO_RATE: (p: { category: string }) => `category ${p.category} needs the rate 0`,
  EXEMPTION_REASON_REQUIRED: (p: { what: 'product' | 'line' }) => `is required for an exempt (E) ${p.what}`,
  NUMBERING_LOCKED: () => 'cannot change after the first issued document',
  COMPANY_NAME_MISSING: () => 'the company name must be set in Settings before issuing',
  ORG_NUMBER_MISSING: () => 'the organisation number must be set in Settings before issuing',
  BANK_ACCOUNT_MISSING: () => 'the bank account number must be set in Settings before issuing an invoice',

  // Documents
  REQUIRED_WITHOUT_PRODUCT: () => 'is required for a line without a product code',
  LINE_TOO_LARGE: () => 'quantity x unit price must be at most 9 999 999 999.99',
  AMOUNTS_TOO_LARGE: () => 'the amounts are too large',
  NOT_A_CREDIT_KIND: (p: { kind: string }) => `a ${p.kind} cannot be a credit note`,
  REQUIRED_FOR_CREDIT_NOTE: () => 'is required for a credit note',
  ONLY_FOR_CREDIT_NOTES: () => 'is only for credit notes (credit: true)',
  ONLY_FOR_OFFERS: () => 'is only for offers',
  OTHER_RECIPIENT: (p: { number: number }) => `invoice ${p.number} was sent to another recipient`,
  CREDIT_CURRENCY: (p: { currency: string }) => `a credit note has the currency of the credited invoice (${p.currency})`,
  BEFORE_INVOICE_DATE: () => 'must not be before the invoice date',
  BEFORE_OFFER_DATE: () => 'must not be before the offer date',
  BEFORE_CREDITED_INVOICE: () => 'must not be before the date of the credited invoice',
  DATE_IN_FUTURE: (p: { date: string; today: string }) => `${p.date} is after today (${p.today}): an invoice or credit note is dated the day it is issued`,
  BEFORE_LATEST_IN_SERIES: (p: { date: string; latest: string; earliest: string }) =>
    `${p.date} is before ${p.earliest}: numbers follow dates, and the series already has a document dated ${p.latest} (Settings: invoicing.backdatingDays allows an earlier date)`,
  NO_LINES: () => 'a document needs at least one line',
  LINE_WITHOUT_VAT: () => 'the draft was written without VAT; save it again with a VAT rate now that the originator is VAT registered',
  NEGATIVE_TOTAL: () => 'an invoice cannot have a negative total: issue a credit note instead',
  CREDIT_NOT_POSITIVE: () => 'a credit note must credit a positive amount',
  CREDIT_TOO_LARGE: (p: { amount: string; left: string; number?: number }) =>
    `credits ${p.amount} but ${p.number === undefined ? 'the invoice' : `invoice ${p.number}`} has only ${p.left} left to credit`,
  KID_TOO_LONG: () => 'the KID would be longer than 25 digits',
  EHF_NEEDS_ORG_NUMBER: () => "EHF needs the recipient's organisation number",
  ALREADY_CONVERTED: (p: { into: string }) => `already made into ${p.into}`,

  // Invoices: credits, payments, refunds
  CREDITED_IN_FULL: (p: { number: number }) => `invoice ${p.number} is already credited in full`,
  SCOPE_ONLY_WITHOUT_ITEMS: () => 'is only for a credit without items',
  NO_LINE_WITH_RATE: (p: { number: number }) => `invoice ${p.number} has no line with this VAT rate and category`,
  NOTHING_LEFT_TO_PAY: (p: { number: number }) => `invoice ${p.number} has nothing left to pay; credit with scope "uncredited" to give the customer money back`,
  ONLY_FOREIGN_CURRENCY: () => 'is only for invoices in another currency than NOK',
  NO_USABLE_EXCHANGE_RATE: (p: { number: number; currency: string }) => `invoice ${p.number} has exchange rate 0; give the amount in ${p.currency}`,
  REFUND_TOO_LARGE: (p: { most: string }) => `the customer has only ${p.most} to get back`,
  MOVE_TOO_LARGE: (p: { most: string }) => `at most ${p.most} can be moved`,
  SAME_INVOICE: () => 'must be another invoice',
  NO_SUCH_TARGET_INVOICE: (p: { number: number }) => `there is no invoice ${p.number}`,
  OTHER_CUSTOMER: (p: { number: number }) => `invoice ${p.number} belongs to another customer`,
  OTHER_CURRENCY: (p: { number: number; currency: string; own: string }) => `invoice ${p.number} is in ${p.currency}, this one in ${p.own}`,
  WRITTEN_OFF: (p: { number: number }) => `invoice ${p.number} is written off`,
  NOTHING_OPEN: (p: { number: number }) => `invoice ${p.number} has nothing open`,

  // Dunnings
  NO_INTEREST_RATE: (p: { date: string }) => `no late-interest rate covers ${p.date}; add the rate in Settings → Purring, or send interest: false`,
  INTEREST_RATE_UNKNOWN: (p: { from: string; rate: string; since: string }) =>
    `the late-interest rate from ${p.from} is not entered yet: days from then are charged at the last known rate, ${p.rate} % (from ${p.since}); enter the official rate in Settings → Purring`,
  NOT_PAID_IN_FULL: (p: { number: number }) => `invoice ${p.number} is not paid in full: dun it instead (its reminder charges the interest)`,
  NO_ACCRUED_INTEREST: (p: { number: number }) => `invoice ${p.number} has no late interest to claim (it was paid by its due date)`,
  NOT_AFTER_DUNNING_DATE: (p: { date: string }) => `must be after the dunning date ${p.date}`,
  // Why a dunning carries no fee (the dunning's feeRefused; inkassoloven § 10, main/domain/dunning-fees.ts).
  FEE_TOO_SOON_AFTER_DUE_DATE: (p: { days: number; dueDate: string; after: number }) =>
    `a fee needs the notice to be sent at least ${p.days} days after the due date ${p.dueDate}; it is ${p.after}`,
  FEE_DEADLINE_TOO_SHORT: (p: { days: number; deadline: string; given: number }) => `a fee needs a new deadline of at least ${p.days} days; ${p.deadline} gives ${p.given}`,
  FEE_TWO_FEES_CHARGED: (p: { max: number; count: number }) => `at most ${p.max} notices of a claim may carry a fee, and ${p.count} already do`,
  FEE_AFTER_DEBT_COLLECTION_NOTICE: () => 'a fee was already charged on an inkassovarsel; no further notice may carry a fee',
  FEE_EARLIER_DEADLINE_NOT_PASSED: (p: { deadline: string }) => `a fee on a second notice only after the first notice's deadline ${p.deadline} has passed`,
  FEE_NOT_IN_NOK: (p: { invoiceNumber: number; currency: string }) => `fees are charged in NOK and invoice ${p.invoiceNumber} is in ${p.currency}`,
  FEE_SET_TO_ZERO: () => 'the fee is set to 0 kr in Settings',
  NOTICE_DEADLINE_TOO_SHORT: (p: { days: number; earliest: string }) =>
    `an inkassovarsel needs a deadline at least ${p.days} days after it is sent: ${p.earliest} or later`,
  NOTICE_NOT_EHF: () => 'an inkassovarsel may not be sent as EHF',
  NOT_AN_ISSUED_INVOICE: () => 'is not an issued invoice',
  LOST: (p: { number: number }) => `invoice ${p.number} is written off as lost`,
  NO_OPEN_BALANCE: (p: { number: number }) => `invoice ${p.number} has no open balance`,
  DUNNED_TODAY: (p: { number: number; dunning: number }) => `invoice ${p.number} got dunning ${p.dunning} today and nothing was paid or credited since`,
  NOT_DUE: (p: { number: number; due?: string }) => `invoice ${p.number} is not due before ${p.due ?? 'a due date is set'}`,

  // Events: the event, its discount codes and seats, participants, the public signup
  BEFORE_EVENT_DATE: () => 'must not be before the date of the event',
  AFTER_EVENT_END: () => 'must not be after the event ends',
  REQUIRED_FOR_SMS_CONFIRMATION: () => 'is required when the SMS confirmation is on',
  SMS_CONFIRMATION_NEEDS_GATEWAY: () => 'needs an SMS gateway: set smsGatewayUrl in Innstillinger → E-post, or turn the SMS confirmation off',
  DISCOUNT_NOT_BELOW_PRICE: () => 'must be more than 0 and less than the price',
  DISCOUNT_CODE_TWICE: (p: { code: string }) => `${p.code} is given twice`,
  LIMIT_BELOW_SEATS_TAKEN: (p: { taken: number }) => `${p.taken} participants hold a seat; the limit cannot be lower`,
  HAS_PARTICIPANTS: () => 'has participants',
  PARTICIPANT_NO_LONGER_PENDING: (p: { number: number }) => `participant ${p.number} is no longer pending`,
  PARTICIPANT_NOT_PENDING: (p: { number: number; status: string }) => `participant ${p.number} is ${p.status}, not pending`,
  PARTICIPANT_CANCELLED: (p: { number: number }) => `participant ${p.number} is already cancelled`,
  SIGNUP_CLOSED: (p: { at: string }) => `the signup closed at ${p.at}`,
  EVENT_FULL: () => 'the event is full',
  MOBILE_FOR_SMS: () => 'must be a Norwegian mobile number (8 digits) to get the SMS',
  UNKNOWN_DISCOUNT_CODE: () => 'is not a discount code of this event',
  NO_SUCH_EVENT_FIELD: (p: { number: number }) => `the event has no custom field number ${p.number}`,
  EVENT_FIELD_NOT_BOOLEAN: (p: { name: string }) => `${p.name} must be true or false`,
  EVENT_FIELD_NOT_TEXT: (p: { name: string }) => `${p.name} must be text`,
  REQUIRED_TO_PAY: () => 'is required when there is something to pay',

  // Sending: delivery options, the SMS, the e-mail settings
  NO_SENDING_METHOD: () => 'give at least one sending method: paper, email (at least one address) or ehf',
  NO_BANK_AGREEMENT: (p: { method: string }) => `${p.method} needs an agreement with a bank that Kvitt does not have; send by e-mail, EHF or paper`,
  REQUIRED_WITH_PAPER_ADDRESS: () => 'is mandatory when paper has an address',
  INVALID_POSTAL_CODE: () => 'a Norwegian postal code has 4 digits',
  NO_SMS_GATEWAY: (p: { setting: string }) => `no SMS gateway is configured (Settings → E-post: ${p.setting})`,
  EHF_NOT_FOR_KIND: (p: { kind: string }) => `EHF is for invoices and credit notes, not for ${p.kind}`,
  INVALID_MOBILE_NUMBER: () => 'must be 8 digits',
  LENGTH_BETWEEN: (p: { min: number; max: number }) => `must be ${p.min} to ${p.max} characters`,
  SET_UP_SMTP_FIRST: () => 'set up the SMTP server first',
  SET_UP_SENDER_FIRST: () => 'set up the sender address first',
  NOT_AN_HTTP_ADDRESS: () => 'must be an http:// or https:// address',
  INVALID_HOST: () => 'must be a host name or IP address',

  // Shipments: why an outbox row is waiting or failed (its lastErrorCode and lastErrorParams). The first three are a
  // setup that is missing: the shipment waits (IN_PROGRESS) and goes out once Innstillinger → E-post has it.
  SMTP_NOT_SET_UP: () => 'no SMTP server is set up (Innstillinger → E-post)',
  SENDER_NOT_SET_UP: () => 'no sender address is set up (Innstillinger → E-post)',
  SMS_GATEWAY_NOT_SET_UP: () => 'no SMS gateway is set up (Innstillinger → E-post)',
  /** An event's confirmation SMS recorded NOT_DELIVERED: the gateway setting was removed after the event was saved. */
  SMS_GATEWAY_REMOVED: () => 'no SMS gateway is configured (Innstillinger → E-post: smsGatewayUrl); set one up and retry this shipment',
  DOCUMENT_GONE: (p: { type: string; number: number }) => `${p.type} ${p.number} does not exist`,
  NO_EHF: (p: { type: string }) => `${p.type} has no EHF`,
  EHF_NEEDS_DATA_FOLDER: () => 'EHF needs a data folder (the database is in memory)',
  EHF_NOT_MADE: (p: { reason: string }) => p.reason,
  EHF_INVALID: (p: { problem: string }) => p.problem,
  /** The EHF file broke a fatal rule of the official check (docs/ehf-validation.md): the first rule, its text, all failed. */
  EHF_RULE_FAILED: (p: { rule: string; text: string; failed: number; rules: string }) =>
    `the EHF file breaks the official rule ${p.rule}: ${p.text}${p.failed > 1 ? ` (${p.failed} rules failed: ${p.rules})` : ''}`,
  SMS_GATEWAY_ANSWERED: (p: { status: number; body: string }) => `the SMS gateway answered ${p.status} ${p.body}`.trim(),
  SMS_GATEWAY_UNREACHABLE: (p: { reason: string }) => `the SMS gateway is unreachable: ${p.reason}`,
  /** The mail server's final no (5xx): its own answer. */
  MAIL_SERVER_REFUSED: (p: { reason: string }) => p.reason,
  /** Anything else from the mail server or the connection (retried): its error code, if any, and answer. */
  MAIL_SERVER_ERROR: (p: { reason: string; smtpCode?: string }) => (p.smtpCode ? `${p.smtpCode}: ${p.reason}` : p.reason),

  // Reports
  FORMAT_REQUIRED: (p: { allowed: string }) => `is required: one of ${p.allowed}`,
  FORMAT_NOT_OFFERED: (p: { allowed: string; format: string }) => `this report offers ${p.allowed}, not ${p.format}`,
  FORMAT_NOT_AVAILABLE: (p: { format: string }) => `this report does not offer ${p.format}`,
  COLUMNS_REQUIRED: () => 'is required: comma-separated column keys (see availableColumns)',
  UNKNOWN_COLUMN: (p: { column: string }) => `unknown column ${p.column}`,
  AFTER_NUMBER_TO: (p: { to: number }) => `must not be after invoiceNumberTo (${p.to})`,
  INVALID_PAID: () => 'must be true (or PAID), false (or UNPAID) or LOST',
  INVALID_INTERVALS: () => 'must be increasing numbers of days from 1, e.g. 30,60,90',
  INTERVALS_REQUIRED: () => 'is required when the intervals column is asked for, e.g. intervals=30,60,90',
  REQUIRED_FOR_REPORT: () => 'is required for this report',
  END_IS_TO: () => 'is another name for to; give one of them',
  REQUIRED_WITH_REPORTS: (p: { alias?: string }) => `is required when reports is given${p.alias ? ` (also accepted as ${p.alias})` : ''}`,
  PDF_NEEDS_RANGE: () => 'PDF needs a date range (from, to) or an invoice number range (invoiceNumberFrom, invoiceNumberTo)',
  PDF_ONE_RANGE: () => 'PDF takes a date range or an invoice number range, not both',
  PDF_TOO_MANY_DOCUMENTS: (p: { count: number; max: number }) => `the range holds ${p.count} documents; one PDF takes at most ${p.max}`,
  TOO_MANY_MOVEMENTS: (p: { max: number }) => `the period holds more than ${p.max} movements; choose a shorter period for PDF`,

  // Files and inputs (docs/files-and-inputs.md)
  UNKNOWN_ICD: () => 'must be an electronic address scheme (ICD) Kvitt supports, e.g. 0192, 0007, 0184, 0088 or 9930',
  INVALID_PARTY_ID: (p: { scheme: string }) => `is not a valid identifier of scheme ${p.scheme}`,
  NAME_WITH_LINK: () => 'must be a name, without web or e-mail addresses',
  // The signup's captcha (events/signup.service.ts, pow.ts): a proof of work, or the sum on the page without JavaScript.
  CAPTCHA_POW_REQUIRED: () => 'solve the proof-of-work challenge (GET /events/{id}/captcha: pow)',
  CAPTCHA_ANSWER_REQUIRED: () => 'answer the question',
  CAPTCHA_SUM_NOT_FOR_API: () => 'the question is for the signup page without JavaScript; API clients solve the proof-of-work challenge (GET /events/{id}/captcha: pow)',
  CAPTCHA_NOSCRIPT_LIMIT: () => 'too many signups without JavaScript right now; turn JavaScript on or try again later',
  CAPTCHA_WRONG: () => 'the answer is wrong or the question has expired; answer the new question',
  POW_INVALID: () => 'the proof-of-work challenge is not one Kvitt issued for this event',
  POW_EXPIRED: () => 'the proof-of-work challenge has expired; solve a new one',
  POW_NOT_SOLVED: () => 'the nonce does not solve the proof-of-work challenge',
  POW_USED: () => 'the proof-of-work challenge has been used already; solve a new one',
  DATE_OUT_OF_RANGE: (p: { min: string; max: string }) => `must be a date from ${p.min} to ${p.max}`,
  PERIOD_TOO_LONG: (p: { years: number }) => `the period from..to may span at most ${p.years} years here; choose a shorter period`,
  // Accounting (issue 27): the account mapping of Settings → Regnskap, the VAT return's term.
  ACCOUNT_CLASS: (p: { accounts: string }) => `must be an account ${p.accounts} of the standard chart of accounts for this kind of entry`,
  GROUPING_CATEGORY: (p: { allowed: string }) => `must be a grouping category of the business statement (næringsspesifikasjon) for this kind: ${p.allowed}`,
  GROUPING_CODE: (p: { category: string }) => `must be a grouping code of category ${p.category} in the business statement (næringsspesifikasjon)`,
  GROUPING_REQUIRED: (p: { account: string }) => `account ${p.account} has no default grouping: give groupingCategory and groupingCode too`,
  INVALID_TERM: () => 'must be a term 1 to 6 (two months each) or year',

  // Recurring invoices and mass invoicing (issue 26, docs/recurring.md)
  END_BEFORE_START: () => 'must not be before the start date',
  END_DATE_OR_COUNT: () => 'give an end date or a count, not both',
  TOO_LONG_WITH_PERIOD: (p: { max: number }) => `must be at most ${p.max} characters once {periode} is filled in (it counts as 32)`,
  SCHEDULE_FIXED: () => 'cannot change once invoices are issued from the series; end it and make a new one',
  COUNT_BELOW_ISSUED: (p: { issued: number }) => `must be at least the ${p.issued} occurrences already issued`,
  RECURRING_ENDED: (p: { number: number }) => `recurring invoice ${p.number} has ended`,
  NOTHING_TO_CONFIRM: () => 'no occurrences wait for confirmation',
  LABEL_WITHOUT_RECIPIENTS: (p: { label: string }) => `no customer has the label ${p.label}`,
  NO_SUCH_LABEL_NAME: (p: { label: string }) => `there is no label named ${p.label}`,
  RECIPIENT_TWICE: (p: { number: number }) => `recipient ${p.number} is given twice`,

  // Bank files (docs/bank-files.md): field `(body)`, the file
  BANK_FILE_EMPTY: () => 'the file is empty',
  BANK_FILE_UNKNOWN_FORMAT: (p: { expected: string; found: string }) => `must be ${p.expected}; found ${p.found}`,
  BANK_FILE_BAD_RECORD: (p: { line: number; message: string }) => `line ${p.line}: ${p.message}`,
  BANK_FILE_BAD_XML: (p: { line: number; message: string }) => `line ${p.line}: the XML is not well-formed (${p.message})`,
  BANK_FILE_TOTALS: (p: { line: number; what: string; expected: string | number; found: string | number }) =>
    `line ${p.line}: the file says ${p.what} ${p.expected}, its transactions add up to ${p.found}`,
  NOT_A_FILE: () => 'must be the file itself (application/octet-stream, text/plain or application/xml), or its bytes in base64',
  INVOICE_NOT_OPEN: (p: { number: number; reason: string }) => `invoice ${p.number} takes no payment: ${p.reason}`,
} satisfies Record<string, (p: never) => string>;

/**
 * What a 404 NOT_FOUND names. The error's `params` are `{entity, ...}` with the entity's own parameters below (`number` of
 * a numbered document, `id` of a draft, user or shipment, …); the English message is `<subject> was not found`. A
 * compound subject names its parent by the parent's entity key (`payment {id, invoice}`: "Payment 3 of invoice 12").
 * Like the codes, an entity keeps its key and its parameters once given.
 */
export const NOT_FOUND_SUBJECTS = {
  invoice: (p: { number: number }) => `Invoice ${p.number}`,
  'credit-note': (p: { number: number }) => `Credit note ${p.number}`,
  offer: (p: { number: number }) => `Offer ${p.number}`,
  'order-confirmation': (p: { number: number }) => `Order confirmation ${p.number}`,
  draft: (p: { id: number }) => `Draft ${p.id}`,
  payment: (p: { id: number; invoice: number }) => `Payment ${p.id} of invoice ${p.invoice}`,
  recipient: (p: { number: number }) => `Recipient ${p.number}`,
  product: (p: { number: number }) => `Product ${p.number}`,
  label: (p: { number: number }) => `Label ${p.number}`,
  'custom-field': (p: { number: number }) => `Custom field ${p.number}`,
  dunning: (p: { number: number }) => `Dunning ${p.number}`,
  'interest-rate': (p: { from: string }) => `Interest rate from ${p.from}`,
  shipment: (p: { id: number }) => `Shipment ${p.id}`,
  'shipment-pdf': (p: { id: number }) => `A PDF of shipment ${p.id}`,
  /** Without a number: the public signup page's event (unknown, deleted and past alike). */
  event: (p: { number?: number }) => (p.number === undefined ? 'Event' : `Event ${p.number}`),
  participant: (p: { number: number; event: number }) => `Participant ${p.number} of event ${p.event}`,
  'discount-code': (p: { code: string; event: number }) => `Discount code ${p.code} of event ${p.event}`,
  user: (p: { id: number }) => `User ${p.id}`,
  backup: (p: { name: string }) => `Backup ${p.name}`,
  session: (p: { id: number }) => `Session ${p.id}`,
  recurring: (p: { number: number }) => `Recurring invoice ${p.number}`,
  'bank-file': (p: { id: number }) => `Bank file ${p.id}`,
  'bank-transaction': (p: { id: number }) => `Bank transaction ${p.id}`,
} satisfies Record<string, (p: never) => string>;

export type NotFoundEntity = keyof typeof NOT_FOUND_SUBJECTS;
export type NotFoundParams<E extends NotFoundEntity> = Parameters<(typeof NOT_FOUND_SUBJECTS)[E]>[0];

/** "Invoice 12 was not found": the English message of a NOT_FOUND for the entity and its parameters. */
export function notFoundMessage<E extends NotFoundEntity>(entity: E, params: NotFoundParams<E>): string {
  return `${(NOT_FOUND_SUBJECTS[entity] as (p: Params) => string)(params as Params)} was not found`;
}

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export type ErrorParams<C extends ErrorCode> = Parameters<(typeof ERROR_MESSAGES)[C]> extends [] ? undefined : Parameters<(typeof ERROR_MESSAGES)[C]>[0];
/** The rest arguments of a function taking a code: its parameters when the code has some, nothing when it has none. */
export type ParamsArg<C extends ErrorCode> = ErrorParams<C> extends undefined ? [] : [params: ErrorParams<C>];

export const isErrorCode = (s: string): s is ErrorCode => Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, s);

/** The English message for a code and its parameters. */
export function errorMessage<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): string {
  const fn = ERROR_MESSAGES[code] as (p: Params) => string;
  return fn((params[0] ?? {}) as Params);
}
