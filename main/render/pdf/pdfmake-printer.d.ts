/**
 * Minimal local typing of pdfmake 0.2's server-side printer (`pdfmake/src/printer`).
 * (@types/pdfmake describes the browser/0.3 API, not this module.)
 */
declare module 'pdfmake/src/printer.js' {
  interface FontFamily {
    normal: string;
    bold?: string;
    italics?: string;
    bolditalics?: string;
  }
  interface PdfKitDocument extends NodeJS.ReadableStream {
    end(): void;
  }
  class PdfPrinter {
    constructor(fonts: Record<string, FontFamily>);
    createPdfKitDocument(docDefinition: object, options?: object): PdfKitDocument;
  }
  export = PdfPrinter;
}

