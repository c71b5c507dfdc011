/**
 * The typed shape of the Kvitt database. Money columns are integer øre; percentages are integer
 * hundredths; quantities integer thousandths; dates ISO text. See db/migrations for the DDL.
 */
import type { Generated } from 'kysely';

export interface SettingsTable {
  key: string;
  value: string; // JSON
}

export interface RecipientsTable {
  number: Generated<number>;
  customer_number: string | null;
  name: string;
  address1: string | null;
  address2: string | null;
  zip: string;
  city: string;
  country: string; // ISO alpha-2
  email: string | null;
  phone: string | null;
  mobile: string | null;
  fax: string | null;
  web: string | null;
  org_form: string | null;
  org_icd: number | null;
  org_number: string | null;
  discount: number; // hundredths of a percent
  credit_days: number | null;
  attach_pdf: number | null; // null = originator preference
  default_shipment: string | null; // SNAIL | EMAIL
  auto_dunnings_enabled: number | null;
  currency: string | null;
  your_reference: string | null;
  comment: string | null;
  ehf_capable: number;
  efaktura: number;
  avtalegiro: number;
  deleted: number;
  search_text: string; // lower-cased name, customer number, org number, e-mail
  sort_name: string; // name folded so that byte order is Norwegian alphabetical order (see domain/sort-key.ts)
  created_at: string;
  updated_at: string;
}

export interface LabelsTable {
  number: Generated<number>;
  name: string;
}

export interface RecipientLabelsTable {
  recipient_number: number;
  label_number: number;
}

export interface CustomFieldsTable {
  number: Generated<number>;
  name: string;
  type: string; // TEXT | BOOLEAN | NUMBER | DATE | SELECT
  options: string | null; // JSON array of strings for SELECT
  required: number;
}

export interface RecipientCustomValuesTable {
  recipient_number: number;
  field_number: number;
  value: string; // JSON-encoded value
}

export interface ExchangeRatesTable {
  currency: string;
  date: string;
  rate_micro: number; // NOK per unit x 1e6
}

export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  entity: string;
  entity_id: string;
  action: string;
  data: string | null; // JSON
  actor?: string | null; // 0011: who made the change (user name, 'owner (API key)'); null = the desktop app or a background job
}

export interface ProductsTable {
  number: Generated<number>;
  code: string;
  description: string;
  unit_price: number; // øre
  tax_rate: number; // hundredths of a percent
  vat_category: string; // S | Z | E
  exemption_reason: string | null;
  unit: string | null;
  deleted: number;
  created_at: string;
  updated_at: string;
  /** 0022: the product's own sales account (4 digits, class 3); null = the account of its VAT code. */
  sales_account: Generated<string | null>;
}

export interface NumberSeriesTable {
  series: string; // invoice | credit-note | offer | order-confirmation
  next_number: number;
}

