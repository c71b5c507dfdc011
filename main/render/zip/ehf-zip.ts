/**
 * A zip of EHF files built while it is sent (yazl): the caller feeds entries chunk by chunk and a summary file last.
 * `zipStream` runs the producer alongside the reader, so entries are compressed and sent as they are added.
 */
import yazl from 'yazl';

export interface ZipSink {
  add(name: string, data: Buffer): void;
}

export async function* zipStream(produce: (zip: ZipSink) => Promise<void>): AsyncGenerator<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2000-01-01T00:00:00Z');
  let failure: unknown = null;
  const done = produce({ add: (name, data) => zip.addBuffer(data, name, { mtime }) })
    .catch((e) => {
      failure = e;
    })
    .finally(() => zip.end());
  for await (const part of zip.outputStream) yield part as Buffer;
  await done;
  if (failure) throw failure;
}
