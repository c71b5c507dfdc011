import { useEffect } from 'react';
import { create } from 'zustand';
import { onPush } from '../../shared/push';

/** Bumped after every send, retry or print, so history panels and the outbox reload without a page reload. */
export const useSendingVersion = create<{ version: number; bump(): void }>((set) => ({
  version: 0,
  bump: () => set((s) => ({ version: s.version + 1 })),
}));

/**
 * While mounted: a shipment that changes status (the background sender, a flush, another window) bumps the version,
 * at most five times a second however many shipments a flush works.
 */
export function useLiveShipments(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onPush((e) => {
      if (e.type !== 'shipment' || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        useSendingVersion.getState().bump();
      }, 200);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
}
