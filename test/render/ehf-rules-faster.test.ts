/**
 * The build-time rewrites of the official rules that leave out unseen work (scripts/ehf-rules-faster.mjs) change only
 * what keeps each rule's meaning: a whole-document scan is read from a variable only when its predicate cannot be
 * positional and it starts an absolute path; only the tests of asserts are touched, never the text the SVRL prints;
 * the unnamed-mode walks go only when nothing could match in them; attributes leave a walk only when no rule of that
 * mode can match one. The corpus test (ehf-corpus.test.ts) proves the built rules give the Java validator's answers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { booleanPredicate, dropDefaultWalks, elementWalks, hoistDocumentScans, hoistableSteps } from '../../scripts/ehf-rules-faster.mjs';
import { rulesDir } from '../../main/render/ehf/rules/rules-dir.js';
import { ehfRulesPresent } from '../helpers/ehf-validator.js';

const keys = (test: string) => hoistableSteps(test).map((s) => s.key);

describe('hoisting whole-document scans', () => {
  test('only the first step of an absolute path, with no predicate or a boolean one', () => {
    expect(keys("exists(//cac:TaxCategory[normalize-space(cbc:ID) = 'AE']/cbc:ID)")).toEqual(['cac:TaxCategory']);
    expect(keys('not(//cac:Price) and count(//cac:InvoiceLine) &gt; 0')).toEqual(['cac:Price', 'cac:InvoiceLine']);
    expect(keys('sum(//(cac:InvoiceLine|cac:CreditNoteLine)/xs:decimal(cbc:LineExtensionAmount))')).toEqual(['(cac:InvoiceLine|cac:CreditNoteLine)']);
    expect(keys('exists(//cac:AllowanceCharge[cbc:ChargeIndicator=false()])')).toEqual(['cac:AllowanceCharge']);
    expect(keys('//cac:Party[cac:PartyTaxScheme]')).toEqual(['cac:Party']);
  });

  test('never a positional predicate, a relative path, a function call or text inside a string', () => {
    expect(keys('exists(//cac:TaxTotal[1])')).toEqual([]);
    expect(keys('exists(//cac:TaxTotal[last()])')).toEqual([]);
    expect(keys('exists(//cac:TaxTotal[position() = 2])')).toEqual([]);
    expect(keys('exists(//cac:TaxTotal[$n])')).toEqual([]);
    expect(keys('exists(//cac:TaxTotal[xs:integer(cbc:X)])')).toEqual([]);
    expect(keys('exists(cac:Party//cac:Contact)')).toEqual([]);
    expect(keys("matches(cbc:URI, 'https://x')")).toEqual([]);
    expect(keys('exists(//@schemeID)')).toEqual([]);
    expect(booleanPredicate("if (a) then 1 else 2")).toBe(false);
    expect(booleanPredicate('cbc:ID = 1 and cbc:Name')).toBe(true);
  });

  test('a scan used twice in a template becomes one variable; the SVRL text and single uses stay as published', () => {
    const xslt = `<xsl:template match="/ubl:Invoice" mode="M7" priority="1">
<xsl:choose><xsl:when test="exists(//cac:Price) or not(//cac:Price[cbc:X = 'a'])"/><xsl:otherwise><svrl:failed-assert test="exists(//cac:Price)"/></xsl:otherwise></xsl:choose>
<xsl:choose><xsl:when test="exists(//cac:Delivery)"/></xsl:choose>
</xsl:template>`;
    const r = hoistDocumentScans(xslt);
    expect(r.hoisted).toBe(2);
    expect(r.xslt).toContain('<xsl:variable name="kvitt-d-cac-Price" select="root(.)//cac:Price"/>');
    expect(r.xslt).toContain(`test="exists($kvitt-d-cac-Price) or not($kvitt-d-cac-Price[cbc:X = 'a'])"`);
    expect(r.xslt).toContain('<svrl:failed-assert test="exists(//cac:Price)"/>');
    expect(r.xslt).toContain('test="exists(//cac:Delivery)"');
  });
});

describe('walks that see nothing', () => {
  const root = (extra: string) => `<xsl:stylesheet><xsl:template match="text()" priority="-1" />${extra}
<xsl:template match="/"><out><svrl:active-pattern><xsl:apply-templates /></svrl:active-pattern><xsl:apply-templates mode="M1" select="/" /></out></xsl:template>
<xsl:template match="cac:Party" mode="M1" priority="1"><a/><xsl:apply-templates mode="M1" select="@*|*" /></xsl:template>
<xsl:template match="@*|node()" mode="M1" priority="-2"><xsl:apply-templates mode="M1" select="@*|*" /></xsl:template></xsl:stylesheet>`;

  test('the unnamed-mode walk goes only when the unnamed mode can write nothing', () => {
    expect(dropDefaultWalks(root('')).dropped).toBe(1);
    expect(dropDefaultWalks(root('<xsl:template match="cbc:Note"><x/></xsl:template>')).dropped).toBe(0);
  });

  test('attributes leave a mode\'s walk only when none of its rules can match one', () => {
    expect(elementWalks(root('')).walks).toBe(2);
    const withAttributeRule = root('<xsl:template match="cbc:ID/@schemeID" mode="M1" priority="2"><b/></xsl:template>');
    expect(elementWalks(withAttributeRule).walks).toBe(0);
    const predicateOnly = root('<xsl:template match="cbc:ID[@schemeID = \'0192\']" mode="M1" priority="2"><b/></xsl:template>');
    expect(elementWalks(predicateOnly).walks).toBe(2);
  });
});

describe.skipIf(!ehfRulesPresent())('the built rules', () => {
  test('the official rule sets were built with the rewrites (the manifest says what each changed)', () => {
    const rules = rulesDir()!;
    const manifest = JSON.parse(readFileSync(`${rules.dir}/manifest.json`, 'utf8'));
    expect(manifest.rewrites['CEN-EN16931-UBL'].hoistedScans).toBeGreaterThan(100);
    expect(manifest.rewrites['CEN-EN16931-UBL'].droppedWalks).toBe(3);
    expect(manifest.rewrites['PEPPOL-EN16931-UBL'].droppedWalks).toBeGreaterThan(10);
  });
});
