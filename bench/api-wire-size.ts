/**
 * Bytes on the wire of the report page's /api answers, by what the client accepts: auth, billing
 * and analysis (real PostgreSQL, RabbitMQ, Redis: the test infrastructure's URLs) behind the real
 * gateway, as the integration tests start them, with one finished analysis; read with raw HTTP so the encoded bytes are counted as they arrive. `plain` is what
 * every answer but the stock list weighed before the services compressed (ADR 56); the stock
 * list was gzip (level 9) already.
 *
 *   npx tsx bench/api-wire-size.ts
 */
import zlib from 'node:zlib';
import { waitFor } from '@stockai/platform/src/testing';
import { apiClient, registerUser, startAnalysisStack } from '../tests/integration/analysis/analysis-stack';
import { rawGet } from '../tests/support/raw-get';

const CLIENTS = { plain: 'identity', gzip: 'gzip', browser: 'gzip, deflate, br, zstd' };
const PATHS = ['/api/stocks', '/api/stocks?q=a&limit=100', '/api/stocks?q=tencent', '/api/stocks/AAPL'];

async function main() {
  const stack = await startAnalysisStack({ inProcessWorkers: 1 });
  try {
    const { token } = await registerUser(stack.gatewayUrl);
    const api = apiClient(stack.gatewayUrl);
    const body = { userProfile: { riskProfile: 'growth', riskScore: 15 } };
    const id = (await api('POST', '/api/analysis/analyze/aapl', { token, body })).body.analysisId as string;
    await waitFor('the analysis', async () => (await api('GET', `/api/analysis/${id}`, { token })).body.status === 'completed', 60_000);
    const authorization = `Bearer ${token}`;
    console.log('| answer | plain | gzip | browser (br) |\n|---|---|---|---|');
    for (const path of [...PATHS, `/api/analysis/${id}`, '/api/users/analysis-history']) {
      const cells: string[] = [];
      for (const accept of Object.values(CLIENTS)) {
        const answer = await rawGet(`${stack.gatewayUrl}${path}`, { 'accept-encoding': accept, authorization });
        if (answer.status !== 200) throw new Error(`${path}: ${answer.status}`);
        cells.push(`${(answer.body.length / 1024).toFixed(1)} KB ${answer.headers['content-encoding'] ?? 'none'}`);
      }
      console.log(`| ${path} | ${cells.join(' | ')} |`);
    }
    const report = await rawGet(`${stack.gatewayUrl}/api/analysis/${id}`, { 'accept-encoding': 'identity', authorization });
    compressorSettings(report.body);
  } finally {
    await stack.close();
  }
}

/** The report's JSON by compressor setting: size, and CPU time per answer (median of 200 runs in this process). */
function compressorSettings(json: Buffer) {
  const brotli = (quality: number) => () =>
    zlib.brotliCompressSync(json, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    });
  const settings: Record<string, () => Buffer> = {
    'gzip 6 (compression default)': () => zlib.gzipSync(json, { level: 6 }),
    'brotli 4 (compression default)': brotli(4),
    'brotli 5': brotli(5),
    'brotli 6': brotli(6),
  };
  console.log(`\nthe report (${(json.length / 1024).toFixed(1)} KB plain)\n| setting | size | CPU per answer |\n|---|---|---|`);
  for (const [name, compress] of Object.entries(settings)) {
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < 200; i++) {
      const started = process.hrtime.bigint();
      size = compress().length;
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(`| ${name} | ${(size / 1024).toFixed(1)} KB | ${times[100]?.toFixed(2)} ms |`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
