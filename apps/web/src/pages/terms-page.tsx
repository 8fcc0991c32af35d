import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';

/** /terms: terms of use. */
export function TermsPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.terms.title')}
      updated={t('legal.updated')}
      sections={[
        { title: t('legal.terms.serviceTitle'), body: t('legal.terms.service') },
        { title: t('legal.terms.accountTitle'), body: t('legal.terms.account') },
        { title: t('legal.terms.useTitle'), body: t('legal.terms.use') },
        { title: t('legal.terms.liabilityTitle'), body: t('legal.terms.liability') },
      ]}
    />
  );
}
