import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { SimCard } from '@waymark/contracts/sim';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminMutation } from '../../shared/use-admin-mutation';
import { setSimDevice } from '../catalogue.api';
import { catalogueKeys, useDevicesQuery } from '../catalogue.queries';

/** The device the card sits in (or none), and for writers: put it in a device or take it out. */
export function SimDeviceCard({ sim, canWrite }: { sim: SimCard; canWrite: boolean }) {
  const { t } = useTranslation('adminCatalogue');
  const [picking, setPicking] = useState(false);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const devices = useDevicesQuery(picking);
  const move = useAdminMutation({
    mutationFn: setSimDevice,
    invalidates: [catalogueKeys.sims()],
    success: (_, v) => (v.deviceId === null ? t('sims.removedFromDevice') : t('sims.insertedInDevice')),
    failure: t('sims.deviceFailed'),
    onSuccess: () => {
      setPicking(false);
      setDeviceId(null);
    },
  });
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={4}>{t('sims.device')}</Title>
        {sim.device ? (
          <Text>
            {sim.device.name}{' '}
            <Text span c="dimmed" size="sm">
              ({sim.device.uniqueId})
            </Text>
          </Text>
        ) : (
          <Text c="dimmed">{t('sims.noDevice')}</Text>
        )}
        {canWrite && sim.status !== 'RETIRED' ? (
          picking ? (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('sims.pickDevice')}
                searchable
                w={{ base: '100%', xs: 280 }}
                value={deviceId}
                onChange={setDeviceId}
                data={(devices.data ?? []).map((d) => ({ value: String(d.id), label: `${d.name} (${d.uniqueId})` }))}
              />
              <Button
                disabled={!deviceId}
                loading={move.isPending}
                onClick={() => move.mutate({ id: sim.id, deviceId: Number(deviceId) })}
              >
                {t('sims.insert')}
              </Button>
              <Button variant="default" onClick={() => setPicking(false)}>
                {t('cancel')}
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button variant="light" onClick={() => setPicking(true)}>
                {sim.device ? t('sims.moveToDevice') : t('sims.putInDevice')}
              </Button>
              {sim.device ? (
                <Button
                  variant="subtle"
                  color="red"
                  loading={move.isPending}
                  onClick={() => move.mutate({ id: sim.id, deviceId: null })}
                >
                  {t('sims.takeOut')}
                </Button>
              ) : null}
            </Group>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
