/**
 * The build-time rewrite that lets one saxon-js transformation check document after document (docs/ehf-validation.md):
 * saxon-js builds a new transformation context for every `transform` (about 30 ms for CEN, 12 for PEPPOL), so each rule
 * set runs as one long transformation in a thread of its own, pulling documents from JavaScript.
 *
 * `loopWrapper` is the stylesheet compiled: it imports the official XSLT (rewritten, below) and its initial template
 * `kvitt:loop` iterates over the documents `js:kvittNextEhf()` hands it (stopping on ''), applies the official root
 * template to each and gives `js:kvittEhfDone()` each failed assertion as `flag TAB id TAB text` lines (as validate-ehf
 * reads the SVRL: `(@flag, 'fatal')[1]`, `@id`, `normalize-space(svrl:text)`), or `!ERROR TAB description`.
 *
 * `rewriteForLoop` is the only change to the official text. A long transformation evaluates a global variable once,
 * but some globals are computed from the document (PEPPOL: profile, supplierCountry, …IsDE, DK*, Greek, NL ones; CEN:
 * document-uri). Each such global (every one whose value is not a literal string or a tokenize() of literals, and
 * every one depending on such) is declared again, with the same expression, as a local variable at the start of each
 * template that refers to it, evaluated from the document's root (`root(.) ! (…)`), the globals it depends on before
 * it. A match pattern that refers to one calls a function computing it from the node being matched
 * (`kvitt:name(current())`). Nothing else changes; a stylesheet this cannot handle (such a global used in a function
 * or a key) makes it throw, and the build then compiles the official XSLT as it is (one transformation a document).
 */
import { SaxesParser } from 'saxes';

export const KVITT_NS = 'urn:kvitt:ehf-rules';
const JS_NS = 'http://saxonica.com/ns/globalJS';
/** The initial template of a compiled loop stylesheet. */
export const LOOP_TEMPLATE = `Q{${KVITT_NS}}loop`;

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
const refRe = (name) => new RegExp(`\\$${esc(name)}(?![\\w.\\-\\u00B7])`, 'g');
/** A global that is the same for every document: a literal string, or tokenize() of two literals. */
const CONSTANT = /^\s*('[^']*'|"[^"]*"|tokenize\(\s*'[^']*'\s*,\s*'[^']*'\s*\))\s*$/;

/** The element tree with each element's offsets in the text (start of its start tag, end of it, end of the element). */
function elements(text) {
  const p = new SaxesParser({ position: true });
  const stack = [];
  let root = null;
  p.on('opentag', (t) => {
    const openEnd = p.position;
    const e = { name: t.name, attrs: t.attributes, start: text.lastIndexOf('<', openEnd - 1), openEnd, end: openEnd, children: [] };
    if (stack.length) stack[stack.length - 1].children.push(e);
    else root = e;
    stack.push(e);
  });
  p.on('closetag', () => {
    stack.pop().end = p.position;
  });
  p.write(text).close();
  return root;
}

