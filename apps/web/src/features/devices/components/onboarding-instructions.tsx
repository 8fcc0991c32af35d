import { ActionIcon, Code, CopyButton, Group, List, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { setupSms } from '@waymark/protocols/setup';
import { useTranslation } from 'react-i18next';
import { type Choice, clientAppUrl } from '../onboarding-choices';
import { ClientAppQr } from './client-app-qr';

function Copy({ value }: { value: string }) {
  const { t } = useTranslation('devices');
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t('onboarding.copied') : t('onboarding.copy')}>
          <ActionIcon variant="subtle" onClick={copy} aria-label={t('onboarding.copy')}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * What to set on the device: the server's address and its protocol's port, then the make's way of setting them —
 * the QR code of the phone app, the SMS the tracker takes, or its maker's configuration tool.
 */
export function SetupInstructions({ choice, host, uniqueId }: { choice: Choice; host: string; uniqueId: string }) {
  const { t } = useTranslation('devices');
  const { setup, listener } = choice;
  const sms = setupSms(setup, host, listener.port);
  const appUrl = clientAppUrl(host, listener.port, uniqueId);
  return (
    <Stack gap="md">
      <Title order={3} fz="h5">
        {t('onboarding.settingsTitle')}
      </Title>
      <Table variant="vertical" withTableBorder aria-label={t('onboarding.settingsTitle')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={180}>{t('onboarding.server')}</Table.Th>
            <Table.Td data-testid="onboarding-host">{host}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('onboarding.port')}</Table.Th>
            <Table.Td data-testid="onboarding-port">
              {listener.port} ({listener.transports.map((x) => x.toUpperCase()).join(', ')})
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('onboarding.protocol')}</Table.Th>
            <Table.Td>{listener.protocol}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t('onboarding.identifier')}</Table.Th>
            <Table.Td>{uniqueId}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {setup.app ? (
        <Stack gap="xs">
          <Text size="sm">{t('onboarding.appSteps')}</Text>
          <Group align="flex-start" gap="lg">
            <ClientAppQr value={appUrl} label={t('onboarding.qrLabel')} />
            <List size="sm" type="ordered" maw={360}>
              <List.Item>{t('onboarding.appInstall')}</List.Item>
              <List.Item>{t('onboarding.appScan')}</List.Item>
              <List.Item>
                {t('onboarding.appManual')} <Code data-testid="onboarding-app-url">{appUrl}</Code>{' '}
                <Copy value={appUrl} />
              </List.Item>
              <List.Item>{t('onboarding.appStart')}</List.Item>
            </List>
          </Group>
        </Stack>
      ) : sms ? (
        <Stack gap="xs">
          <Text size="sm">{t('onboarding.smsSteps')}</Text>
          <Group gap="xs" wrap="nowrap">
            {/* white-space kept: Teltonika's SMS starts with two spaces */}
            <Code block data-testid="onboarding-sms" style={{ whiteSpace: 'pre' }}>
              {sms}
            </Code>
            <Copy value={sms} />
          </Group>
          {setup.smsChecked ? null : (
            <Text size="sm" c="orange" data-testid="onboarding-sms-unchecked">
              {t('onboarding.smsUnchecked')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('onboarding.smsNote')}
          </Text>
        </Stack>
      ) : (
        <Text size="sm">{t('onboarding.toolSteps')}</Text>
      )}
    </Stack>
  );
}
