declare module 'norway-postal-codes' {
  /** Postcode (4 digits) -> poststed in capitals. */
  const codes: Record<string, string>;
  export default codes;
}
