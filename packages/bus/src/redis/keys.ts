import type { PartitionedTopic } from '@waymark/contracts/bus';

/** Names of every Redis key and channel the bus uses, all under one prefix (default `waymark:`). */
export class BusKeys {
  constructor(readonly prefix: string) {}

  /** `waymark:positions:3`: partition 3 of the positions stream. */
  stream(topic: PartitionedTopic, partition: number): string {
    return `${this.prefix}${topic}:${partition}`;
  }

  /** Lease of one partition for one consumer group; its value is the owner's token. */
  lease(topic: PartitionedTopic, group: string, partition: number): string {
    return `${this.prefix}lease:${topic}:${group}:${partition}`;
  }

  /** Sorted set of live consumers of a group (score = last heartbeat, Redis time in ms). */
  members(topic: PartitionedTopic, group: string): string {
    return `${this.prefix}members:${topic}:${group}`;
  }

  /** Pub/sub channel of commands (api -> every ingest node). */
  commands(): string {
    return `${this.prefix}commands`;
  }
}
