import { Badge, Code, Group, Stack, Table, Text } from '@mantine/core';
import { EXPRESSION_POSITION_FIELDS } from '@waymark/contracts/computed-attribute';
import { useTranslation } from 'react-i18next';

/** What the server's evaluator (JEXL, without functions or transforms) accepts, with a key naming each row. */
const SYNTAX = [
  ['arithmetic', '+  -  *  /  //  %  ^'],
  ['comparison', '==  !=  >  >=  <  <='],
  ['membership', "'x' in list, 'ab' in text"],
  ['logic', '&&  ||  !'],
  ['conditional', 'test ? a : b,  value ?: fallback'],
  ['literals', "12.5, 'text', true, [1, 2], {key: 1}"],
  ['access', "name.key, name['key'], list[0]"],
  ['filter', 'list[.value > 1]'],
] as const;

const EXAMPLES = ['speed > 50', 'io200 * 0.1', 'ignition ? 1 : 0', "'dev-' + deviceId", 'fuel ?: 0'] as const;

interface Props {
  /** Attribute names of the chosen device's latest position, when one is chosen. */
  deviceAttributes?: readonly string[];
  /** Puts a name into the expression. */
  onInsert: (name: string) => void;
}

function Names({
  names,
  onInsert,
  label,
}: {
  names: readonly string[];
  onInsert: (name: string) => void;
  label: string;
}) {
  const { t } = useTranslation('computedAttributes');
  return (
    <Group gap={4} aria-label={label} role="group">
      {names.map((name) => (
        <Badge
          key={name}
          component="button"
          type="button"
          variant="light"
          tt="none"
          style={{ cursor: 'pointer' }}
          onClick={() => onInsert(name)}
          aria-label={t('help.insert', { name })}
        >
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** The expression language's help: operators, examples, and the names an expression can read. */
export function ExpressionHelp({ deviceAttributes, onInsert }: Props) {
  const { t } = useTranslation('computedAttributes');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('help.intro')}</Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm">
        <Table.Tbody>
          {SYNTAX.map(([key, syntax]) => (
            <Table.Tr key={key}>
              <Table.Td>{t(`help.syntax.${key}`)}</Table.Td>
              <Table.Td>
                <Code>{syntax}</Code>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">{t('help.examples')}</Text>
      <Group gap={6}>
        {EXAMPLES.map((example) => (
          <Code key={example}>{example}</Code>
        ))}
      </Group>
      <Text size="sm">{t('help.fields')}</Text>
      <Names names={EXPRESSION_POSITION_FIELDS} onInsert={onInsert} label={t('help.fieldsLabel')} />
      <Text size="sm">{t('help.attributes')}</Text>
      {deviceAttributes && deviceAttributes.length > 0 ? (
        <Names names={deviceAttributes} onInsert={onInsert} label={t('help.attributesLabel')} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('help.attributesHint')}
        </Text>
      )}
    </Stack>
  );
}
