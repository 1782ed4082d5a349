import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  body: Buffer;
}

/** A GET whose body is left as it came (fetch would decompress it): to see the encoding itself. */
export function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A raw answer's JSON, decoded by its Content-Encoding (brotli, gzip or none). */
export function decodedJson(answer: RawAnswer): unknown {
  const encoding = answer.headers['content-encoding'];
  let text: Buffer;
  if (encoding === 'br') text = zlib.brotliDecompressSync(answer.body);
  else if (encoding === 'gzip') text = zlib.gunzipSync(answer.body);
  else if (encoding === undefined) text = answer.body;
  else throw new Error(`unexpected content-encoding ${encoding}`);
  return JSON.parse(text.toString('utf8'));
}
