import { useEffect, useRef } from 'react';

/**
 * Ctrl/Cmd+S saves and Escape closes, also while typing in an input. Escape is left alone while a
 * dropdown is open (its own Escape closes it) or a dialog is on top.
 */
export function useFormKeys(handlers: { onSave?: () => void; onClose?: () => void }) {
  const ref = useRef(handlers);
  ref.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's' && ref.current.onSave) {
        e.preventDefault();
        ref.current.onSave();
        return;
      }
      if (e.key === 'Escape' && ref.current.onClose) {
        const target = e.target as HTMLElement | null;
        if (target?.getAttribute?.('aria-expanded') === 'true') return;
        const overlays = document.querySelectorAll('.mantine-Modal-content, .mantine-Popover-dropdown');
        if ([...overlays].some((el) => el.getClientRects().length > 0)) return;
        ref.current.onClose();
      }
    };
    // Capture phase: decide before a dropdown's own Escape handler closes it (and hides the evidence).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
