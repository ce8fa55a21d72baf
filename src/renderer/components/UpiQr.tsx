import { useTranslation } from 'react-i18next';
import { useFormat } from '../hooks/use-format';
import { QrSvg } from './QrSvg';

/**
 * A dynamic UPI QR, drawn as one SVG path (offline, crisp at any size) with the quiet zone around
 * it; below, whom and how much, so the shopkeeper can read it out as the customer scans.
 */
export function UpiQr({ uri, amount, payee, saleRef }: { uri: string; amount: number; payee: string; saleRef: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <figure className="upi-qr">
      <QrSvg text={uri} label={t('pay.qrLabel', { amount: f.money(amount) })} />
      <figcaption>
        <span>{t('pay.scan', { amount: f.money(amount), payee })}</span>
        <span className="mono">{t('pay.saleRef', { ref: saleRef })}</span>
      </figcaption>
    </figure>
  );
}