/** An attribute's text as written (still escaped) in a start tag, and where it starts in the tag. */
function rawAttr(startTag, name) {
  const m = new RegExp(`\\s${esc(name)}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(startTag);
  return m ? { value: m[2] ?? m[3], index: m.index + m[0].indexOf(m[1]) + 1 } : null;
}

export function rewriteForLoop(text) {
  const root = elements(text);
  if (!root || (root.name !== 'xsl:stylesheet' && root.name !== 'xsl:transform')) throw new Error('not an XSLT stylesheet (xsl: prefix)');
  const tag = (e) => text.slice(e.start, e.openEnd);
  const inner = (e) => (e.openEnd === e.end ? '' : text.slice(e.openEnd, text.lastIndexOf('</', e.end - 1)));
  const globals = new Map();
  for (const e of root.children) {
    if (e.name !== 'xsl:param' && e.name !== 'xsl:variable') continue;
    const select = rawAttr(tag(e), 'select')?.value ?? null;
    const content = inner(e);
    const constant = select === null ? content.trim() === '' : content.trim() === '' && CONSTANT.test(e.attrs.select);
    globals.set(e.attrs.name, { select, as: rawAttr(tag(e), 'as')?.value ?? null, content, constant });
  }
  const names = [...globals.keys()];
  const body = (n) => (globals.get(n).select ?? '') + globals.get(n).content;
  const refsIn = (s, among) => among.filter((n) => refRe(n).test(s));
  const doc = new Set(names.filter((n) => !globals.get(n).constant));
  for (let grew = true; grew; ) {
    grew = false;
    for (const n of names) {
      if (!doc.has(n) && refsIn(body(n), [...doc]).length) {
        doc.add(n);
        grew = true;
      }
    }
  }
  const docNames = names.filter((n) => doc.has(n));
  const deps = new Map(docNames.map((n) => [n, refsIn(body(n), docNames).filter((d) => d !== n)]));
  /** The wanted globals and those they need, each after what it needs. */
  const ordered = (wanted) => {
    const out = [];
    const visit = (n, path) => {
      if (out.includes(n)) return;
      if (path.includes(n)) throw new Error(`circular globals: ${[...path, n].join(' → ')}`);
      for (const d of deps.get(n)) visit(d, [...path, n]);
      out.push(n);
    };
    for (const n of docNames) if (wanted.includes(n)) visit(n, []);
    return out;
  };
  const local = (n) => {
    const g = globals.get(n);
    const as = g.as === null ? '' : ` as="${g.as}"`;
    return g.select !== null
      ? `<xsl:variable name="${n}"${as} select="root(.) ! (${g.select})"/>`
      : `<xsl:variable name="${n}"${as}><xsl:for-each select="root(.)">${g.content}</xsl:for-each></xsl:variable>`;
  };
  const edits = [];
  const inPatterns = new Set();
  for (const e of root.children) {
    if (e.name !== 'xsl:template') {
      if (e.name.startsWith('xsl:') && e.name !== 'xsl:param' && e.name !== 'xsl:variable') {
        const used = refsIn(text.slice(e.start, e.end), docNames);
        if (used.length) throw new Error(`${e.name} ${e.attrs.name ?? ''} uses ${used.join(', ')}, computed from the document`);
      }
      continue;
    }
    const match = rawAttr(tag(e), 'match');
    const inMatch = match ? refsIn(match.value, docNames) : [];
    if (inMatch.length) {
      let v = match.value;
      for (const n of inMatch) {
        v = v.replace(refRe(n), `kvitt:${n}(current())`);
        inPatterns.add(n);
      }
      edits.push([e.start + match.index, match.value.length, v]);
    }
    const used = refsIn(text.slice(e.openEnd, e.end), docNames);
    if (!used.length) continue;
    let at = e.openEnd;
    for (const c of e.children) {
      if (c.name !== 'xsl:param') break;
      at = c.end;
    }
    edits.push([at, 0, ordered(used).map(local).join('')]);
  }
  // A match pattern is tested at every element the walk meets, so each function keeps its value for the document in
  // JavaScript (kvittMemo / kvittRemember, emptied for every document by the caller): only a single xs:string or
  // xs:boolean, which come back from JavaScript as the same type and value; anything else is computed every time.
  const functions = [...inPatterns]
    .map((n) => `<xsl:function name="kvitt:${n}" as="item()*"><xsl:param name="kvitt-node" as="node()"/><xsl:variable name="kvitt-memo" select="kvitt-js:kvittMemo('${n}')"/><xsl:choose><xsl:when test="exists($kvitt-memo)"><xsl:sequence select="$kvitt-memo"/></xsl:when><xsl:otherwise><xsl:for-each select="root($kvitt-node)">${ordered([n]).map(local).join('')}<xsl:sequence select="if ($${n} instance of kvitt-xs:string or $${n} instance of kvitt-xs:boolean) then kvitt-js:kvittRemember('${n}', $${n}) else $${n}"/></xsl:for-each></xsl:otherwise></xsl:choose></xsl:function>\n`)
    .join('');
  edits.push([text.lastIndexOf('</', root.end - 1), 0, functions]);
  edits.push([root.start + tag(root).search(/\s/), 0, ` xmlns:kvitt="${KVITT_NS}"${inPatterns.size ? ` xmlns:kvitt-js="${JS_NS}" xmlns:kvitt-xs="http://www.w3.org/2001/XMLSchema"` : ''}`]);
  let out = text;
  for (const [at, del, ins] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + ins + out.slice(at + del);
  return { xslt: out, documentGlobals: docNames, inPatterns: [...inPatterns] };
}

/** The stylesheet compiled for a rule set: `href` is the rewritten official XSLT. */
export const loopWrapper = (href) => `<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="3.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
  xmlns:js="http://saxonica.com/ns/globalJS" xmlns:svrl="http://purl.oclc.org/dsdl/svrl" xmlns:err="http://www.w3.org/2005/xqt-errors"
  xmlns:kvitt="${KVITT_NS}" exclude-result-prefixes="#all">
  <xsl:import href="${href}"/>
  <xsl:template name="kvitt:loop">
    <xsl:param name="documents" as="xs:integer" select="5000"/>
    <xsl:iterate select="1 to $documents">
      <xsl:variable name="xml" as="xs:string" select="string(js:kvittNextEhf(.))"/>
      <xsl:choose>
        <xsl:when test="$xml = ''"><xsl:break/></xsl:when>
        <xsl:otherwise>
          <xsl:variable name="lines" as="xs:string">
            <xsl:try>
              <xsl:variable name="svrl"><xsl:apply-templates select="parse-xml($xml)"/></xsl:variable>
              <xsl:sequence select="string-join($svrl//svrl:failed-assert ! string-join((string((@flag, 'fatal')[1]), string(@id), normalize-space(svrl:text)), '&#9;'), '&#10;')"/>
              <xsl:catch><xsl:sequence select="'!ERROR&#9;' || $err:description"/></xsl:catch>
            </xsl:try>
          </xsl:variable>
          <xsl:sequence select="js:kvittEhfDone($lines)"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:iterate>
  </xsl:template>
</xsl:stylesheet>
`;
