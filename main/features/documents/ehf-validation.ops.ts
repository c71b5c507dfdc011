/**
 * GET /ehf/validation: whether this Kvitt checks EHF files against the official rules before it writes, sends or zips
 * them (docs/ehf-validation.md), and which rules. The GUI warns where EHF is offered when it does not.
 */
import { Type } from '@sinclair/typebox';
import { defineOp } from '../../ops/define.js';
import { ehfValidationStatus } from './ehf-check.js';

export const EhfValidationView = Type.Object({
  enabled: Type.Boolean({ description: 'true: every EHF is checked (UBL 2.1 schema, EN 16931, Peppol BIS 3 with NO-R-*) before it leaves Kvitt' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'why the check is off' }),
  source: Type.Union([Type.String(), Type.Null()], { description: 'the folder the rules were built from' }),
  sourceHash: Type.Union([Type.String(), Type.Null()], { description: 'SHA-256 of the official files the rules were built from' }),
  builtAt: Type.Union([Type.String(), Type.Null()]),
  licences: Type.Record(Type.String(), Type.String(), { description: 'the licence of each set of official files' }),
});

export const ehfValidationOps = [
  defineOp({
    name: 'documents.ehfValidation',
    output: EhfValidationView,
    method: 'GET',
    path: '/ehf/validation',
    summary: 'Whether EHF files are checked against the official rules before they are written, sent or zipped, and which rules',
    run: async () => ehfValidationStatus(),
  }),
];
