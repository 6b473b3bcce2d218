/** How stored texts (original spec, converted document, notes) are encoded in the database. */
import zlib from 'node:zlib';

/** `br`: Brotli; `identity`: UTF-8 as is. Recorded per text so the choice can change later. */
export type TextEncoding = 'br' | 'identity';

/** Below this many bytes compression saves too little to pay for itself. */
const MIN_COMPRESS_BYTES = 512;

/**
 * Brotli quality 4: on large specs it compresses much better than gzip at a similar speed and
 * decompresses quicker; the default quality 11 is far too slow on the largest specs
 * (docs/performance.md#store).
 */
const BROTLI_QUALITY = 4;

/** An encoded text, ready to store. */
export interface EncodedText {
  encoding: TextEncoding;
  data: Buffer;
  /** Size of the UTF-8 text before encoding. */
  size: number;
}

/** Encodes `text`, keeping it plain when it is small or does not shrink. */
export function encodeText(text: string): EncodedText {
  const raw = Buffer.from(text, 'utf8');
  if (raw.length < MIN_COMPRESS_BYTES) return { encoding: 'identity', data: raw, size: raw.length };
  const packed = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
  return packed.length < raw.length ? { encoding: 'br', data: packed, size: raw.length } : { encoding: 'identity', data: raw, size: raw.length };
}

/** Decodes what {@link encodeText} produced. */
export function decodeText(encoding: string, data: Buffer): string {
  switch (encoding) {
    case 'identity':
      return data.toString('utf8');
    case 'br':
      return zlib.brotliDecompressSync(data).toString('utf8');
    default:
      // Only a newer apictl writes other encodings, and it bumps the schema when it does.
      throw new Error(`unknown text encoding ${JSON.stringify(encoding)} in the registry`);
  }
}
