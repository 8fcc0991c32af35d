// Prints docs/protocols.md's score table: `pnpm --filter @waymark/ingest scores`.
import { protocolRegistry } from '../protocols/registry';
import { loadVectors } from './traccar-vectors';
import { scoreLine, scoreProtocol } from './vector-score';

console.log(
  '| protocol | messages decoded as Traccar did | of them, messages with positions | attribute values as Traccar |',
);
console.log('|---|---|---|---|');
for (const def of protocolRegistry.values()) {
  try {
    console.log(scoreLine(scoreProtocol(def, loadVectors(def.name))));
  } catch (err) {
    console.log(`| ${def.name} | no vectors (${(err as Error).message}) | | |`);
  }
}
