import { Image, Skeleton } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/**
 * A QR code of `value` (the Traccar Client app's settings), drawn as an image once encoded. Encoded as SVG text, not
 * on a canvas: the same code draws it everywhere, and it stays sharp when printed.
 */
export function ClientAppQr({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(value, { type: 'svg', margin: 1, width: 200 }).then((svg) => {
      if (current) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (!src) return <Skeleton w={200} h={200} />;
  return <Image src={src} alt={label} w={200} h={200} data-testid="client-app-qr" data-value={value} />;
}
