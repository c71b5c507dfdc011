/**
 * The one shape every report writer takes: typed columns and rows that arrive in chunks (an async iterator of row arrays,
 * read from SQL piece by piece), so no writer ever holds a whole report. Money values are integer øre, dates ISO text.
 */
export type ColumnType = 'money' | 'date' | 'text' | 'number';
export type CellValue = string | number | null;
export type ReportRow = Record<string, CellValue>;

export interface TableColumn {
  key: string;
  label: string;
  type: ColumnType;
  /** Money columns are summed unless this is false (a running balance is not a sum). */
  sum?: boolean;
}

export interface ReportTable {
  /** Sheet name / title. */
  title: string;
  columns: TableColumn[];
  rows: () => AsyncIterable<ReportRow[]>;
}

/** Sums of the money columns, in øre, kept while rows stream past. */
export class MoneyTotals {
  private readonly sums = new Map<string, number>();
  constructor(columns: TableColumn[]) {
    for (const c of columns) if (c.type === 'money' && c.sum !== false) this.sums.set(c.key, 0);
  }
  add(row: ReportRow): void {
    for (const [key, sum] of this.sums) {
      const v = row[key];
      if (typeof v === 'number') this.sums.set(key, sum + v);
    }
  }
  get(key: string): number | undefined {
    return this.sums.get(key);
  }
  entries(): [string, number][] {
    return [...this.sums];
  }
  get any(): boolean {
    return this.sums.size > 0;
  }
}

/** øre as kroner with two decimals, e.g. 123450 -> 1234.5 (exact: the division of an integer by 100). */
export const kr = (ore: number): number => ore / 100;
