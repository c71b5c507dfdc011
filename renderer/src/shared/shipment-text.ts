/**
 * A shipment's description as the service wrote it when it was queued ("Faktura 12 sendt på e-post") said for its
 * status now: a mail still in the outbox "venter på å bli sendt", one that failed "ble ikke sendt"; short, without "sendt".
 */
export function shipmentText(description: string, status: string, o: { short?: boolean } = {}): string {
  // Short (Utboks, where the status column says the rest): "Faktura 12 på e-post", "Faktura 12 i posten".
  if (o.short && status !== 'DELIVERED') return description.replace(/ sendt (på|som|til|med|i) /, ' $1 ');
  if (status === 'IN_PROGRESS') return description.replace(/ sendt (på|som|til|med|i) /, ' venter på å bli sendt $1 ');
  if (status === 'NOT_DELIVERED') return description.replace(/ sendt (på|som|til|med|i) /, ' ble ikke sendt $1 ');
  return description;
}
