import type { Env } from '../../env';
import { commandChannel } from './command';
import { firebaseChannel } from './firebase';
import { mailChannel } from './mail';
import { pushoverChannel } from './pushover';
import { smsChannel } from './sms';
import { telegramChannel } from './telegram';
import type { Channel } from './types';
import { webChannel } from './web';
import { webhookChannel } from './webhook';

export const CHANNELS: readonly Channel[] = [
  webChannel,
  mailChannel,
  smsChannel,
  firebaseChannel,
  telegramChannel,
  pushoverChannel,
  webhookChannel,
  commandChannel,
];

const byType = new Map(CHANNELS.map((c) => [c.type, c]));

/** A rule's channel name as stored ('push' is Firebase, Traccar's name for it). */
export function channelOf(name: string): Channel | undefined {
  return byType.get(name === 'push' ? 'firebase' : name);
}

/** The channels this server can use now (web and mail always; the others when their settings exist). */
export function configuredChannels(env: Env): Channel[] {
  return CHANNELS.filter((c) => c.configured(env));
}

/** The configured channels that reach a person (not a rule's webhook or command): tests and announcements. */
export function personalChannels(env: Env): Channel[] {
  return configuredChannels(env).filter((c) => c.type !== 'webhook' && c.type !== 'command');
}
