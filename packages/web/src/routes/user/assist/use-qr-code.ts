import { useEffect, useState } from 'react';

/**
 * A QR code picture (data URL) for a text. The encoder loads only here, on first use, so it never
 * weighs on other pages. Empty until ready (or if it cannot be drawn: the link is still shown).
 */
export function useQrCode(text: string): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!text) return;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 360 }))
      .then((made) => {
        if (live) setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}
