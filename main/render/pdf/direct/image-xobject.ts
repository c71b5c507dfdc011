/** What ./images.ts makes of an image for the PDF writer, and the error of one it cannot read. */
export class ImageUnreadable extends Error {
  constructor(reason: string) {
    super(`image cannot be read: ${reason}`);
    this.name = 'ImageUnreadable';
  }
}

export interface PdfImage {
  /** The size as displayed: a JPEG's EXIF orientation 5-8 swaps its stored width and height. */
  width: number;
  height: number;
  /** EXIF orientation 1-8 of a JPEG (how the stored pixels turn to stand upright), else 1; the writer applies it. */
  orientation: number;
  /** The XObject dictionary's entries (without << >>, /Length and /SMask). */
  dict: string;
  data: Buffer;
  /** The soft mask (alpha) image, when some pixel is not opaque. */
  smask?: { dict: string; data: Buffer };
}