export interface DocumentsTable {
  id: Generated<number>; // also the draft number
  kind: string; // invoice | credit-note | offer | order-confirmation
  series: string | null; // number series used when issued
  number: number | null; // issued number; null while a draft
  recipient_number: number;
  recipient_snapshot: string; // JSON PartySnapshot
  originator_snapshot: string | null; // JSON PartySnapshot, taken when issued
  order_number: string | null;
  issue_date: string | null; // null on a draft without a chosen date; always set once issued
  due_date: string | null;
  order_date: string | null;
  delivery_date: string | null;
  expiry_date: string | null;
  our_reference: string | null;
  your_reference: string | null;
  kid: string | null;
  invoice_text: string | null;
  currency: string;
  exchange_rate_micro: number;
  international: string | null; // JSON {bic, iban, vatNumber}
  delivery_address: string | null; // JSON
  credited_document_id: number | null;
  source_document_id: number | null; // offer -> order confirmation -> invoice chain
  net: number;
  tax: number;
  total: number;
  tax_nok: number;
  total_nok: number;
  content_hash: string | null; // sha256 of the issued content
  issued_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DocumentLinesTable {
  document_id: number;
  line_no: number;
  product_code: string | null;
  description: string;
  quantity_milli: number;
  unit: string | null;
  unit_price: number;
  discount: number;
  tax_rate: number;
  vat_category: string;
  exemption_reason: string | null;
  net: number;
  tax: number;
  total: number;
}

/** Running state of an issued invoice; kept apart so the issued document row never changes. */
export interface InvoiceBalancesTable {
  document_id: number;
  balance: number; // total - payments - credits - losses (document currency øre)
  paid_total: number;
  credited_total: number;
  lost_total: number;
  lost: number; // 1 while a loss stands
  settled_date: string | null;
  fees_total: Generated<number>; // dunning fees charged (0005; cancelled when written off), part of balance
  interest_total: Generated<number>; // late interest charged on dunnings (0005), part of balance
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  document_id: number;
  kind: string; // payment | loss | payment-reversal | loss-reversal
  date: string;
  amount: number; // øre, document currency
  currency_amount: number | null;
  bank_fee: number | null;
  reason: string | null;
  reverses_id: number | null;
  created_at: string;
  /** 0007: a credit moved between invoices names the other invoice (credit-transfer-out / -in). */
  counterpart_document_id: number | null;
}

/** Sending (0004): one shipment per method and address; the outbox the sender works and the history (spec 2.9) in one. */
export interface OutboxTable {
  id: Generated<number>;
  ref_type: string; // invoice | credit-note | offer | order-confirmation | dunning | event | report | test
  ref_number: number;
  document_id: number | null;
  method: string; // email | paper | ehf | sms
  address: string; // '' for paper
  status: string; // IN_PROGRESS | DELIVERED | NOT_DELIVERED
  description: string;
  payload: string; // JSON
  message_id: string | null;
  attempts: number;
  next_attempt_at: string | null; // ISO UTC instant
  last_error: string | null;
  created_at: string; // YYYY-MM-DD HH:MM:SS local
  updated_at: string;
  delivered_at: string | null;
  /** 0015: the catalogue code of last_error (error-codes.ts) and its parameters (JSON); null when it has none. */
  last_error_code: Generated<string | null>;
  last_error_params: Generated<string | null>;
  /** 0016: the process sending it and until when its claim holds (ISO UTC, database clock); null when unclaimed. */
  claimed_by: Generated<string | null>;
  lease_until: Generated<string | null>;
}

/** The postal address a `paper` shipment gave for one issued document (kept beside it; the document never changes). */
export interface DocumentMailAddressesTable {
  document_id: number;
  address1: string | null;
  address2: string | null;
  zip: string;
  city: string;
  country: string; // ISO alpha-2
  updated_at: string;
}

export interface Database {
  settings: SettingsTable;
  recipients: RecipientsTable;
  labels: LabelsTable;
  recipient_labels: RecipientLabelsTable;
  custom_fields: CustomFieldsTable;
  recipient_custom_values: RecipientCustomValuesTable;
  exchange_rates: ExchangeRatesTable;
  audit_log: AuditLogTable;
  users: UsersTable;
  products: ProductsTable;
  number_series: NumberSeriesTable;
  documents: DocumentsTable;
  document_lines: DocumentLinesTable;
  invoice_balances: InvoiceBalancesTable;
  ledger_entries: LedgerEntriesTable;
  dunnings: DunningsTable;
  interest_rates: InterestRatesTable;
  interest_waivers: InterestWaiversTable;
  outbox: OutboxTable;
  document_mail_addresses: DocumentMailAddressesTable;
  events: EventsTable;
  event_discount_codes: EventDiscountCodesTable;
  event_custom_fields: EventCustomFieldsTable;
  event_participants: EventParticipantsTable;
  signup_challenges: SignupChallengesTable;
  sessions: SessionsTable;
  owner_key: OwnerKeyTable;
  job_leases: JobLeasesTable;
  recurring_series: RecurringSeriesTable;
  recurring_occurrences: RecurringOccurrencesTable;
  bank_files: BankFilesTable;
  bank_transactions: BankTransactionsTable;
  signup_pow_key: SignupPowKeyTable;
  signup_pow_spent: SignupPowSpentTable;
}

/** 0016: who runs a background job (daily dunning run, daily backup) and until when (ISO UTC, database clock). */
export interface JobLeasesTable {
  name: string;
  claimed_by: string | null;
  lease_until: string | null;
}

/** Issued signup captcha challenges (0012): single use, deleted when checked or expired. */
export interface SignupChallengesTable {
  token: string;
  event_public_id: string;
  answer: string;
  expires_at: string;
}

/** Hosted events (0006, spec 2.10). Date-times `YYYY-MM-DD HH:MM`; money øre; rates hundredths. */
export interface EventsTable {
  number: Generated<number>;
  public_id: number; // random, for the public signup page and POST /events/{id}/signup
  name: string;
  starts_at: string;
  end_at: string | null;
  registration_deadline: string | null;
  signup_captcha: number;
  location: string; // JSON {name, address, zip, city, country}
  description: string;
  confirmation: number;
  price: number;
  tax_rate: number;
  product_code: string | null;
  contact_person: string; // JSON {name, email, phone}
  participant_limit: number | null;
  sms_enabled: number;
  sms_message: string;
  show_signup_stats: number;
  discount_label: string;
  signup_seq: number; // bumped first in every signup transaction: the lock that keeps the participant limit
  seats_taken: number; // participants not cancelled (migration 0014): +1 by the signup's lock UPDATE, -1 by a cancellation
  deleted: number;
  created_at: string;
  updated_at: string;
}

export interface EventDiscountCodesTable {
  id: Generated<number>;
  event_number: number;
  code: string;
  amount: number; // øre
}

export interface EventCustomFieldsTable {
  event_number: number;
  number: number;
  name: string;
  type: string; // TEXT | BOOLEAN
  options: string | null;
  price_product_code: string | null;
  price: number | null;
  price_tax_rate: number | null;
}

export interface EventParticipantsTable {
  id: Generated<number>;
  event_number: number;
  number: number;
  status: string; // pending | registered | cancelled
  name: string;
  email: string;
  mobile: string | null;
  invoice_party: string | null; // JSON
  discount_code: string | null;
  custom_values: string; // JSON
  amount: number; // øre incl. VAT
  recipient_number: number | null;
  invoice_document_id: number | null;
  credit_note_document_id: number | null;
  signed_up_at: string;
  registered_at: string | null;
  cancelled_at: string | null;
  updated_at: string;
}

/** Dunnings (0005, spec 2.7): issued notices, never changed. Money øre in the invoice's currency; rates hundredths of a percent. */
export interface DunningsTable {
  number: number; // global series 'dunning'
  document_id: number; // the dunned invoice
  dunning_number: number; // 1, 2, … per invoice
  recipient_number: number;
  dunning_date: string;
  due_date: string; // the new deadline
  follows_deadline: string; // the deadline in force when it was made (invoice due date or the last notice's)
  debt_collection_notice: number;
  dunning_text: string | null;
  currency: string;
  invoice_balance: number; // the claim on dunning_date before this notice's fee and interest
  invoice_balance_date: string;
  fee: number;
  fee_refused_reason: string | null;
  /** Why no fee, as a catalogue code (FEE_*) and its figures as JSON (migration 0028); the reason is its English wording. */
  fee_refused_code: string | null;
  fee_refused_params: string | null;
  interest: number;
  interest_rate: number | null;
  interest_principal: number;
  interest_from: string | null;
  interest_to: string | null;
  interest_parts: string; // JSON InterestPart[]
  automatic: number;
  /** 0019: 1 on a closing interest note (rentenota: interest only, on an invoice paid in full late). */
  interest_note: Generated<number>;
  created_at: string;
}

/** 0019: interest an invoice paid late accrued that the user chose not to claim. */
export interface InterestWaiversTable {
  document_id: number;
  interest_from: string;
  interest_to: string;
  amount: number;
  reason: string | null;
  created_at: string;
}

export interface InterestRatesTable {
  from_date: string;
  rate: number; // hundredths of a percent
}

/** Office server users (0011): one API key each (stored as SHA-256 hex), role owner | bookkeeper. */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  role: string;
  key_hash: string;
  active: number;
  created_at: string;
}

