import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import zhHant from '@/locales/zh-Hant.json';

export const defaultNS = 'translation';

/**
 * The user-facing app is Traditional Chinese only. Admin screens are English; their text lives
 * in the `en` namespace of the same language so a component picks it with useTranslation('en').
 * The text is in two files: `zh-Hant.json` holds what the first screen (the search page, its
 * header and footer) shows, the rest is in `zh-Hant.later.json` and `en.json`, downloaded with
 * the first screen loaded on demand (`withText`), so the first visit does not carry every
 * screen's text (ADR 70; `i18n.test.ts` checks the first file covers every key the first
 * screen's code names). The types see one whole resource.
 */
export type Resources = {
  translation: typeof zhHant & typeof import('@/locales/zh-Hant.later.json');
  en: typeof import('@/locales/en.json');
};

void i18n.use(initReactI18next).init({
  lng: 'zh-Hant',
  fallbackLng: 'zh-Hant',
  defaultNS,
  ns: ['translation', 'en'],
  resources: { 'zh-Hant': { translation: zhHant } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

let laterText: Promise<void> | undefined;

/** The text of every other screen, added to the first screen's once; a failed download is tried again. */
export function loadLaterText(): Promise<void> {
  laterText ??= Promise.all([import('@/locales/zh-Hant.later.json'), import('@/locales/en.json')]).then(
    ([later, en]) => {
      i18n.addResourceBundle('zh-Hant', 'translation', later.default, true, false);
      i18n.addResourceBundle('zh-Hant', 'en', en.default, true, false);
    },
    (cause: unknown) => {
      laterText = undefined;
      throw cause;
    },
  );
  return laterText;
}

/** A module loaded on demand, resolved once its screen's text is there too. */
export async function withText<T>(load: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([load, loadLaterText()]);
  return loaded;
}

export default i18n;
