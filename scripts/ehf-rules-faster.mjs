/**
 * Build-time rewrites of the official schematron XSLTs that keep every rule's meaning and leave out work whose result
 * is never seen (docs/ehf-validation.md; `fasterRules` applies the three, the corpus test proves the result equal to
 * the Java validator's):
 *
 * 1. `hoistDocumentScans`: repeated scans of the whole document. The official rules test things like
 * `exists(//cac:TaxCategory[…]/cbc:ID[normalize-space(.) = 'AE'])` dozens of times on the same context (the VAT
 * category rules BR-AE-*, BR-E-*, BR-S-*, … on the root element); each `//cac:TaxCategory` walks every node of the
 * document again. Here, in each rule template (mode M<n>), a first step `//QName` (or `//(QName|QName…)`) that the
 * template's tests use at least twice is computed once, when the template starts, as
 * `<xsl:variable name="kvitt-d-…" select="root(.)//QName"/>`, and the tests read the variable instead.
 *
 * Why the meaning is the same:
 * - `//QName` is `root(.) treat as document-node()/descendant-or-self::node()/child::QName`: the nodes in document order,
 *   depending only on the root of the context node; every rule template's context is a node of the one document being
 *   checked (parse-xml: a document node), so `root(.)//QName` at the template's start is the same sequence wherever the
 *   test uses it (inside predicates and quantified expressions too: the context node changes, its root does not).
 * - Only a step with no predicate or a predicate that cannot be positional is replaced: `//X[p]` filters the children of
 *   each parent, `$v[p]` the whole sequence; they agree when `p` is a boolean test (a top-level comparison, `and`/`or`,
 *   `not(…)`/`exists(…)`/`empty(…)`/`boolean(…)`, or a path of names, whose value is nodes) and never names
 *   `position()`/`last()`. Anything else is left as published.
 * - The variable can raise no error (a name test from the root), so a test that fails with an error fails at the
 *   same place as before; xsl:variable is evaluated at once in saxon-js, which is why nothing that could raise one is
 *   hoisted.
 * - Only `xsl:when`/`xsl:if` tests are rewritten (the asserts and reports); the `test` text the SVRL prints stays.
 *
 * 2. `dropDefaultWalks`: the schematron skeleton puts `<xsl:apply-templates />` (the unnamed mode, from the document node)
 *    in every `svrl:active-pattern` of the root template: a walk over the whole document that writes nothing when the
 *    unnamed mode has no template but `match="/"` and an empty `match="text()"` (the built-in rules then only walk on,
 *    and the document node is never selected again). Only then is it left out (CEN: 3 walks a document, PEPPOL: 13).
 *
 * 3. `elementWalks`: each pattern's mode walks `@*|*` from every node; an attribute reached that way only meets the
 *    fallback `@*|node()` template (which applies templates to the attribute's `@*|*`: nothing), when no other template
 *    of the mode can match an attribute (no `@`, `attribute::` or `node()` in its match pattern outside predicates).
 *    For such a mode the walk selects `*` only.
 */

