import {
  FORWARDING_QUEUE_MAX,
  FORWARDING_SCHEMES,
  type Forwarding,
  type ForwardingInput,
  type ForwardingType,
  forwardingInputSchema,
} from '@waymark/contracts/forwarding';
import type { TFunction } from 'i18next';

/** The form's values: headers as text, one `Name: value` a line; the tenant as the picker's text id. */
export interface ForwardingValues {
  name: string;
  type: ForwardingType;
  url: string;
  topic: string;
  exchange: string;
  headers: string;
  positions: boolean;
  events: boolean;
  enabled: boolean;
  queueLimit: number | string;
  /** Only when creating, for platform administrators: '' is server-wide. */
  tenantId: string;
}

const DEFAULT_QUEUE_LIMIT = 1_000_000;

export function valuesOf(target?: Forwarding): ForwardingValues {
  return {
    name: target?.name ?? '',
    type: target?.type ?? 'webhook',
    url: target?.url ?? '',
    topic: target?.topic ?? '',
    exchange: target?.exchange ?? '',
    headers: Object.entries(target?.headers ?? {})
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
    positions: target?.positions ?? true,
    events: target?.events ?? false,
    enabled: target?.enabled ?? true,
    queueLimit: target?.queueLimit ?? DEFAULT_QUEUE_LIMIT,
    tenantId: target?.tenantId == null ? '' : String(target.tenantId),
  };
}

/** `Name: value` lines to a record; a line without a colon is a name with an empty value (and fails the check). */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim();
    headers[name] = colon < 0 ? '' : line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The request body: only the fields of the target's kind (a webhook has no topic, only AMQP an exchange, only a
 * webhook headers). `withTenant`: a new target's scope is sent (null: server-wide); an edited one keeps its own.
 */
export function toInput(values: ForwardingValues, withTenant: boolean): unknown {
  const { type } = values;
  return {
    name: values.name,
    type,
    url: values.url,
    topic: type === 'webhook' ? '' : values.topic,
    exchange: type === 'amqp' ? values.exchange : '',
    headers: type === 'webhook' ? parseHeaders(values.headers) : {},
    positions: values.positions,
    events: values.events,
    enabled: values.enabled,
    queueLimit: values.queueLimit === '' ? Number.NaN : Number(values.queueLimit),
    ...(withTenant ? { tenantId: values.tenantId ? Number(values.tenantId) : null } : {}),
  };
}

const schemesOf = (type: ForwardingType) => FORWARDING_SCHEMES[type].map((s) => s.replace(':', '://')).join(', ');

/**
 * Checks the values with the shared contract; each failing field gets one translated error (the contract's
 * messages are English: their field and kind pick the text).
 */
export function validateForwarding(
  values: ForwardingValues,
  withTenant: boolean,
  t: TFunction<'adminForwarding'>,
): { input: ForwardingInput; errors?: undefined } | { input?: undefined; errors: Record<string, string> } {
  const parsed = forwardingInputSchema.safeParse(toInput(values, withTenant));
  if (parsed.success) return { input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    const tooLong = issue.code === 'too_big';
    let text: string;
    if (field === 'name') text = tooLong ? t('errors.tooLong') : t('errors.nameRequired');
    else if (field === 'url') {
      if (tooLong) text = t('errors.tooLong');
      else if (!values.url.trim()) text = t('errors.urlRequired');
      else if (issue.message.startsWith('Not a valid')) text = t('errors.urlInvalid');
      else text = t('errors.urlScheme', { schemes: schemesOf(values.type) });
    } else if (field === 'topic') text = tooLong ? t('errors.tooLong') : t(`errors.topicRequired.${values.type}`);
    else if (field === 'exchange') text = t('errors.tooLong');
    else if (field === 'headers') text = t('errors.headers');
    else if (field === 'positions') text = t('errors.forwardNothing');
    else if (field === 'queueLimit') text = t('errors.queueLimit', { max: FORWARDING_QUEUE_MAX.toLocaleString() });
    else text = t('errors.invalid');
    errors[field] ??= text;
  }
  return { errors };
}
