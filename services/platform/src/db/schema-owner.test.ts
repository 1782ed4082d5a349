import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, testInfra, uniqueName, type TestDatabase } from '../testing';
import { grantApplicationRole, migrateServiceSchema, pendingMigrations } from './schema-owner';

describe('migrations by the owner, rows by the application role', () => {
  let owner: TestDatabase;
  let role: string;
  let app: Pool;
  const migrations = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));

  beforeAll(async () => {
    owner = await createTestDatabase();
    role = uniqueName('app_role');
    await owner.db.query(`CREATE ROLE ${role} LOGIN PASSWORD 'app-secret'`);
    const url = new URL(owner.url);
    url.username = role;
    url.password = 'app-secret';
    app = new Pool({ connectionString: url.toString(), max: 1 });
    writeFileSync(path.join(migrations, '0001_things.sql'), 'CREATE TABLE things (id serial PRIMARY KEY, name text NOT NULL);');
  });

  afterAll(async () => {
    await app.end();
    await owner.drop();
    const { databaseUrl } = await testInfra();
    const admin = new Pool({ connectionString: databaseUrl, max: 1 });
    await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
  });

  it('lists every migration as pending on a new database, none once applied', async () => {
    const before = await pendingMigrations(owner.db, migrations);
    expect(before).toEqual(expect.arrayContaining(['0001_things.sql', 'platform_0001_outbox.sql', 'platform_0002_inbox.sql']));
    await migrateServiceSchema(owner.db, migrations);
    expect(await pendingMigrations(owner.db, migrations)).toEqual([]);
  });

  it('lets the application role read and write rows, also of tables a later migration adds, but change no table', async () => {
    await grantApplicationRole(owner.db, role);
    await app.query("INSERT INTO things (name) VALUES ('a')");
    await app.query("INSERT INTO outbox (id, type, payload) VALUES (gen_random_uuid(), 't', '{}')");
    expect((await app.query('SELECT name FROM things')).rows).toEqual([{ name: 'a' }]);
    await expect(app.query('CREATE TABLE intruder (id int)')).rejects.toMatchObject({ code: '42501' });
    await expect(app.query('DROP TABLE things')).rejects.toMatchObject({ code: '42501' });
    await expect(app.query('TRUNCATE outbox')).rejects.toMatchObject({ code: '42501' });

    writeFileSync(path.join(migrations, '0002_more.sql'), 'CREATE TABLE more_things (id bigserial PRIMARY KEY);');
    expect(await pendingMigrations(owner.db, migrations)).toEqual(['0002_more.sql']);
    await migrateServiceSchema(owner.db, migrations);
    await app.query('INSERT INTO more_things DEFAULT VALUES');
    expect((await app.query('SELECT count(*)::int AS n FROM more_things')).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a role name that is not a plain identifier, and a role that does not exist', async () => {
    await expect(grantApplicationRole(owner.db, 'x; DROP TABLE things')).rejects.toThrow(/invalid role name/);
    await expect(grantApplicationRole(owner.db, uniqueName('missing'))).rejects.toThrow(/does not exist/);
  });
});
