/**
 * The service answers in English (it is an API first). The GUI shows its messages in the user's language:
 * known message shapes are translated here; anything unknown is shown as it came, never hidden.
 */
type Rule = [RegExp, string | ((...m: string[]) => string)];

const NB: Rule[] = [
  [/^is required$/, 'må fylles ut'],
  [/^must not be empty$/, 'må fylles ut'],
  [/^must be at most (\d+) characters$/, 'kan ha høyst $1 tegn'],
  [/^must be at least (\d+) characters$/, 'må ha minst $1 tegn'],
  [/^must be a (string|number|integer|boolean|object|array)$/, 'har feil type'],
  [/^must be one of (.+)$/, 'må være en av $1'],
  [/^has the wrong format$/, 'har feil format'],
  [/^must be (?:a real )?date YYYY-MM-DD$|^must be a date YYYY-MM-DD$|^must be a real date YYYY-MM-DD$/, 'må være en gyldig dato (ÅÅÅÅ-MM-DD)'],
  [/^must be >= (.+)$/, 'må være minst $1'],
  [/^must be <= (.+)$/, 'kan være høyst $1'],
  [/^must be > (.+)$/, 'må være større enn $1'],
  [/^must be < (.+)$/, 'må være mindre enn $1'],
  [/^must have at most (\d+) decimals$/, 'kan ha høyst $1 desimaler'],
  [/^must be a valid Norwegian organisation number.*$/, 'må være et gyldig organisasjonsnummer (9 siffer, MOD11)'],
  [/^must be a valid Norwegian account number.*$/, 'må være et gyldig kontonummer (11 siffer, MOD11)'],
  [/^must be a valid IBAN$/, 'må være et gyldig IBAN'],
  [/^must be an e-mail address$/, 'må være en e-postadresse'],
  [/^must be a country from .*$/, 'må være et land fra landlisten'],
  [/^must be one of the currencies at .*$/, 'må være en valuta fra valutalisten'],
  [/^a Norwegian postcode has 4 digits$/, 'et norsk postnummer har 4 siffer'],
  [/^must be 4 digits$/, 'må ha 4 siffer'],
  [/^a private person \(prv\) has no organisation number$/, 'en privatperson har ikke organisasjonsnummer'],
  [/^customer number (.+) is taken$/, 'kundenummer $1 er allerede i bruk'],
  [/^customer number (.+) is given twice in this batch$/, 'kundenummer $1 står to ganger i importen'],
  [/^product code (.+) is taken$/, 'varenummer $1 er allerede i bruk'],
  [/^product code (.+) is given twice in this batch$/, 'varenummer $1 står to ganger'],
  [/^there is no product with code (.+)$/, 'finner ikke varenummer $1'],
  [/^must be more than 0 and less than the price$/, 'må være over 0 og under prisen'],
  [/^must be a real date and time YYYY-MM-DD HH:MM$/, 'må være en gyldig dato med klokkeslett'],
  [/^must not be before the date of the event$/, 'kan ikke være før arrangementet starter'],
  [/^must not be after the event ends$/, 'kan ikke være etter at arrangementet slutter'],
  [/^is required when the SMS confirmation is on$/, 'må fylles ut når SMS-bekreftelse er på'],
  [/^(\d+) participants hold a seat; the limit cannot be lower$/, '$1 deltakere har plass; grensen kan ikke være lavere'],
  [/^(.+) is given twice$/, '$1 står to ganger'],
  [/^is given twice$/, 'står to ganger'],
  [/^there is no custom field number (.+)$/, 'egendefinert felt $1 finnes ikke'],
  [/^there is no label number (.+)$/, 'etikett $1 finnes ikke'],
  [/^(.+) is required$/, '$1 må fylles ut'],
  [/^must not be before the invoice date$/, 'kan ikke være før fakturadatoen'],
  [/^must not be before the offer date$/, 'kan ikke være før tilbudsdatoen'],
  [/^a document needs at least one line$/, 'dokumentet må ha minst én linje'],
  [/^a 0 % rate needs category Z \(zero-rated\) or E \(exempt\)$/, '0 % mva krever kategori Z (fritatt) eller E (unntatt)'],
  [/^a SELECT field needs at least one option$/, 'et valgfelt må ha minst ett valg'],
  [/^only SELECT fields have options$/, 'bare valgfelt har valg'],
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
  [/^an inkassovarsel needs a deadline at least (\d+) days after it is sent: (\S+) or later$/, 'et inkassovarsel må ha frist minst $1 dager etter at det sendes: $2 eller senere'],
  [/^an inkassovarsel may not be sent as EHF$/, 'et inkassovarsel kan ikke sendes som EHF'],
  [/^invoice (\d+) is not due before (.+)$/, 'faktura $1 forfaller ikke før $2'],
  [/^invoice (\d+) has no open balance$/, 'faktura $1 har ikke noe utestående'],
  [/^invoice (\d+) is written off as lost$/, 'faktura $1 er tapsført'],
  [/^no late-interest rate covers (\S+).*$/, 'ingen rentesats dekker $1; legg den inn under Innstillinger → Purring'],
  [/^Invalid input: (.+)$/, 'Ugyldige felt: $1'],
  [/^The number series cannot change once a document has been issued$/, 'Nummerseriene kan ikke endres etter at det første dokumentet er utstedt'],
  [/^cannot change after the first issued document$/, 'kan ikke endres etter første utstedte dokument'],
  [/^Customer number already in use$/, 'Kundenummeret er allerede i bruk'],
  [/^(.+) was not found$/, '$1 finnes ikke'],
];

export function localizeServiceMessage(message: string, lang: string): string {
  if (lang !== 'nb') return message;
  for (const [re, out] of NB) {
    const m = re.exec(message);
    if (m) return typeof out === 'string' ? message.replace(re, out) : out(...m);
  }
  return message;
}
