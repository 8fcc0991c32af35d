import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { BUNDLED_LANGUAGES, baseLanguage } from '../i18n/languages';
import { LanguageIcon } from './icons';

/** Menu switching between the bundled languages (en, fr, el). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = baseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('header.language')}>
          <ActionIcon variant="default" size="lg" aria-label={t('header.language')}>
            <LanguageIcon />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {BUNDLED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => void changeLanguage(language)}
            fw={language === current ? 700 : undefined}
            aria-current={language === current ? 'true' : undefined}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
