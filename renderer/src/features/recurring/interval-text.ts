/** A series' interval in words ("Hver måned", "Hver 3. måned"): shared by the list, the form and the customer's tab. */
export function intervalText(t: (k: string, o?: Record<string, unknown>) => string, i: { unit: string; every: number }): string {
  return i.every === 1 ? t(`rec.every1.${i.unit}`) : t(`rec.every.${i.unit}`, { every: i.every });
}
