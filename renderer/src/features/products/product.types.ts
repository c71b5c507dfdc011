export interface Product {
  number: number;
  code: string;
  description: string;
  unitPrice: number;
  taxRate: number;
  vatCategory: 'S' | 'Z' | 'E';
  exemptionReason: string | null;
  unit: string | null;
}
