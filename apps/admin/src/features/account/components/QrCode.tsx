import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Skeleton } from 'antd';

/** A QR code of `text` as a data: picture (the console's CSP allows img-src data:). */
export function QrCode({ text, size = 176, className }: { text: string; size?: number; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setUrl(null);
    QRCode.toDataURL(text, { width: size * 2, margin: 1, errorCorrectionLevel: 'M' })
      .then((u) => live && setUrl(u))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!url) return <Skeleton.Node active style={{ width: size, height: size }} />;
  return (
    <img src={url} width={size} height={size} alt="身份验证器绑定二维码" className={className} data-testid="totp-qr" />
  );
}
