import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import zhHant from '@/locales/zh-Hant.json';

export const defaultNS = 'translation';

/**
 * The user-facing app is Traditional Chinese only. Admin screens are English; their text lives
 * in the `en` namespace of the same language so a component picks it with useTranslation('en').
 */
export const resources = {
  'zh-Hant': { translation: zhHant, en },
} as const;

void i18n.use(initReactI18next).init({
  lng: 'zh-Hant',
  fallbackLng: 'zh-Hant',
  defaultNS,
  ns: ['translation', 'en'],
  resources,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
