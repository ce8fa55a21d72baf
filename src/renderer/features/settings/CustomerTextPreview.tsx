import { useTranslation } from 'react-i18next';
import { asLanguage } from '../../../shared/language';
import { istDate } from '../../../shared/ist-date';
import { khataUpiUri } from '../../../shared/payment/khata-upi';
import { reminderText } from '../../../shared/words/khata-words';

/** A due for the example: ₹500.00 owed by a customer the example names. */
const EXAMPLE_DUE = 50_000;

/**
 * The shop's texts as a customer reads them (issue 38 item 4): the WhatsApp reminder made from the
 * shop's name, and the name and UPI ID their UPI app shows when they pay. Built by the same words
 * the reminder uses, so the owner sees what is sent, not a description of it.
 */
export function CustomerTextPreview({ shopName, upi }: { shopName: string; upi: { vpa: string; payee: string } }) {
  const { t } = useTranslation();
  const lang = asLanguage(t('meta.language'));
  const reminder = reminderText(lang, {
    shop: shopName,
    name: t('shop.preview.customer'),
    due: EXAMPLE_DUE,
    date: istDate(Date.now()),
    upiUri: khataUpiUri(upi, { amount: EXAMPLE_DUE, number: '9876500000' }, lang),
  });
  return (
    <section className="settings-card customer-preview" aria-labelledby="customer-preview-title">
      <h3 id="customer-preview-title">{t('shop.preview.title')}</h3>
      <p className="field-hint">{t('shop.preview.reminder')}</p>
      <p className="customer-preview-message" translate="no" lang={lang} data-testid="reminder-preview">
        {reminder}
      </p>
      <p className="field-hint">{t('shop.preview.upi')}</p>
      <p className="customer-preview-message" translate="no" data-testid="upi-preview">
        {upi.payee && upi.vpa ? t('shop.preview.payTo', { payee: upi.payee, vpa: upi.vpa }) : t('shop.preview.noUpi')}
      </p>
    </section>
  );
}
