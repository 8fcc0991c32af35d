import type { EventContext } from './types';

const MEDIA_KEYS = ['image', 'video', 'audio'] as const;

/** media: a position carrying a photo, video or audio file name (attributes image/video/audio), one per file. */
export function mediaEvents(ctx: EventContext): void {
  const attributes = ctx.position.attributes;
  for (const key of MEDIA_KEYS) {
    const file = attributes[key];
    if (typeof file === 'string' && file !== '') ctx.emit('media', { attributes: { media: key, file } });
  }
}
