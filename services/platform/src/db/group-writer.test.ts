import { createPgliteDatabase } from './pglite';
import { groupWriter } from './group-writer';
import type { Database } from './types';

/** Rows of a log table written in groups on an embedded database; each statement's rows recorded. */
describe('groupWriter', () => {
  let db: Database;
  let statements: number[][];
  const insert = async (rows: number[]) => {
    statements.push(rows);
    const values = rows.map((_, i) => `($${i + 1})`).join(', ');
    await db.query(`INSERT INTO log (n) VALUES ${values}`, rows);
  };
  const written = async () => (await db.query<{ n: number }>('SELECT n FROM log ORDER BY n')).rows.map((r) => r.n);

  beforeAll(async () => {
    db = await createPgliteDatabase();
  });
  afterAll(() => db.close());
  beforeEach(async () => {
    statements = [];
    await db.query('DROP TABLE IF EXISTS log');
    await db.query('CREATE TABLE log (n int PRIMARY KEY)');
  });

  it('writes a lone row at once, and resolves once it is in the table', async () => {
    const writer = groupWriter(insert);
    await writer.add(1);
    expect(await written()).toEqual([1]);
    await writer.add(2);
    expect(statements).toEqual([[1], [2]]);
  });

  it('groups the rows added while a write is under way into the next statement', async () => {
    const writer = groupWriter(insert);
    await Promise.all(Array.from({ length: 50 }, (_, i) => writer.add(i)));
    expect(await written()).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // The first row went alone; the 49 added meanwhile shared the second statement.
    expect(statements.map((rows) => rows.length)).toEqual([1, 49]);
  });

  it('keeps each statement within its row limit', async () => {
    const writer = groupWriter(insert, 10);
    await Promise.all(Array.from({ length: 35 }, (_, i) => writer.add(i)));
    expect(statements.map((rows) => rows.length)).toEqual([1, 10, 10, 10, 4]);
    expect(await written()).toHaveLength(35);
  });

  it('rejects the rows of a failed statement only, and writes the next group afresh', async () => {
    await db.query('INSERT INTO log (n) VALUES (7)');
    const writer = groupWriter(insert);
    const first = writer.add(100);
    const clashing = [writer.add(6), writer.add(7)]; // one group: 7 is taken, so neither is written
    await first;
    const outcomes = await Promise.allSettled(clashing);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await writer.add(8);
    expect(await written()).toEqual([7, 8, 100]);
  });
});
