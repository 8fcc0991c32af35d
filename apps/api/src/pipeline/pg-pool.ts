import pg from 'pg';

const TIMESTAMP_WITHOUT_TZ = 1114;
const INT8 = 20;

/**
 * A node-postgres pool for the hot path (the pipeline's batched writes). Prisma stores DateTime as
 * `timestamp(3)` holding UTC, so such values are read as UTC here too; bigints stay bigints.
 */
export function createPool(url: string, max = 4): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: string) => {
        if (oid === TIMESTAMP_WITHOUT_TZ) return (value: string) => new Date(`${value.replace(' ', 'T')}Z`);
        if (oid === INT8) return (value: string) => BigInt(value);
        return pg.types.getTypeParser(oid, format as never);
      }) as typeof pg.types.getTypeParser,
    },
  });
  pool.on('error', () => {}); // a closed idle connection is replaced on the next query
  return pool;
}
