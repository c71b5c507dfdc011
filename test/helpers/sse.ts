/**
 * A real server-sent-events client over fetch for GET /_events: collects the events as they arrive (`event:` and the
 * parsed `data:` of each block). `close()` ends the stream.
 */
export interface SseEvent {
  event: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function listenEvents(base: string, headers: Record<string, string>): Promise<{ res: Response; events: SseEvent[]; close(): Promise<void> }> {
  const res = await fetch(`${base}/_events`, { headers });
  const events: SseEvent[] = [];
  if (res.status !== 200 || !res.body) return { res, events, close: async () => {} };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
    }
  })();
  return { res, events, close: () => reader.cancel().catch(() => undefined) };
}
