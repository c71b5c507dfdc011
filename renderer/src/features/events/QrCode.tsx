import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A QR code of `text`, drawn on this machine (npm qrcode, SVG as a data: image); nothing is fetched. */
export function QrCode({ text, alt, size = 132 }: { text: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  return src ? <img src={src} alt={alt} width={size} height={size} data-testid="public-qr" data-qr-text={text} /> : null;
}
