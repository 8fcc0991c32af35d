import {
  Accordion,
  Alert,
  Button,
  Code,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPlay } from '@tabler/icons-react';
import {
  COMPUTED_TYPES,
  type ComputedAttributeDto,
  computedAttributeInputSchema,
} from '@waymark/contracts/computed-attribute';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions';
import { useErrorText } from '../../../lib/error-text';
import { zodValidate } from '../../../lib/forms';
import { notifyOutcome } from '../../../lib/notify';
import { useDevicesQuery, useLatestPositionsQuery } from '../../devices/devices.queries';
import { useSaveComputedAttributeMutation, useTestExpressionMutation } from '../computed-attributes.queries';
import { ExpressionHelp } from './expression-help';

type ComputedType = (typeof COMPUTED_TYPES)[number];

interface Values {
  description: string;
  attribute: string;
  expression: string;
  type: ComputedType;
  priority: number | string;
}

const toInput = (v: Values) => ({
  description: v.description,
  attribute: v.attribute,
  expression: v.expression,
  type: v.type,
  priority: typeof v.priority === 'number' ? v.priority : 0,
});

/** How a tested value reads: text in quotes, so that an empty or numeric-looking string is told apart. */
const shown = (value: string | number | boolean) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/**
 * Create or edit a computed attribute, with the expression language's help and a box that runs the expression
 * on a device's latest position (the server evaluates it exactly as it will on arriving positions).
 */
export function ComputedAttributeFormModal({
  attribute,
  onClose,
}: {
  attribute?: ComputedAttributeDto;
  onClose: () => void;
}) {
  const { t } = useTranslation('computedAttributes');
  const describeError = useErrorText();
  const save = useSaveComputedAttributeMutation();
  const test = useTestExpressionMutation();
  const devices = useDevicesQuery();
  const positions = useLatestPositionsQuery();
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      description: attribute?.description ?? '',
      attribute: attribute?.attribute ?? '',
      expression: attribute?.expression ?? '',
      type: (attribute?.type as ComputedType | undefined) ?? 'number',
      priority: attribute?.priority ?? 0,
    },
    validate: zodValidate(computedAttributeInputSchema, toInput, (issue) =>
      issue.code === 'too_small' ? t('validation.required') : t('validation.invalid'),
    ),
    onValuesChange: () => test.reset(),
  });
  const position = deviceId ? positions.data?.find((p) => p.deviceId === Number(deviceId)) : undefined;
  const deviceAttributes = position ? Object.keys(position.attributes).sort() : undefined;

  const submit = form.onSubmit((v) =>
    save.mutate(
      { id: attribute?.id, input: computedAttributeInputSchema.parse(toInput(v)) },
      notifyOutcome(
        attribute ? t('updated') : t('created'),
        attribute ? t('updateFailed') : t('createFailed'),
        onClose,
      ),
    ),
  );
  const runTest = () => {
    const { expression, type } = form.getValues();
    if (!deviceId) return;
    if (!expression.trim()) {
      form.setFieldError('expression', t('validation.required'));
      return;
    }
    test.mutate({ deviceId: Number(deviceId), expression, type });
  };
  const insert = (name: string) => {
    const current = form.getValues().expression;
    form.setFieldValue('expression', current && !/\s$/.test(current) ? `${current} ${name}` : `${current}${name}`);
  };

  return (
    <Modal opened onClose={onClose} title={attribute ? t('edit') : t('add')} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.description')} required data-autofocus {...form.getInputProps('description')} />
            <TextInput
              label={t('fields.attribute')}
              description={t('attributeHint')}
              required
              {...form.getInputProps('attribute')}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.expression')}
            description={t('expressionHint')}
            required
            rows={3}
            ff="monospace"
            {...form.getInputProps('expression')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="computed-type-label">
                {t('fields.type')}
              </Text>
              <SegmentedControl
                aria-labelledby="computed-type-label"
                data={COMPUTED_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
                {...form.getInputProps('type')}
              />
            </Stack>
            <NumberInput
              label={t('fields.priority')}
              description={t('priorityHint')}
              allowDecimal={false}
              {...form.getInputProps('priority')}
            />
          </SimpleGrid>
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <Text fw={500} size="sm">
                {t('test.title')}
              </Text>
              <Group align="flex-end" wrap="nowrap">
                <Select
                  label={t('test.device')}
                  placeholder={t('test.devicePlaceholder')}
                  data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                  value={deviceId}
                  onChange={(value) => {
                    setDeviceId(value);
                    test.reset();
                  }}
                  searchable
                  nothingFoundMessage={t('noMatch')}
                  style={{ flex: 1 }}
                />
                <Button
                  variant="light"
                  leftSection={<IconPlayerPlay size={16} />}
                  onClick={runTest}
                  disabled={!deviceId}
                  loading={test.isPending}
                >
                  {t('test.run')}
                </Button>
              </Group>
              {test.isSuccess ? (
                <Alert color={test.data === null ? 'yellow' : 'teal'} role="status">
                  {test.data === null ? (
                    t('test.noValue')
                  ) : (
                    <>
                      {t('test.result')} <Code>{shown(test.data)}</Code>
                    </>
                  )}
                </Alert>
              ) : null}
              {test.isError ? (
                <Alert color="red" role="alert" title={t('test.failed')}>
                  {describeError(test.error)}
                </Alert>
              ) : null}
            </Stack>
          </Paper>
          <Accordion variant="contained">
            <Accordion.Item value="help">
              <Accordion.Control>{t('help.title')}</Accordion.Control>
              <Accordion.Panel>
                <ExpressionHelp deviceAttributes={deviceAttributes} onInsert={insert} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          <FormActions cancelLabel={t('cancel')} saveLabel={t('save')} onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
