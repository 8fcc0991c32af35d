import type { TFunction } from 'i18next';

/** Field validators for @mantine/form returning translated messages (null when valid). */
export function validators(t: TFunction) {
  return {
    email: (value: string) => {
      if (!value.trim()) return t('validation.emailRequired');
      return /^[^\s@]+@[^\s@]+$/.test(value.trim()) ? null : t('validation.emailInvalid');
    },
    password: (value: string) => (value ? null : t('validation.passwordRequired')),
    newPassword: (value: string) => {
      if (!value) return t('validation.passwordRequired');
      return value.length >= 8 ? null : t('validation.passwordTooShort');
    },
    name: (value: string) => (value.trim() ? null : t('validation.nameRequired')),
    code: (value: string) => (/^\d{6}$/.test(value.trim()) ? null : t('validation.codeInvalid')),
  };
}
