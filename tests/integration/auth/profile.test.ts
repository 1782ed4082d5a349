import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RISK_QUESTIONS } from '@stockai/contracts';
import type { EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { startTestGateway } from '../../support/gateway';

type Profile = Record<string, unknown>;

/** GET/PUT users/profile through the gateway, with the risk questionnaire scored on the server. */
describe('users/profile through the gateway', () => {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
  const events: EventEnvelope[] = [];
  let auth: TestService;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;

  beforeAll(async () => {
    auth = await startTestService(
      authService({ tokenLifetimeSeconds: 3600, appUrl: 'http://localhost:8080', mail: { from: 'StockAI <a@b.co>', outboxDir } }),
    );
    await auth.bus.subscribe({
      queue: uniqueName('profile_listener'),
      patterns: ['user.updated'],
      maxAttempts: 1,
      handler: async (e) => void events.push(e),
    });
    gateway = await startTestGateway({ publicKey: auth.keys.publicKey, cache: auth.cache, upstreams: { auth: auth.url } });
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  async function newUser() {
    const email = `${uniqueName('profile')}@example.com`;
    const res = await fetch(`${gateway.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'secret123', firstName: '美玲', lastName: '黃' }),
    });
    const body = (await res.json()) as { token: string; user: { id: string } };
    const call = async (method: 'GET' | 'PUT', payload?: unknown) => {
      const r = await fetch(`${gateway.url}/api/users/profile`, {
        method,
        headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return {
        status: r.status,
        body: (await r.json()) as { user: Record<string, unknown>; profile: Profile; error?: string; code?: string },
      };
    };
    return { email, id: body.user.id, call };
  }

  /** Answers every question with its lowest- or highest-scoring option. */
  const answers = (which: 'lowest' | 'highest') =>
    Object.fromEntries(
      RISK_QUESTIONS.map((q) => {
        const sorted = [...q.options].sort((a, b) => a.score - b.score);
        return [q.field, (which === 'lowest' ? sorted[0] : sorted[sorted.length - 1])?.value];
      }),
    );

  it('starts empty with the defaults, and needs a login', async () => {
    const { call, email } = await newUser();
    const { status, body } = await call('GET');
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ email, firstName: '美玲', lastName: '黃', phone: null });
    expect(body.profile).toMatchObject({ lossTolerance: 50, goals: [], investmentGoals: '', riskProfile: null, riskScore: null });
    expect((await fetch(`${gateway.url}/api/users/profile`)).status).toBe(401);
  });

  it('saves basic info but never the e-mail address', async () => {
    const { call, email } = await newUser();
    const saved = await call('PUT', { firstName: ' Mei Ling ', phone: '+852 9123 4567', email: email.toUpperCase() });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ firstName: 'Mei Ling', lastName: '黃', phone: '+852 9123 4567', email });

    const changed = await call('PUT', { email: 'someone-else@example.com' });
    expect(changed).toMatchObject({ status: 400, body: { error: 'email: cannot be changed' } });
    expect((await call('PUT', { phone: 'call me maybe' })).status).toBe(400);
    expect((await call('PUT', { favouriteColour: 'red' })).status).toBe(400);
  });

  it('takes goals and sectors as lists, JSON text or comma-separated text', async () => {
    const { call, id } = await newUser();
    expect((await call('PUT', { goals: ['wealth', 'income'], sectors: '["tech","energy"]' })).body.profile).toMatchObject({
      goals: ['wealth', 'income'],
      investmentGoals: 'wealth,income',
      sectors: ['tech', 'energy'],
      preferredSectors: 'tech,energy',
    });
    const text = await call('PUT', {
      investmentGoals: 'retirement, shortterm',
      preferredSectors: 'finance',
      budget: '50k-200k',
      term: 'long',
      lossTolerance: '35',
      age: '31-45',
    });
    expect(text.body.profile).toMatchObject({
      goals: ['retirement', 'shortterm'],
      sectors: ['finance'],
      budget: '50k-200k',
      term: 'long',
      lossTolerance: 35,
      age: '31-45',
      riskScore: null,
    });
    // Each save announces the preferences as they stand after it, for analysis to tailor advice with.
    await waitFor('user.updated events', () => events.filter((e) => (e.data as { userId: string }).userId === id).length >= 2 || undefined);
    const announced = events
      .filter((e) => (e.data as { userId: string }).userId === id)
      .map((e) => (e.data as { preferences?: unknown }).preferences);
    // (delivery is at-least-once and unordered: compare as a set)
    expect(announced).toHaveLength(2);
    expect(announced).toEqual(
      expect.arrayContaining([
        { horizon: null, goals: ['wealth', 'income'], sectors: ['tech', 'energy'] },
        { horizon: 'long', goals: ['retirement', 'shortterm'], sectors: ['finance'] },
      ]),
    );
    const bad = await call('PUT', { sectors: ['tech', 'crypto'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^sectors/);
    expect((await call('PUT', { lossTolerance: 101 })).status).toBe(400);
  });

  it('scores the questionnaire on the server and refuses an incomplete one with the missing numbers', async () => {
    const { call, id } = await newUser();
    const partial = await call('PUT', { riskTolerance: 'up-to-10', lossReaction: 'hold' });
    expect(partial.status).toBe(400);
    expect(partial.body).toMatchObject({ code: 'RISK_QUESTIONNAIRE_INCOMPLETE' });
    expect(partial.body.error).toMatch(/unanswered: 1, 2, 3, 4, 5, 6$/);

    const cautious = await call('PUT', answers('lowest'));
    expect(cautious.status).toBe(200);
    expect(cautious.body.profile).toMatchObject({ riskProfile: 'conservative', riskScore: 1 });
    expect(String(cautious.body.profile.riskDescription)).toContain('0-30%');

    const bold = await call('PUT', answers('highest'));
    expect(bold.body.profile).toMatchObject({ riskProfile: 'aggressive', riskScore: 21 });
    expect((await call('GET')).body.profile).toMatchObject({ riskProfile: 'aggressive', riskScore: 21 });

    // The wizard changing a shared answer (age) re-scores the stored questionnaire.
    const older = await call('PUT', { age: '60+' });
    expect(older.body.profile.riskScore).toBeLessThan(21);

    await waitFor('user.updated events', () => events.filter((e) => (e.data as { userId: string }).userId === id).length >= 3 || undefined);
    const fields = events.filter((e) => (e.data as { userId: string }).userId === id).map((e) => (e.data as { fields: string[] }).fields);
    expect(fields[0]).toEqual(expect.arrayContaining(['age', 'lossReaction', 'riskProfile']));
  });
});
