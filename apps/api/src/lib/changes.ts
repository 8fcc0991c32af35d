import { EventEmitter } from 'node:events';

/**
 * What changed, for in-process caches that must not serve stale data after a write through the API:
 * `notificationRules` (a rule, or a link deciding which devices and users a rule reaches). The writer signals
 * the change; whoever caches it subscribes. Other API nodes are not told: their caches expire on their own.
 */
export type ChangeTopic = 'notificationRules';

/** `tenantId` narrows the change to one tenant's rows; undefined means it may touch any tenant. */
export type ChangeListener = (tenantId: number | null | undefined) => void;

const changes = new EventEmitter();
// one listener per cache, not per request: no leak to warn about
changes.setMaxListeners(0);

export function signalChange(topic: ChangeTopic, tenantId?: number | null): void {
  changes.emit(topic, tenantId);
}

/** Subscribes to a topic; returns the unsubscribe function. */
export function onChange(topic: ChangeTopic, listener: ChangeListener): () => void {
  changes.on(topic, listener);
  return () => changes.off(topic, listener);
}
