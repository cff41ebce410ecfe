import { scanAlipay } from '@app/protocol/calls/pay';
import { useEffect, useState } from 'react';
import { callApi } from '../../lib/api/call-api';

/**
 * PC scan pay: pay.scan.alipay answers the code; it is drawn as a QR code (uqr, loaded only here)
 * for the buyer's phone. The cashier keeps asking for the order (or deposit), and moves on once it is paid.
 */
export function ScanPay({ bizNo, total }: { bizNo: string; total: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    (async () => {
      const answer = await callApi(scanAlipay, { bizNo, totalAmount: total, payPrice: total }).catch(() => null);
      if (!answer?.qrCode || !live) return setFailed(true);
      const url = new URL(answer.qrCode, globalThis.location.origin).toString();
      const { renderSVG } = await import('uqr');
      if (!live) return;
      setLink(url);
      setSvg(renderSVG(url, { border: 2 }));
    })();
    return () => {
      live = false;
    };
  }, [bizNo, total]);
  if (failed) return <p className="muted">二维码生成失败，请刷新重试</p>;
  return (
    <div className="scan-pay" data-testid="scan-pay">
      {svg ? (
        // The SVG is drawn by uqr from our own URL: no user text inside.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: generated QR code markup
        <div className="scan-qr" dangerouslySetInnerHTML={{ __html: svg }} data-testid="scan-qr" data-link={link} />
      ) : (
        <div className="scan-qr skeleton" />
      )}
      <p>请使用支付宝扫一扫完成支付</p>
      {link ? (
        <a className="link" href={link} target="_blank" rel="noreferrer">
          在新窗口打开收银台
        </a>
      ) : null}
    </div>
  );
}
