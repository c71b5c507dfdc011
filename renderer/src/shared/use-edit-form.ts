import { useEffect, useRef, useState } from 'react';
import { fieldErrors, notifyError } from './errors';
import { useUnsavedGuard } from './unsaved.store';
import { useFormKeys } from './use-form-keys';
import { useOneAtATime } from './use-one-at-a-time';

/**
 * The edit-form pattern of the create/edit screens: load (when editing) → edit → check locally → save, with the
 * service's field errors beside their inputs (anything no field shows becomes a notification), Ctrl/Cmd+S to save,
 * and, with `unsaved`, the Lagre / Forkast / Avbryt question before leaving changed values.
 */
export function useEditForm<F, Saved>(opts: {
  /** The values of a new record. */
  empty: F;
  /** Loads the record being edited (null: a new one); runs again when `id` changes. */
  load: (() => Promise<F>) | null;
  id: unknown;
  /** Local checks before anything is sent: field path → message (empty: fine). */
  validate?: (form: F) => Record<string, string>;
  save: (form: F) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  /** Adjusts the service's field errors (e.g. a 409 that names no field). */
  mapErrors?: (err: unknown, fields: Record<string, string>) => Record<string, string>;
  /** Names the unsaved-changes guard; without it leaving never asks. */
  unsaved?: string;
}) {
  const [form, setForm] = useState<F>(opts.empty);
  const [loaded, setLoaded] = useState(opts.load === null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const ref = useRef(opts);
  ref.current = opts;

  useEffect(() => {
    const load = ref.current.load;
    if (load === null) return;
    let live = true;
    load()
      .then((f) => {
        if (!live) return;
        setForm(f);
        setDirty(false);
        setLoaded(true);
      })
      .catch((e) => notifyError(e));
    return () => {
      live = false;
    };
  }, [opts.id]);

  /**
   * True when saved. A save asked for while one is out (Ctrl+S pressed again before the answer, Lagre in the leave
   * question) is that same save: `busy` alone let both through, and a new event was created twice (a new product's
   * second create was refused as a taken code after the first had made it). What is typed while a save is out stays
   * unsaved: the answer clears `dirty` only when nothing changed since the values were sent.
   */
  const edits = useRef(0);
  const save = useOneAtATime(saveNow);

  async function saveNow(): Promise<boolean> {
    const o = ref.current;
    const local = o.validate?.(form) ?? {};
    if (Object.keys(local).length) {
      setErrors(local);
      return false;
    }
    setBusy(true);
    const sent = edits.current;
    try {
      const saved = await o.save(form);
      if (edits.current === sent) setDirty(false);
      o.onSaved(saved);
      return true;
    } catch (e) {
      const f = o.mapErrors ? o.mapErrors(e, fieldErrors(e)) : fieldErrors(e);
      setErrors(f);
      if (!Object.keys(f).length) notifyError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }

  const touch = useUnsavedGuard(opts.unsaved ?? 'form', !!opts.unsaved && dirty, save);
  const set = (patch: Partial<F>) => {
    edits.current++;
    setForm((f) => ({ ...f, ...patch }));
    setDirty(true);
    if (opts.unsaved) touch();
  };
  // Ctrl/Cmd+S also while typing in a field, as on the customer form and in Settings (Mantine's useHotkeys skipped inputs,
  // so the key did nothing where people press it).
  useFormKeys({ onSave: () => void save() });

  return { form, set, loaded, errors, setErrors, busy, dirty, save };
}
