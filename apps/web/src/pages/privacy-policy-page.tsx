import { useTranslation } from 'react-i18next';
import { LegalDocument } from '../components/legal-document';

/** /privacy-policy: what data is kept and why. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <LegalDocument
      title={t('legal.privacy.title')}
      updated={t('legal.updated')}
      sections={[
        { title: t('legal.privacy.dataTitle'), body: t('legal.privacy.data') },
        { title: t('legal.privacy.purposeTitle'), body: t('legal.privacy.purpose') },
        { title: t('legal.privacy.storageTitle'), body: t('legal.privacy.storage') },
        { title: t('legal.privacy.rightsTitle'), body: t('legal.privacy.rights') },
      ]}
    />
  );
}
