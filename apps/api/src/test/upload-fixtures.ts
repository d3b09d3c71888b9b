import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';

/** Small but real files, recognised by their content as file-type (and browsers) see it. */
export const sampleImage = (format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c00' } })
    .toFormat(format)
    .toBuffer();

/**
 * A valid black-and-white PNG of width × height whose pixels are all zero: a decompression bomb, a few
 * tens of kB that decode to width × height pixels. Built with zlib rather than sharp, which takes 11 s
 * and 2 GB to encode 20000 × 20000 pixels; sharp reads it back as a real image (see upload.test.ts).
 */
export function decompressionBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // greyscale
  // Each row: one filter byte (0) then width bits of zeros.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const isoBox = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};

/** An ISO BMFF `ftyp` box with the 'isom' brand: the start of any MP4. */
export const sampleMp4 = () =>
  Buffer.concat([isoBox('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')), Buffer.alloc(64)]);

/** An EBML header whose DocType is 'webm'. */
export const sampleWebm = () => {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]);
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType, Buffer.alloc(64)]);
};

/** The first Ogg page of a stream whose first packet is a Theora (video) or Vorbis (audio) header. */
export const sampleOgg = (codec: 'theora' | 'vorbis') =>
  Buffer.concat([
    Buffer.from('OggS'),
    Buffer.alloc(24),
    Buffer.from(codec === 'theora' ? '\x80theora' : '\x01vorbis', 'latin1'),
    Buffer.alloc(64),
  ]);

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body built by hand, for app.inject. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----bande${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every file under a directory, as paths relative to it. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((entry) =>
    fs.statSync(path.join(root, entry)).isFile(),
  );
}
