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
  private readonly keys: string[] = [];
  private readonly sums: number[] = [];
  constructor(columns: TableColumn[]) {
    for (const c of columns) if (c.type === 'money' && c.sum !== false) this.keys.push(c.key), this.sums.push(0);
  }
  add(row: ReportRow): void {
    const { keys, sums } = this;
    for (let i = 0; i < keys.length; i++) {
      const v = row[keys[i]];
      if (typeof v === 'number') sums[i] += v;
    }
  }
  addAll(rows: ReportRow[]): void {
    if (this.keys.length) for (let r = 0; r < rows.length; r++) this.add(rows[r]);
  }
  get(key: string): number | undefined {
    const i = this.keys.indexOf(key);
    return i < 0 ? undefined : this.sums[i];
  }
  entries(): [string, number][] {
    return this.keys.map((k, i) => [k, this.sums[i]]);
  }
  get any(): boolean {
    return this.keys.length > 0;
  }
}

/** øre as kroner with two decimals, e.g. 123450 -> 1234.5 (exact: the division of an integer by 100). */
export const kr = (ore: number): number => ore / 100;