/** Browser sessions (0017): the token's SHA-256; user_id null for the owner key / login link; UTC ISO times. */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  created_at: string;
  last_seen_at: string;
  client: string | null;
}

/** The owner API key's SHA-256 on a PostgreSQL database (0017): one row, id 1. */
export interface OwnerKeyTable {
  id: number;
  key_hash: string;
  changed_at: string;
}

/** 0021: a recurring invoice series (issue 26): schedule, template (JSON), delivery options (JSON), status. */
export interface RecurringSeriesTable {
  number: Generated<number>;
  recipient_number: number;
  unit: string; // WEEK | MONTH | YEAR
  every: number;
  start_date: string;
  end_date: string | null;
  occurrence_count: number | null;
  due_in_days: number | null;
  template: string;
  shipment: string | null;
  total: number; // øre, one occurrence's total as last saved
  currency: string;
  status: string; // active | paused | stopped | ended
  stop_code: string | null;
  stop_reason: string | null;
  next_index: number;
  confirm_through: string | null;
  created_at: string;
  updated_at: string;
}

/** 0021: an issued occurrence of a series; (series_number, occurrence_index) is unique: each occurrence issues once. */
export interface RecurringOccurrencesTable {
  series_number: number;
  occurrence_index: number;
  occurrence_date: string;
  period: string;
  document_id: number;
  invoice_number: number;
  issued_at: string;
}
/** 0020: an imported bank file (OCR giro, camt.054, camt.053); amounts in øre. */
export interface BankFilesTable {
  id: Generated<number>;
  format: string; // OCR | CAMT054 | CAMT053
  file_name: string;
  imported_at: string;
  transactions: number;
  duplicates: number;
  amount: number;
  sha256: string;
}

/** 0020: one transaction of a bank file; dedup_key unique (the bank's reference, or OCR date + løpenummer + amount + KID). */
export interface BankTransactionsTable {
  id: Generated<number>;
  bank_file_id: number;
  line: number;
  dedup_key: string;
  date: string;
  booking_date: string | null;
  value_date: string | null;
  amount: number;
  currency: string;
  credit: number;
  account: string | null;
  kid: string | null;
  reference: string | null;
  end_to_end_id: string | null;
  payer_name: string | null;
  payer_account: string | null;
  message: string | null;
  kind: string | null;
  status: string; // MATCHED | UNMATCHED | IGNORED
  reason: string | null;
  document_id: number | null;
  ledger_entry_id: number | null;
  updated_at: string;
}

/** The secret the signup's proof-of-work challenges are signed with (0024): one row, id 1, made on first use. */
export interface SignupPowKeyTable {
  id: number;
  secret: string;
}

/** Proof-of-work challenges already used (0024): one use each; deleted once expired. */
export interface SignupPowSpentTable {
  challenge_id: string;
  expires_at: string;
}
