import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../../domain/uploads/contract';

/**
 * An image's size from its header, before anything decodes it (issue 26 §6, §8: at most 40
 * megapixels for every upload). A 10 MB file can claim a canvas of billions of pixels; decoding it
 * is what costs memory and time, reading its header costs nothing.
 */

/** Width × height from a PNG's IHDR, a JPEG's SOF marker, a WebP's VP8/VP8L/VP8X header or a GIF's screen descriptor; null for other formats or odd files. */
export function imageDimensions(data: Buffer): { width: number; height: number } | null {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('ascii', 12, 16) === 'IHDR') {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 30 && data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = data.toString('ascii', 12, 16);
    // Extended: the canvas size, 24 bits each, minus one.
    if (chunk === 'VP8X') return { width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
    // Lossless: a 0x2f signature, then 14 bits of width and of height, minus one.
    if (chunk === 'VP8L' && data[20] === 0x2f) {
      const bits = data.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    // Lossy: after the frame tag and the start code 9d 01 2a, 14 bits of width and of height.
    if (chunk === 'VP8 ' && data[23] === 0x9d && data[24] === 0x01 && data[25] === 0x2a) {
      return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
    }
    return null;
  }
  // GIF: the logical screen (every frame lies within it), 16 bits each, after the 6-byte signature.
  if (data.length >= 13 && /^GIF8[79]a$/.test(data.toString('ascii', 0, 6))) {
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 <= data.length && data[offset] === 0xff) {
      const marker = data[offset + 1]!;
      const length = data.readUInt16BE(offset + 2);
      // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: data.readUInt16BE(offset + 7), height: data.readUInt16BE(offset + 5) };
      }
      offset += 2 + length;
    }
  }
  return null;
}

/**
 * Whether the image is at most `maxPixels`: its header, or else libvips' reading of the header
 * (sharp's metadata decodes no pixels) for layouts the parser above does not know. Null when
 * neither can tell the size (not an image sharp knows).
 */
export async function withinPixelLimit(data: Buffer, maxPixels = MAX_IMAGE_PIXELS): Promise<boolean | null> {
  let size = imageDimensions(data);
  if (!size) {
    try {
      const meta = await sharp(data, { limitInputPixels: false }).metadata();
      size = meta.width && meta.height ? { width: meta.width, height: meta.pageHeight ?? meta.height } : null;
    } catch {
      size = null;
    }
  }
  if (!size) return null;
  return size.width * size.height <= maxPixels;
}
