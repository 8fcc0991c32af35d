import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type * as Engine from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaFile } from '../schema-files';

export type SchemaEngine = Engine.SchemaEngine;
export type { MigrationList } from '@prisma/schema-engine-wasm/schema_engine_bg';

const require = createRequire(import.meta.url);
interface WasmApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
}

let loaded: Promise<typeof Engine> | undefined;

/**
 * Loads Prisma's schema engine compiled to WebAssembly. The package's main entry imports the .wasm
 * bundler-style, which Node cannot do, so the glue module and the binary are wired by hand.
 */
function loadEngine(): Promise<typeof Engine> {
  loaded ??= (async () => {
    const glueFile = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = (await import(glueFile)) as typeof Engine & { __wbg_set_wasm(w: unknown): void };
    const bytes = await readFile(join(dirname(glueFile), 'schema_engine_bg.wasm'));
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const { instance } = await wasm.instantiate(bytes, { './schema_engine_bg.js': glue as never });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue;
  })();
  return loaded;
}

/**
 * Runs `fn` with a schema engine that holds every file of the schema and is bound to the given driver
 * adapter, then frees it.
 */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schema: SchemaFile[],
  fn: (engine: SchemaEngine) => Promise<T>,
  log: (message: string) => void = () => {},
): Promise<T> {
  const glue = await loadEngine();
  // Keep every connection the engine opens so they are closed afterwards: an open one would keep
  // Prisma's migration advisory lock and make the next migrate wait for its 10 s timeout.
  const opened: SqlDriverAdapter[] = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => track(await adapterFactory.connect()),
    connectToShadowDb: async () => track(await adapterFactory.connectToShadowDb()),
  };
  function track(adapter: SqlDriverAdapter): SqlDriverAdapter {
    opened.push(adapter);
    return adapter;
  }
  const engine = await glue.SchemaEngine.new(
    { datamodels: schema.map((file) => [file.path, file.content]) },
    (message: string) => log(message),
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await Promise.allSettled(opened.map((a) => a.dispose()));
  }
}

export const noFilters = { externalTables: [], externalEnums: [] };
