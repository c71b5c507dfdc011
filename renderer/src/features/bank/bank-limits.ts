/**
 * The most bankFiles.import takes, as the service says it (main/features/bank/bank.ops.ts MAX_FILE_BYTES;
 * test/bank/ipc-file-limit.test.ts holds the two equal): the desktop GUI refuses a larger file before reading it.
 */
export const MB = 1024 * 1024;
export const MAX_FILE_BYTES = 256 * MB;
