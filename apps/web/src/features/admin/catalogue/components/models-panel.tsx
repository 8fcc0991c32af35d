import type { DeviceModel } from '@waymark/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import type { AdminColumn } from '../../shared/admin-list';
import { deleteModel } from '../catalogue.api';
import { catalogueKeys, useModelPageQuery } from '../catalogue.queries';
import { CataloguePanel } from './catalogue-panel';
import { ModelFormModal } from './model-form-modal';

/** The device models: name, port, protocol, manufacturer and devices using each; platform staff edit them. */
export function ModelsPanel() {
  const { t } = useTranslation('adminCatalogue');
  const columns: AdminColumn<DeviceModel>[] = [
    { key: 'name', label: t('models.name'), sortable: true, render: (m) => m.name },
    { key: 'port', label: t('models.port'), sortable: true, render: (m) => m.port ?? t('none') },
    { key: 'protocol', label: t('models.protocol'), sortable: true, render: (m) => m.protocol ?? t('none') },
    {
      key: 'manufacturerName',
      label: t('models.manufacturer'),
      sortable: true,
      render: (m) => m.manufacturerName ?? t('none'),
    },
    { key: 'deviceCount', label: t('models.devices'), sortable: true, render: (m) => m.deviceCount },
  ];
  return (
    <CataloguePanel<DeviceModel>
      texts="models"
      flag="VIEW_MODELS"
      columns={columns}
      usePage={useModelPageQuery}
      remove={deleteModel}
      invalidates={[catalogueKeys.models(), catalogueKeys.manufacturers()]}
      form={(model, onClose) => <ModelFormModal model={model} onClose={onClose} />}
      minWidth={560}
    />
  );
}
