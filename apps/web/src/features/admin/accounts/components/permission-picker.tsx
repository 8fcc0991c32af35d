import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Permission } from '@waymark/contracts/permissions';
import { useTranslation } from 'react-i18next';

export interface CatalogueGroup {
  submodule: string;
  permissions: { authority: Permission; name: string }[];
}

export interface PermissionPickerProps {
  catalogue: readonly CatalogueGroup[];
  value: readonly Permission[];
  onChange: (next: Permission[]) => void;
  /** The flags the editor holds: a role may grant only those, the others are shown disabled. */
  held: readonly Permission[];
}

type Tri = { checked: boolean; indeterminate: boolean };

/**
 * The flags of a role by submodule, each flag by its translated label with its code beside it, with
 * select/deselect all per submodule and overall. Flags the editor does not hold are disabled: select-all leaves
 * them as they are.
 */
export function PermissionPicker({ catalogue, value, onChange, held }: PermissionPickerProps) {
  const { t } = useTranslation('adminAccounts');
  const selected = new Set(value);
  const can = new Set(held);
  const state = (flags: readonly Permission[]): Tri => {
    const on = flags.filter((f) => selected.has(f)).length;
    return { checked: flags.length > 0 && on === flags.length, indeterminate: on > 0 && on < flags.length };
  };
  /** Turns every flag of `flags` the editor holds on or off. */
  const setAll = (flags: readonly Permission[], on: boolean) => {
    const next = new Set(selected);
    for (const flag of flags) {
      if (!can.has(flag)) continue;
      if (on) next.add(flag);
      else next.delete(flag);
    }
    // keep the catalogue's order
    onChange(catalogue.flatMap((g) => g.permissions.map((p) => p.authority)).filter((f) => next.has(f)));
  };
  const grantable = (flags: readonly Permission[]) => flags.filter((f) => can.has(f));
  const everything = catalogue.flatMap((g) => g.permissions.map((p) => p.authority));
  const overall = state(grantable(everything));

  return (
    <Stack gap="sm">
      <Checkbox
        label={t('roles.selectAll')}
        checked={overall.checked}
        indeterminate={overall.indeterminate}
        disabled={grantable(everything).length === 0}
        onChange={() => setAll(everything, !overall.checked)}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {catalogue.map((group) => {
          const flags = group.permissions.map((p) => p.authority);
          const own = state(grantable(flags));
          const title = t(`submodules.${group.submodule}`, { defaultValue: group.submodule });
          return (
            <Paper key={group.submodule} withBorder p="sm" radius="md">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{title}</Text>
                  <Checkbox
                    size="xs"
                    label={t('roles.selectSubmodule')}
                    aria-label={t('roles.selectAllOf', { submodule: title })}
                    checked={own.checked}
                    indeterminate={own.indeterminate}
                    disabled={grantable(flags).length === 0}
                    onChange={() => setAll(flags, !own.checked)}
                  />
                </Group>
                {group.permissions.map((p) => {
                  const label = t(`flags.${p.authority}`, { defaultValue: p.name });
                  const box = (
                    <Checkbox
                      key={p.authority}
                      label={<FlagLabel label={label} code={p.authority} />}
                      aria-label={label}
                      checked={selected.has(p.authority)}
                      disabled={!can.has(p.authority)}
                      onChange={(event) =>
                        onChange(
                          event.currentTarget.checked
                            ? everything.filter((f) => f === p.authority || selected.has(f))
                            : value.filter((f) => f !== p.authority),
                        )
                      }
                    />
                  );
                  return can.has(p.authority) ? (
                    box
                  ) : (
                    <Tooltip key={p.authority} label={t('roles.notHeld')} position="top-start">
                      <div>{box}</div>
                    </Tooltip>
                  );
                })}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** A flag's label, and its code dimmed beside it: admins who know the codes (API, audit log) still find them. */
function FlagLabel({ label, code }: { label: string; code: Permission }) {
  return (
    <Group gap={6} wrap="wrap" component="span">
      <span>{label}</span>
      <Text span size="xs" c="dimmed" ff="monospace">
        {code}
      </Text>
    </Group>
  );
}
