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

/** pdfmake 0.2's layout internals that fixed-blocks.ts reuses (measuring, line wrapping, style stack). */
declare module 'pdfmake/src/layoutBuilder.js' {
  const LayoutBuilder: { prototype: { buildNextLine(textNode: object): unknown; layoutDocument(...args: unknown[]): unknown } };
  export = LayoutBuilder;
}
declare module 'pdfmake/src/textTools.js' {
  class TextTools {
    constructor(fontProvider: unknown);
    buildInlines(text: unknown, styleContextStack: unknown): { items: unknown[]; minWidth: number; maxWidth: number };
  }
  export = TextTools;
}
declare module 'pdfmake/src/styleContextStack.js' {
  class StyleContextStack {
    constructor(styleDictionary: unknown, defaultStyle: unknown);
    push(item: unknown): void;
  }
  export = StyleContextStack;
}
