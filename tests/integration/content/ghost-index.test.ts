import { createLogger } from '@stockai/platform';
import { startTestService, type TestService, waitFor } from '@stockai/platform/src/testing';
import { contentService } from '../../../services/content/src/app';
import { ghostContentSource, MAX_INDEX_PAGES } from '../../../services/content/src/ghost/content-source';
import { ghostPostIndex, type PostIndex } from '../../../services/content/src/ghost/post-index';
import { type GhostStandIn, startGhostStandIn } from '../../support/ghost-stand-in';

/**
 * The index of Ghost's posts against a Ghost that never stops paging or never answers: a
 * refresh always ends, and stopping the service cancels one under way. Real PostgreSQL (the
 * content service's migrated database), the official Content API client, the Ghost stand-in.
 */
describe('content: the Ghost post index with a misbehaving Ghost', () => {
  let ghost: GhostStandIn;
  let sut: TestService;
  let index: PostIndex;
  const logger = createLogger('content', 'silent');

  beforeAll(async () => {
    ghost = await startGhostStandIn();
    sut = await startTestService(contentService());
  });
  beforeEach(() => {
    // A long timeout on purpose: only a real cancellation ends a hanging call in time.
    const source = ghostContentSource({ url: ghost.url, contentApiKey: ghost.contentApiKey, timeoutMs: 60_000 });
    index = ghostPostIndex({ db: sut.db, ghost: source, logger, intervalMs: 3_600_000 });
  });
  afterEach(async () => {
    await index.stop();
    ghost.failWith(undefined);
    ghost.misbehave(undefined);
  });
  afterAll(async () => {
    await sut?.close();
    await ghost?.close();
  });

  const postsAsked = () => ghost.requests.filter((r) => r.startsWith('GET /ghost/api/content/posts/')).length;
  const indexed = async () =>
    (await sut.db.query<{ id: string }>("SELECT id FROM articles WHERE source = 'ghost' ORDER BY id")).rows.map((r) => r.id);

  it('stops at the last page Ghost reports even when Ghost always names a next one', async () => {
    ghost.misbehave('next-always');
    const asked = postsAsked();
    expect(await index.refresh()).toEqual({ indexed: ghost.posts.length, removed: expect.any(Number) });
    expect(postsAsked() - asked).toBe(1);
    expect(await indexed()).toEqual(ghost.posts.map((p) => p.id).sort());
  });

  it(`gives up after ${MAX_INDEX_PAGES} pages of a Ghost that pages for ever, keeping the previous copy`, async () => {
    await index.refresh();
    const before = await indexed();
    ghost.misbehave('endless');
    const asked = postsAsked();
    await expect(index.refresh()).rejects.toThrow(`Ghost still reported more posts after ${MAX_INDEX_PAGES} pages`);
    expect(postsAsked() - asked).toBe(MAX_INDEX_PAGES);
    expect(await indexed()).toEqual(before);
  });

  it('cancels a refresh under way when stopped, closing its call to Ghost', async () => {
    ghost.failWith('hang');
    const asked = postsAsked();
    const abandoned = ghost.abandoned;
    const refresh = index.refresh();
    await waitFor('the refresh to call Ghost', async () => postsAsked() > asked);
    await index.stop();
    await expect(refresh).rejects.toThrow('Ghost request canceled');
    await waitFor('the call closed', async () => ghost.abandoned > abandoned);
    await expect(index.refresh()).rejects.toThrow('stopped');
  });
});

describe('content: shutting down while Ghost hangs', () => {
  it('closes the service without waiting for Ghost', async () => {
    const ghost = await startGhostStandIn();
    ghost.failWith('hang');
    const sut = await startTestService(
      contentService({ ghost: { url: ghost.url, contentApiKey: ghost.contentApiKey, refreshIntervalMs: 3_600_000, timeoutMs: 60_000 } }),
    );
    try {
      await waitFor('the first refresh to call Ghost', async () => ghost.requests.length > 0);
    } finally {
      await sut.close();
    }
    await waitFor('the call closed', async () => ghost.abandoned === 1);
    await ghost.close();
  });
});
