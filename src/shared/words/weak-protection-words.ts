import type { Language } from '../language';

/** What the native dialog asks before a token is kept with weak protection, in the shopkeeper's language. */
export interface WeakProtectionQuestion {
  readonly title: string;
  readonly message: string;
  readonly detail: string;
  readonly accept: string;
  readonly cancel: string;
}

export const WEAK_PROTECTION_QUESTION: Record<Language, WeakProtectionQuestion> = {
  en: {
    title: 'RechargeDesk',
    message: 'Save the API token with weaker protection?',
    detail:
      'This computer cannot lock the token with its keychain, so anyone who can use this computer account could read it and spend from your wallet. Save it only if nobody else uses this computer account.',
    accept: 'Accept and save',
    cancel: 'Do not save',
  },
  hi: {
    title: 'RechargeDesk',
    message: 'API टोकन को कमज़ोर सुरक्षा के साथ सहेजें?',
    detail:
      'यह कंप्यूटर टोकन को अपनी कीचेन से लॉक नहीं कर सकता, इसलिए इस कंप्यूटर खाते का कोई भी उसे पढ़कर आपके वॉलेट से खर्च कर सकता है। इसे तभी सहेजें जब इस कंप्यूटर खाते को कोई और इस्तेमाल न करता हो।',
    accept: 'स्वीकार करें और सहेजें',
    cancel: 'न सहेजें',
  },
};
