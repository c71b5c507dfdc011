/**
 * The catalogue of whole-error codes (an answer's `code`, beside the field errors' codes in error-codes.ts): each with
 * its HTTP status, written only here: `new OpError(code, …)` and the HTTP adapter's `errorReply(reply, code, …)` take
 * the status from this table (fastify's own errors, e.g. BODY_TOO_LARGE, keep fastify's). Both take only these codes,
 * so a code is never a loose string; the GUI words each one in Norwegian and English (renderer/src/i18n/errors.i18n.ts
 * `errors.op.<CODE>`, checked by test/domain/service-messages.test.ts) from the error's params, never from its English
 * message.
 */
export const OP_CODES = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNSUPPORTED_API_VERSION: 400,
  TOO_DEEP: 400,
  SETUP_MISSING: 400,
  KID_TOO_LONG: 400,
  NOT_A_FILE: 400,
  EHF_NEEDS_ORG_NUMBER: 400,
  EHF_BUYER_ID_INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN_ROLE: 403,
  FORBIDDEN_ORIGIN: 403,
  FORBIDDEN_HOST: 403,
  NOT_YOUR_EXPORT: 403,
  NOT_FOUND: 404,
  UNKNOWN_OPERATION: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  IMMUTABLE: 409,
  NUMBERING_LOCKED: 409,
  LAST_OWNER: 409,
  NO_DATA_FOLDER: 409,
  NO_KEY_STORE: 409,
  KEY_FIXED: 409,
  BACKUP_DAMAGED: 409,
  BACKUP_TOO_NEW: 409,
  NOT_A_KVITT_BACKUP: 409,
  ALREADY_CONVERTED: 409,
  ALREADY_LOST: 409,
  NOT_LOST: 409,
  NOTHING_TO_WRITE_OFF: 409,
  NOTHING_TO_REFUND: 409,
  NOT_A_PAYMENT: 409,
  ALREADY_REVERSED: 409,
  INTEREST_ALREADY_CLAIMED: 409,
  INTEREST_ALREADY_WAIVED: 409,
  EVENT_SETUP: 409,
  ORG_NUMBER_REQUIRED: 409,
  CANCELLED: 409,
  ALREADY_MATCHED: 409,
  ALREADY_IGNORED: 409,
  NOT_MATCHED: 409,
  NOT_MONEY_IN: 409,
  INVOICE_NOT_OPEN: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  FILE_TOO_LARGE: 413,
  EHF_RULE_FAILED: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BUSY: 503,
} as const;

export type OpCode = keyof typeof OP_CODES;

export const isOpCode = (s: string): s is OpCode => Object.prototype.hasOwnProperty.call(OP_CODES, s);
