/**
 * The fallback for service messages that carry no code of their own yet (code INVALID: the events, sending and reports
 * rules, dunning fee reasons, not-found sentences). Coded errors are translated by code (error-messages.ts, errors.i18n.ts),
 * never here; remove a rule once the rule it matches has a code. Anything unknown is shown as it came, never hidden.
 */
type Rule = [RegExp, string | ((...m: string[]) => string)];

const NB: Rule[] = [
  [/^must not be empty$/, 'må fylles ut'],
  [/^must be (?:a real )?date YYYY-MM-DD$|^must be a date YYYY-MM-DD$|^must be a real date YYYY-MM-DD$/, 'må være en gyldig dato (ÅÅÅÅ-MM-DD)'],
  [/^must have at most (\d+) decimals$/, 'kan ha høyst $1 desimaler'],
  [/^must be a valid Norwegian organisation number.*$/, 'er ikke et gyldig organisasjonsnummer – sjekk de 9 sifrene'],
  [/^must be an e-mail address$/, 'må være en e-postadresse'],
  [/^must be a country from .*$/, 'må være et land fra landlisten'],
  [/^a Norwegian postcode has 4 digits$/, 'et norsk postnummer har 4 siffer'],
  [/^there is no product with code (.+)$/, 'finner ikke varenummer $1'],
  [/^must be more than 0 and less than the price$/, 'må være over 0 og under prisen'],
  [/^must be a (?:real )?date and time YYYY-MM-DD HH:MM$/, 'må være en gyldig dato med klokkeslett'],
  [/^must not be before the date of the event$/, 'kan ikke være før arrangementet starter'],
  [/^must not be after the event ends$/, 'kan ikke være etter at arrangementet slutter'],
  [/^is required when the SMS confirmation is on$/, 'må fylles ut når SMS-bekreftelse er på'],
  [/^needs an SMS gateway: set smsGatewayUrl in Innstillinger → E-post, or turn the SMS confirmation off$/, 'SMS-bekreftelse krever en SMS-tjeneste: legg inn adressen til den under Innstillinger → E-post, eller slå av SMS-bekreftelse'],
  [/^(\d+) participants hold a seat; the limit cannot be lower$/, '$1 deltakere har plass; grensen kan ikke være lavere'],
  [/^(.+) is given twice$/, '$1 står to ganger'],
  [/^is given twice$/, 'står to ganger'],
  [/^is given twice$/, 'står to ganger'],
  [/^is taken$/, 'er allerede i bruk'],
  [/^EHF needs the recipient's organisation number.*$/, 'EHF krever kundens organisasjonsnummer'],
  [/^a fee needs the notice to be sent at least (\d+) days after the due date (\S+); it is (-?\d+)$/, 'gebyr krever at varselet sendes minst $1 dager etter forfall ($2); det er $3'],
  [/^a fee needs a new deadline of at least (\d+) days; (\S+) gives (-?\d+)$/, 'gebyr krever minst $1 dagers ny frist; $2 gir $3'],
  [/^at most (\d+) notices of a claim may carry a fee, and (\d+) already do$/, 'høyst $1 varsler per krav kan ha gebyr, og $2 har det allerede'],
  [/^a fee was already charged on an inkassovarsel; no further notice may carry a fee$/, 'det er tatt gebyr for inkassovarsel; ingen flere varsler kan ha gebyr'],
  [/^a fee on a second notice only after the first notice's deadline (\S+) has passed$/, 'gebyr på neste varsel først når fristen $1 er ute'],
  [/^fees are charged in NOK and invoice (\d+) is in (\w+)$/, 'gebyr tas i NOK, og faktura $1 er i $2'],
  [/^the fee is set to 0 kr in Settings$/, 'gebyret er satt til 0 kr i Innstillinger'],
  [/^invoice (\d+) is not due before (.+)$/, 'faktura $1 forfaller ikke før $2'],
  [/^invoice (\d+) has no open balance$/, 'faktura $1 har ikke noe utestående'],
  [/^invoice (\d+) is written off as lost$/, 'faktura $1 er tapsført'],
  [/^no late-interest rate covers (\S+).*$/, 'ingen rentesats dekker $1; legg den inn under Innstillinger → Purring'],
  [/^is required: one of (.+)$/, 'må fylles ut: en av $1'],
  [/^this report offers (.+), not (.+)$/, 'rapporten finnes som $1, ikke $2'],
  [/^is required: comma-separated column keys.*$/, 'velg minst én kolonne'],
  [/^unknown column (.+)$/, 'ukjent kolonne $1'],
  [/^must not be after to \((.+)\)$/, 'kan ikke være etter til-datoen ($1)'],
  [/^must not be after invoiceNumberTo \((.+)\)$/, 'kan ikke være større enn til-nummeret ($1)'],
  [/^must be true \(or PAID\).*$/, 'må være betalt, ubetalt eller tapsført'],
  [/^must be increasing numbers of days from 1.*$/, 'må være stigende antall dager fra 1, f.eks. 30,60,90'],
  [/^is required when the intervals column is asked for.*$/, 'må fylles ut når intervallkolonnen er valgt, f.eks. 30,60,90'],
  [/^is required for this report$/, 'må fylles ut for denne rapporten'],
  [/^PDF needs a date range.*$/, 'PDF krever en datoperiode eller et fakturanummer-intervall'],
  [/^PDF takes a date range or an invoice number range, not both$/, 'PDF tar en datoperiode eller et nummerintervall, ikke begge'],
  [/^the range holds (\d+) documents; one PDF takes at most (\d+)$/, 'utvalget har $1 dokumenter; én PDF kan ha høyst $2'],
  [/^the period holds more than (\d+) movements.*$/, 'perioden har mer enn $1 posteringer; velg en kortere periode for PDF'],
  [/^no SMTP server is set up \(Innstillinger → E-post\)$/, 'ingen e-postserver (SMTP) er satt opp (Innstillinger → E-post)'],
  [/^no sender address is set up \(Innstillinger → E-post\)$/, 'ingen avsenderadresse er satt opp (Innstillinger → E-post)'],
  [/^no SMS gateway is set up \(Innstillinger → E-post\)$/, 'ingen SMS-tjeneste er satt opp (Innstillinger → E-post)'],
  [/^Invalid input: (.+)$/, 'Ugyldige felt: $1'],
  [/^Customer number already in use$/, 'Kundenummeret er allerede i bruk'],
  [/^(.+) was not found$/, (_all, what) => `${notFoundSubject(what)} finnes ikke`],
];

/** The things a not-found sentence names ("Invoice 12", "Payment 3 of invoice 12"), in Norwegian; longest first. */
const NOUNS: [RegExp, string][] = [
  [/^A PDF of shipment\b/i, 'PDF-en til forsendelse'],
  [/^Order confirmation\b/i, 'Ordrebekreftelse'],
  [/^order-confirmation\b/, 'Ordrebekreftelse'],
  [/^Interest rate from\b/i, 'Rentesats fra'],
  [/^Discount code\b/i, 'Rabattkode'],
  [/^Custom field\b/i, 'Egendefinert felt'],
  [/^Credit note\b/i, 'Kreditnota'],
  [/^credit-note\b/, 'Kreditnota'],
  [/^Participant\b/i, 'Deltaker'],
  [/^Recipient\b/i, 'Kunde'],
  [/^Customer\b/i, 'Kunde'],
  [/^Invoice\b/i, 'Faktura'],
  [/^Payment\b/i, 'Innbetaling'],
  [/^Shipment\b/i, 'Forsendelse'],
  [/^Product\b/i, 'Produkt'],
  [/^Dunning\b/i, 'Purring'],
  [/^Backup\b/i, 'Sikkerhetskopien'],
  [/^Offer\b/i, 'Tilbud'],
  [/^Draft\b/i, 'Utkast'],
  [/^Event\b/i, 'Arrangement'],
  [/^Label\b/i, 'Etikett'],
  [/^User\b/i, 'Bruker'],
];

function notFoundSubject(what: string): string {
  let out = what;
  for (const [re, nb] of NOUNS) {
    if (re.test(out)) {
      out = out.replace(re, nb);
      break;
    }
  }
  return out.replace(/ of event /, ' i arrangement ').replace(/ of invoice /, ' på faktura ');
}

export function localizeServiceMessage(message: string, lang: string): string {
  if (lang !== 'nb') return message;
  for (const [re, out] of NB) {
    const m = re.exec(message);
    if (m) return typeof out === 'string' ? message.replace(re, out) : out(...m);
  }
  return message;
}