const NAME = '[A-Za-z_][\\w.\\-]*(?::[A-Za-z_][\\w.\\-]*)?';
const NAME_RE = new RegExp(`^${NAME}`);
const UNION_RE = new RegExp(`^\\(\\s*${NAME}(?:\\s*\\|\\s*${NAME})*\\s*\\)`);
/** What may come right before an absolute `//`: the start, an opening bracket, a comma or an operator. */
const OPERAND_START = /(^|[([,=<>+|;]|\b(?:and|or|in|satisfies|return|then|else|div|mod)\s)\s*$/;
const BOOLEAN_CALL = /^(not|exists|empty|boolean)\s*\(/;

/** The end of a bracketed part starting at `open` (`[` or `(`), skipping string literals; -1 when unbalanced. */
function closing(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      if (end < 0) return -1;
      i = end;
    } else if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** The text at bracket depth 0 of an expression, string literals blanked. */
function topLevel(s) {
  let out = '';
  let depth = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "'" || c === '"') {
      const end = s.indexOf(c, i + 1);
      out += ' '.repeat((end < 0 ? s.length : end + 1) - i);
      i = end < 0 ? s.length : end;
      continue;
    }
    if (c === '[' || c === '(') depth++;
    if (depth === 0) out += c;
    if (c === ']' || c === ')') depth--;
  }
  return out;
}

/** True when a predicate's value is a boolean or nodes (never a number): it filters the same way on any sequence. */
export function booleanPredicate(p) {
  const e = p.trim();
  if (/\b(position|last)\s*\(/.test(e)) return false;
  const top = topLevel(e);
  if (/\b(if|for|let|some|every)\b|,|!(?!=)/.test(top)) return false;
  if (/(!=|=|&lt;|&gt;|<|>|\s(eq|ne|lt|le|gt|ge|and|or|is)\s)/.test(top)) return true;
  if (BOOLEAN_CALL.test(e) && closing(e, e.indexOf('(')) === e.length - 1) return true;
  return new RegExp(`^@?${NAME}(/@?${NAME})*$`).test(e);
}

/**
 * The absolute first steps of a test that can be read from a variable: [{at, length, key}] where `key` is the step
 * (`cac:TaxCategory`, `(cac:InvoiceLine|cac:CreditNoteLine)`).
 */
export function hoistableSteps(test) {
  const found = [];
  const blank = blankStrings(test);
  for (let i = blank.indexOf('//'); i >= 0; i = blank.indexOf('//', i + 2)) {
    if (!OPERAND_START.test(blank.slice(0, i))) continue;
    const rest = test.slice(i + 2);
    const m = UNION_RE.exec(rest) ?? NAME_RE.exec(rest);
    if (!m) continue;
    const after = rest.slice(m[0].length);
    if (m[0][0] !== '(' && /^\s*\(/.test(after)) continue; // a function call, not a name test
    if (/^[\w.\-:]/.test(after)) continue;
    if (after.startsWith('[')) {
      const end = closing(after, 0);
      if (end < 0 || !booleanPredicate(after.slice(1, end))) continue;
    }
    found.push({ at: i, length: 2 + m[0].length, key: m[0].replace(/\s+/g, '') });
  }
  return found;
}

/** An expression with its string literals blanked (same length), so nothing inside a string is taken for syntax. */
function blankStrings(s) {
  return s.replace(/'[^']*'|"[^"]*"/g, (m) => ' '.repeat(m.length));
}

const varName = (key) => `kvitt-d-${key.replace(/[()]/g, '').replace(/[:|]/g, '-')}`;

/** The rewrite of one stylesheet's text; `hoisted` counts the tests' scans replaced by variables. */
export function hoistDocumentScans(text) {
  let hoisted = 0;
  let templates = 0;
  const out = text.replace(/(<xsl:template\b[^>]*\bmode="M\d+"[^>]*>)([\s\S]*?)(<\/xsl:template>)/g, (whole, open, body, close) => {
    if (/\/>\s*$/.test(open)) return whole;
    const tests = [...body.matchAll(/(<xsl:(?:when|if)\s+test=")([^"]*)(")/g)];
    const uses = new Map();
    for (const t of tests) for (const s of hoistableSteps(t[2])) uses.set(s.key, (uses.get(s.key) ?? 0) + 1);
    const keys = [...uses].filter(([, n]) => n >= 2).map(([k]) => k);
    if (!keys.length) return whole;
    const wanted = new Set(keys);
    const newBody = body.replace(/(<xsl:(?:when|if)\s+test=")([^"]*)(")/g, (m, a, test, z) => {
      let t = test;
      for (const s of hoistableSteps(test).reverse()) {
        if (!wanted.has(s.key)) continue;
        t = `${t.slice(0, s.at)}$${varName(s.key)}${t.slice(s.at + s.length)}`;
        hoisted++;
      }
      return a + t + z;
    });
    templates++;
    const vars = keys.map((k) => `<xsl:variable name="${varName(k)}" select="root(.)//${k}"/>`).join('');
    return open + vars + newBody + close;
  });
  return { xslt: out, hoisted, templates };
}

/** The unnamed-mode walks of the root template left out when they cannot write anything (see above). */
export function dropDefaultWalks(text) {
  if (/<xsl:mode\b/.test(text) || /<xsl:(import|include)\b/.test(text)) return { xslt: text, dropped: 0 };
  const unnamed = [...text.matchAll(/<xsl:template\b([^>]*?)(\/?)>/g)].filter((m) => !/\bmode="/.test(m[1]) && /\bmatch="/.test(m[1]));
  const harmless = unnamed.every((m) => {
    const match = /\bmatch="([^"]*)"/.exec(m[1])[1].trim();
    return match === '/' || (match === 'text()' && m[2] === '/');
  });
  if (!harmless || unnamed.filter((m) => /\bmatch="\/"/.test(m[1])).length !== 1) return { xslt: text, dropped: 0 };
  let dropped = 0;
  const xslt = text.replace(/(<xsl:template\s+match="\/"\s*>)([\s\S]*?)(<\/xsl:template>)/, (whole, open, body, close) => {
    const newBody = body.replace(/<xsl:apply-templates\s*\/>/g, () => {
      dropped++;
      return '';
    });
    return open + newBody + close;
  });
  return { xslt, dropped };
}

/** A match pattern without its predicates (balanced brackets, string literals skipped). */
function withoutPredicates(pattern) {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '[') {
      const end = closing(pattern, i);
      if (end < 0) return null;
      i = end;
    } else out += pattern[i];
  }
  return out;
}

/** The modes' walks over elements only, where no template of the mode can match an attribute (see above). */
export function elementWalks(text) {
  const byMode = new Map();
  for (const m of text.matchAll(/<xsl:template\s+match="([^"]*)"\s+mode="(M\d+)"/g)) {
    const [, match, mode] = m;
    if (!byMode.has(mode)) byMode.set(mode, true);
    if (match.replace(/\s+/g, '') === '@*|node()') continue;
    const bare = withoutPredicates(match);
    if (bare === null || /@|attribute::|node\(\)/.test(bare)) byMode.set(mode, false);
  }
  let walks = 0;
  const xslt = text.replace(/<xsl:apply-templates mode="(M\d+)" select="@\*\|\*" \/>/g, (whole, mode) => {
    if (!byMode.get(mode)) return whole;
    walks++;
    return `<xsl:apply-templates mode="${mode}" select="*" />`;
  });
  return { xslt, walks, modes: [...byMode].filter(([, ok]) => ok).map(([m]) => m) };
}

/** All the rewrites, and what each changed. */
export function fasterRules(text) {
  const a = hoistDocumentScans(text);
  const b = dropDefaultWalks(a.xslt);
  const c = elementWalks(b.xslt);
  return { xslt: c.xslt, hoisted: a.hoisted, droppedWalks: b.dropped, elementWalks: c.walks };
}
