import { useEffect, useRef, useState } from 'react';
import { ApiError, type FieldError } from '../../api/client';
import { notifyError, notifyOk } from '../../shared/errors';
import { useUnsavedGuard } from '../../shared/unsaved.store';
import { useFormKeys } from '../../shared/use-form-keys';
import { useOneAtATime } from '../../shared/use-one-at-a-time';
import { withFieldError } from '../../shared/norwegian-fields';
import { useSettings } from './settings.store';
import type { Settings } from './settings.types';

/**
 * One settings tab's form: values start from the stored section, save sends the section through
 * settings.update, and the service's field errors (e.g. company.orgNumber) land next to their inputs.
 */
export function useSectionForm<S extends 'company' | 'invoicing' | 'api' | 'dunning' | 'accounting', V>(
  section: S,
  fromSettings: (s: Settings[S]) => V,
  toPatch: (v: V) => Record<string, unknown>,
  savedText: string,
) {
  const stored = useSettings((s) => s.settings?.[section] ?? null) as Settings[S] | null;
  const [values, setValues] = useState<V | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The values follow the stored section until the person changes one. The screen shows the cached settings at once and
  // fetches them again; a newer section (changed by another user, over the API, in another window) replaced nothing, so
  // the tab counted as changed though nobody had typed, and Lagre wrote the older values back over the newer ones.
  const shownFrom = useRef<Settings[S] | null>(null);
  const from = useRef(fromSettings);
  from.current = fromSettings;
  useEffect(() => {
    if (!stored || stored === shownFrom.current) return;
    const base = shownFrom.current;
    shownFrom.current = stored;
    const untouched = (v: V | null) => v === null || (base !== null && JSON.stringify(v) === JSON.stringify(from.current(base)));
    setValues((v) => (untouched(v) ? from.current(stored) : v));
  }, [stored]);
  // Changes not yet saved: leaving the tab (another tab, the navigation, Alt+digit, closing) asks first.
  const dirty = values !== null && stored !== null && JSON.stringify(values) !== JSON.stringify(fromSettings(stored));
  /** True when saved; Ctrl+S again (or Lagre in the leave question) while a save is out is that same save. */
  const save = useOneAtATime(saveNow);
  useUnsavedGuard(`settings-${section}`, dirty, () => save());

  async function saveNow(): Promise<boolean> {
    if (!values) return false;
    setSaving(true);
    try {
      const settings = await useSettings.getState().save({ [section]: toPatch(values) });
      setValues(fromSettings(settings[section]));
      setErrors({});
      setOther([]);
      setMessage(null);
      notifyOk(savedText);
      return true;
    } catch (e) {
      const prefix = `${section}.`;
      const mine: Record<string, string> = {};
      const rest: FieldError[] = [];
      if (e instanceof ApiError) {
        for (const f of e.fields) {
          if (f.field.startsWith(prefix)) mine[f.field] ??= f.message;
          else rest.push(f);
        }
      }
      setErrors(mine);
      setOther(rest);
      setMessage(e instanceof ApiError && e.status === 409 ? e.message : null);
      if (!(e instanceof ApiError) || ![400, 409].includes(e.status)) notifyError(e);
      return false;
    } finally {
      setSaving(false);
    }
  }

  useFormKeys({ onSave: () => void save() });
  const set = <K extends keyof V>(key: K, v: V[K]) => setValues((s) => (s ? { ...s, [key]: v } : s));
  /** A check made in the form (a field left with a wrong number): its message beside the input, or gone (null). */
  const setFieldError = (path: string, error: string | null) => setErrors((errs) => withFieldError(errs, path, error));
  return { values, set, errors, setFieldError, other, message, saving, save };
}
