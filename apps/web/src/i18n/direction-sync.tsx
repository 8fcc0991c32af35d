import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtlLanguage } from './languages';

/** Keeps Mantine's direction (and so <html dir>) in step with the language: rtl for ar, he and fa. */
export function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const language = i18n.language;
  useEffect(() => {
    setDirection(isRtlLanguage(language) ? 'rtl' : 'ltr');
  }, [language, setDirection]);
  return null;
}
