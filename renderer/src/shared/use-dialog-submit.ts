import { useRef, useState } from 'react';
import { fieldErrors, notifyError } from './errors';

/**
 * A dialog's submit (Registrer betaling, Tilbakebetaling, Tapsfør …): busy while the call is out, the service's field
 * errors under the dialog's inputs (`inputs`: the fields it shows), and an error no input shows as a notification, so
 * nothing the service said is lost. A second submit while one is out is ignored (Enter pressed twice).
 */
export function useDialogSubmit(inputs: readonly string[]) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const out = useRef(false);

  async function submit(work: () => Promise<void>): Promise<void> {
    if (out.current) return;
    out.current = true;
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (e) {
      const all = fieldErrors(e);
      const shown = Object.fromEntries(Object.entries(all).filter(([field]) => inputs.includes(field)));
      setErrors(shown);
      if (!Object.keys(shown).length || Object.keys(shown).length < Object.keys(all).length) notifyError(e);
    } finally {
      out.current = false;
      setBusy(false);
    }
  }

  return { busy, errors, setErrors, submit };
}
