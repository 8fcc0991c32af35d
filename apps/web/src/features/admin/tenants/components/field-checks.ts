import { useTranslation } from 'react-i18next';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form checks of the tenant area, with their translated messages (null when the value is fine). */
export function useFieldChecks() {
  const { t } = useTranslation('adminTenants');
  return {
    name: (value: string) => (value.trim() ? null : t('errors.nameRequired')),
    email: (value: string) => (EMAIL.test(value.trim()) ? null : t('errors.emailInvalid')),
    /** optional: empty means "mail a link" */
    password: (value: string) => (value === '' || value.length >= 8 ? null : t('errors.passwordShort')),
  };
}
