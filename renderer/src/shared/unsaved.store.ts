import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { create } from 'zustand';

/**
 * Unsaved changes: a screen with a form (the document editor) says it is `dirty` and how to save; the
 * shell then asks "Lagre / Forkast / Avbryt" before leaving it. The hash router cannot block, so leaving is
 * caught where it starts: nav links and shortcuts (guardedNavigate), browser back/forward (a popstate
 * listener that runs before the router's) and closing or reloading the window (beforeunload).
 */
export type Leave = { kind: 'to'; to: string } | { kind: 'close' };

interface UnsavedState {
  dirty: boolean;
  /** The screen that reported the changes; only it can clear them (a late clean-up of another screen must not). */
  owner: symbol | null;
  /** Saves the screen's changes; true when saved. */
  save: (() => Promise<boolean>) | null;
  /** Where the person wanted to go while there were changes (the question is open while set). */
  pending: Leave | null;
  setDirty(owner: symbol, dirty: boolean, save?: (() => Promise<boolean>) | null): void;
  /** The screen is going away: its changes no longer hold anyone back. */
  release(owner: symbol): void;
  ask(leave: Leave): void;
  cancel(): void;
}

export const useUnsaved = create<UnsavedState>((set) => ({
  dirty: false,
  owner: null,
  save: null,
  pending: null,
  setDirty: (owner, dirty, save = null) =>
    set((s) => (dirty ? { dirty, owner, save } : s.owner === owner || s.owner === null ? { dirty: false, owner: null, save: null } : s)),
  release: (owner) => set((s) => (s.owner === owner ? { dirty: false, owner: null, save: null } : s)),
  ask: (pending) => set({ pending }),
  cancel: () => set({ pending: null }),
}));

/**
 * The one guard every form uses (the document editor, the customer form, each Settings tab): while `dirty`, leaving
 * asks Lagre / Forkast / Avbryt, and Lagre runs `save` (true when saved). Call the returned `touch` on every edit: the
 * shell may have cleared the flag (Forkast) while the form stayed open, and the next edit must guard again.
 */
export function useUnsavedGuard(name: string, dirty: boolean, save: () => Promise<boolean>): () => void {
  const [owner] = useState(() => Symbol(name));
  const saveRef = useRef(save);
  saveRef.current = save;
  const forShell = useCallback(() => saveRef.current(), []);
  useEffect(() => {
    useUnsaved.getState().setDirty(owner, dirty, forShell);
  }, [dirty, owner, forShell]);
  useEffect(() => () => useUnsaved.getState().release(owner), [owner]);
  return useCallback(() => useUnsaved.getState().setDirty(owner, true, forShell), [owner, forShell]);
}

/** navigate(to), unless there are unsaved changes: then the question is asked first. */
export function useGuardedNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      const s = useUnsaved.getState();
      if (s.dirty) s.ask({ kind: 'to', to });
      else navigate(to);
    },
    [navigate],
  );
}

/** The screen on show: its address and history state, to put back when a back/forward is held. */
let shown: { url: string; state: unknown } | null = null;
export function rememberShown() {
  shown = { url: window.location.href, state: window.history.state };
}

/** Goes where the person wanted, after the changes were saved or discarded. */
export function leave(to: Leave, navigate: (to: string) => void) {
  if (to.kind === 'to') navigate(to.to);
  else window.close();
}

/**
 * Installed once, when this module loads: before the HashRouter subscribes, so this popstate listener
 * runs first and can keep the router from seeing a back/forward while there are changes. The address the
 * browser went to is put back (as a new entry, the router's state with it) and becomes the place to go
 * once the person has chosen.
 */
function install() {
  if (typeof window === 'undefined') return;
  window.addEventListener(
    'popstate',
    (e) => {
      const s = useUnsaved.getState();
      if (!s.dirty || !shown || window.location.href === shown.url) return;
      e.stopImmediatePropagation();
      const to = window.location.hash.replace(/^#/, '') || '/';
      window.history.pushState(shown.state, '', shown.url);
      s.ask({ kind: 'to', to });
    },
    true,
  );
  window.addEventListener('beforeunload', (e) => {
    const s = useUnsaved.getState();
    if (!s.dirty) return;
    e.preventDefault();
    e.returnValue = '';
    // Electron shows no dialog of its own for a refused unload: ask in the window instead.
    if (window.api) s.ask({ kind: 'close' });
  });
}
install();
