/**
 * Background work that must happen once a day while the app runs (automatic backups, the automatic dunning run):
 * `work` is called at start and then every `everyMs` (an hour); it decides itself whether today's work is done.
 * Never two at once; a failure is logged and tried again at the next check, never stopping the app. Returns the
 * function that stops the timer and waits for work under way.
 */
export function startHourlyCheck(work: () => Promise<unknown>, failureText: string, everyMs = 60 * 60 * 1000): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= work()
      .then(() => undefined)
      .catch((err) => console.error(failureText, err))
      .finally(() => (current = null));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}
