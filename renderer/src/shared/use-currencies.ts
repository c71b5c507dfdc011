import { useEffect, useState } from 'react';
import { call } from '../api/client';

/** NOK and every currency with a known exchange rate (Settings, Valutakurser), for the currency select. */
export function useCurrencies(current: string): string[] {
  const [codes, setCodes] = useState<string[]>(['NOK']);
  useEffect(() => {
    let live = true;
    call('common.listExchangeRates')
      .then((rates) => live && setCodes(['NOK', ...rates.map((r) => r.currency).filter((c) => c !== 'NOK')]))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return codes.includes(current) ? codes : [...codes, current];
}
