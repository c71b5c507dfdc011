import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { shell } from './shell.i18n';
import { featureTexts } from './features';
import { errorTexts } from './errors.i18n';

/** Norwegian bokmål first, English second. Every label goes through t(). */
const resources = {
  nb: { translation: { ...shell.nb, ...featureTexts.nb, ...errorTexts.nb } },
  en: { translation: { ...shell.en, ...featureTexts.en, ...errorTexts.en } },
};

const saved = typeof localStorage !== 'undefined' ? localStorage.getItem('kvitt.lang') : null;

void i18n.use(initReactI18next).init({
  resources,
  lng: saved === 'en' ? 'en' : 'nb',
  fallbackLng: 'nb',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(lang: 'nb' | 'en') {
  localStorage.setItem('kvitt.lang', lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
