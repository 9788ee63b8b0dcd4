import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { arrayLiteral } from '../../server/db/arrays.ts';
import { databaseKinds, freshDatabase, rows } from './harness.ts';

/**
 * The one array parameter the batched statements pass (deposits' owners and settled sightings, the
 * risk links, the game writes in one statement): whatever text a value holds, the database reads back
 * exactly the values given, no more and no fewer.
 */
for (const kind of databaseKinds) {
  describe(`arrayLiteral [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await freshDatabase(kind);
    });
    afterAll(() => database.close());

    const unpacked = async (values: string[]) =>
      (await rows<{ value: string }>(database, sql`SELECT unnest(${arrayLiteral(values)}::text[]) AS value`)).map((row) => row.value);

    it.each([
      ['no values', []],
      ['one value', ['TXYZ']],
      ['text that means something in an array literal', ['a,b', '{c}', '"quoted"', 'back\\slash', 'ends with \\', ' spaced ', 'NULL', '']],
      ['text that means something in SQL', ["it's", "'); DROP TABLE users; --", '$1', 'ünïcödé ✓']],
    ])('reads back %s exactly', async (_, values) => {
      expect(await unpacked(values)).toEqual(values);
    });

    it('matches = ANY against uuids, and only the ones given', async () => {
      const ids = [randomUUID(), randomUUID()];
      const found = await rows<{ hit: boolean; miss: boolean }>(
        database,
        sql`SELECT ${ids[1]}::uuid = ANY(${arrayLiteral(ids)}::uuid[]) AS hit, ${randomUUID()}::uuid = ANY(${arrayLiteral(ids)}::uuid[]) AS miss`,
      );
      expect(found).toEqual([{ hit: true, miss: false }]);
    });
  });
}
