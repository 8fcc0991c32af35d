import type { Device, Position } from '@waymark/contracts/device';
import type { Event } from '@waymark/contracts/event';
import type { AppContext } from '../../context';
import type { Env } from '../../env';
import type { RenderedMessage } from '../templates/render';

/** The user a notification goes to. */
export interface Recipient {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  attributes: Record<string, unknown>;
}

/** One notification of one event to one user on one channel. */
export interface Delivery {
  user: Recipient;
  message: RenderedMessage;
  event: Event;
  device: Device | null;
  position: Position | null;
  /**
   * the rule that asked for it (null for a test notification); on a `command` delivery, commandId is the saved
   * command the outbox row sends and authorId the user whose authority sends it
   */
  rule: { id: number; commandId: number | null; authorId: number | null; attributes: Record<string, unknown> } | null;
}

export interface Channel {
  type: string;
  /** are this server's settings for the channel present? */
  configured(env: Env): boolean;
  /** does the user have an address on this channel (a test notification goes only there)? */
  reaches(user: Recipient): boolean;
  send(ctx: AppContext, delivery: Delivery): Promise<void>;
}

/** A failed send; its message is stored in the outbox row, so it never carries a secret. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** false: retrying cannot help (no address, rule without a command) */
    readonly retryable = true,
  ) {
    super(message);
  }
}

/** An attribute as a trimmed string ('' when absent). */
export const attr = (attributes: Record<string, unknown>, key: string): string => {
  const v = attributes[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
};
