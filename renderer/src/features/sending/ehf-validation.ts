/**
 * Whether this Kvitt checks every EHF against the official rules (GET /ehf/validation; docs/ehf-validation.md), asked
 * once per window: a build without the rules writes EHF files unchecked, and the send dialog says so.
 */
import { useEffect, useState } from 'react';
import { call } from '../../api/client';

interface Status { enabled: boolean; reason: string | null }
let asked: Promise<Status | null> | null = null;

export function useEhfValidation(): Status | null {
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    let live = true;
    asked ??= call('documents.ehfValidation').catch(() => ((asked = null), null));
    void asked.then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, []);
  return status;
}
