import { NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type DeviceModel,
  deviceModelInputSchema,
  PORT_MAX,
  PORT_ZERO_MESSAGE,
  type ProtocolPort,
} from '@waymark/contracts/catalogue';
import { useTranslation } from 'react-i18next';
import { zodValidate } from '../../../../lib/forms';
import { AdminFormModal } from '../../shared/admin-form-modal';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { saveModel } from '../catalogue.api';
import { catalogueKeys, useAllManufacturersQuery, useProtocolsQuery } from '../catalogue.queries';

interface Values {
  name: string;
  port: number | string;
  manufacturerId: string | null;
}

const toInput = (v: Values) => ({
  name: v.name,
  port: typeof v.port === 'number' ? v.port : undefined,
  manufacturerId: v.manufacturerId ? Number(v.manufacturerId) : null,
});

/** The protocol served on `port`, from the platform's protocol list. */
export function protocolOf(protocols: readonly ProtocolPort[] | undefined, port: number | string) {
  return typeof port === 'number' ? protocols?.find((p) => p.port === port)?.protocol : undefined;
}

/** Create or edit a device model: its name and port ('Can't be zero'); the protocol follows from the port. */
export function ModelFormModal({ model, onClose }: { model?: DeviceModel; onClose: () => void }) {
  const { t } = useTranslation('adminCatalogue');
  const protocols = useProtocolsQuery();
  const manufacturers = useAllManufacturersQuery();
  const form = useForm<Values>({
    initialValues: {
      name: model?.name ?? '',
      port: model?.port ?? '',
      manufacturerId: model?.manufacturerId ? String(model.manufacturerId) : null,
    },
    validate: zodValidate(deviceModelInputSchema, toInput, (issue) => {
      if (issue.path[0] === 'port')
        return issue.message === PORT_ZERO_MESSAGE ? t('models.portZero') : t('models.portRange', { max: PORT_MAX });
      return issue.code === 'too_small' ? t('required') : t('invalid');
    }),
  });
  const mutation = useAdminMutation({
    mutationFn: saveModel,
    invalidates: [catalogueKeys.models(), catalogueKeys.manufacturers()],
    success: model ? t('models.updated') : t('models.created'),
    failure: model ? t('models.updateFailed') : t('models.createFailed'),
    onSuccess: onClose,
  });
  const port = form.values.port;
  const protocol = protocolOf(protocols.data, port);
  return (
    <AdminFormModal
      opened
      title={model ? t('models.edit') : t('models.create')}
      onClose={onClose}
      submitting={mutation.isPending}
      onSubmit={form.onSubmit((v) =>
        mutation.mutate({ id: model?.id, input: deviceModelInputSchema.parse(toInput(v)) }),
      )}
      size="md"
    >
      <TextInput label={t('models.name')} required data-autofocus {...form.getInputProps('name')} />
      <NumberInput
        label={t('models.port')}
        required
        allowDecimal={false}
        allowNegative
        hideControls
        {...form.getInputProps('port')}
      />
      <Text size="sm" c={protocol || typeof port !== 'number' ? 'dimmed' : 'orange'} data-testid="model-protocol">
        {typeof port !== 'number'
          ? t('models.protocolHint')
          : protocol
            ? t('models.protocolIs', { protocol })
            : t('models.noProtocol', { port })}
      </Text>
      <Select
        label={t('models.manufacturer')}
        clearable
        searchable
        data={(manufacturers.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
        {...form.getInputProps('manufacturerId')}
      />
    </AdminFormModal>
  );
}
