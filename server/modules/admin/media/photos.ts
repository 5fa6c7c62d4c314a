import crypto from 'node:crypto';
import type { Metadata } from 'sharp';
import { photoCategory } from '../../../../common/media.js';
import { imageLibrary } from '../../../lib/image-library.js';
import { staffError } from '../errors.js';
import { decodeHeic } from './heic.js';

// What an uploaded photo becomes before it is stored: checked by its content, turned upright, its
// metadata gone (staff phones record where a photo was taken), and no larger than the site needs.

/** The formats the library takes, as the image library names them from the file's content. */
const accepted = new Set(['jpeg', 'png', 'webp', 'heif']);
/**
 * The most pixels a photo may decode to: phones make 12–50 megapixels; a "decompression bomb" (a
 * small file that decodes to gigabytes) is refused before it is decoded.
 */
export const maxPixels = 100_000_000;
/** The longest side kept: the largest rendition the site serves is 1600 px wide. */
const longestSide = 3200;

export interface StoredPhoto {
  id: string;
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export const newPhotoId = () => `${photoCategory}.${crypto.randomBytes(8).toString('hex')}`;

/** Checks and cleans an upload; a file that is not a photo of an accepted kind is a 400 saying why. */
export async function preparePhoto(input: Buffer): Promise<StoredPhoto> {
  const sharp = await imageLibrary();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw staffError(400, 'not_a_picture', 'the file is not a picture: send a JPEG, PNG, WebP or HEIC photo');
  }
  if (!meta.format || !accepted.has(meta.format)) {
    throw staffError(
      400,
      'picture_format',
      `${meta.format ?? 'this'} files are not taken: send a JPEG, PNG, WebP or HEIC photo`,
    );
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (!pixels || pixels > maxPixels) {
    throw staffError(
      400,
      'picture_too_large',
      `the picture is ${meta.width}×${meta.height} pixels: at most ${maxPixels / 1_000_000} megapixels are taken`,
      { params: { megapixels: maxPixels / 1_000_000 } },
    );
  }
  const keepAlpha = meta.format === 'png' && meta.hasAlpha;
  try {
    // rotate() turns the photo as its EXIF orientation says; the output has no metadata at all. A
    // HEIC photo's pixels come from its own decoder, turned as the file says and with no metadata.
    const source =
      meta.format === 'heif' && meta.compression === 'hevc'
        ? await decodeHeic(input).then(({ width, height, pixels }) =>
            sharp(pixels, { raw: { width, height, channels: 4 }, limitInputPixels: maxPixels }).removeAlpha(),
          )
        : sharp(input, { limitInputPixels: maxPixels, failOn: 'error' });
    const pipeline = source
      .rotate()
      .resize({ width: longestSide, height: longestSide, fit: 'inside', withoutEnlargement: true });
    const { data, info } = await (keepAlpha
      ? pipeline.png()
      : pipeline.jpeg({ quality: 88, mozjpeg: true })
    ).toBuffer({
      resolveWithObject: true,
    });
    return {
      id: newPhotoId(),
      data,
      contentType: keepAlpha ? 'image/png' : 'image/jpeg',
      width: info.width,
      height: info.height,
    };
  } catch {
    throw staffError(
      400,
      'picture_damaged',
      'the picture could not be read: the file is damaged or cut short',
    );
  }
}
