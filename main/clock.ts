/** "Today" for every service. Never call new Date() for business dates elsewhere: take ctx.clock. */
export interface Clock {
  /** YYYY-MM-DD in local time (or the fixed date). */
  today(): string;
  /** YYYY-MM-DD HH:MM:SS, for audit entries and sending history. */
  timestamp(): string;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 and 2025-02-29 are not). */
export function isIsoDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** The system clock, or a fixed date (KVITT_TODAY=YYYY-MM-DD) for tests and demonstrations. */
export function systemClock(fixedToday?: string): Clock {
  if (fixedToday !== undefined && !isIsoDate(fixedToday)) {
    throw new Error(`KVITT_TODAY must be YYYY-MM-DD, got "${fixedToday}"`);
  }
  return {
    today: () => fixedToday ?? localDate(new Date()),
    timestamp: () => {
      const d = new Date();
      const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
      return `${fixedToday ?? localDate(d)} ${time}`;
    },
  };
}

/** A clock that tests move by hand. */
export function fixedClock(today: string): Clock & { set(day: string): void } {
  let current = today;
  return {
    today: () => current,
    timestamp: () => `${current} 12:00:00`,
    set(day: string) {
      current = day;
    },
  };
}
