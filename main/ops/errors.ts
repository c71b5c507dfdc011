export interface FieldError {
  /** Dotted path of the offending input field, e.g. `contact.address.zip` or `[1].name`. */
  field: string;
  message: string;
}

/** An error the caller can act on. Transports map `status` to HTTP codes or the IPC envelope. */
export class OpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }

  toBody() {
    return { error: this.code, message: this.message, fields: this.fields };
  }
}

export function validationError(fields: FieldError[], message?: string): OpError {
  const names = [...new Set(fields.map((f) => f.field))].join(', ');
  return new OpError(400, 'VALIDATION_ERROR', message ?? `Invalid input: ${names}`, fields);
}

export function notFound(what: string): OpError {
  return new OpError(404, 'NOT_FOUND', `${what} was not found`);
}

export function conflict(message: string, fields: FieldError[] = []): OpError {
  return new OpError(409, 'CONFLICT', message, fields);
}

/** Collects field errors while a service checks rules that schemas cannot express. */
export class FieldErrors {
  readonly list: FieldError[] = [];
  add(field: string, message: string): void {
    this.list.push({ field, message });
  }
  get any(): boolean {
    return this.list.length > 0;
  }
  throwIfAny(message?: string): void {
    if (this.any) throw validationError(this.list, message);
  }
}
