import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makePhoto, SHARE_HEIGHT, SHARE_MAX_BYTES, SHARE_WIDTH } from './pipeline';

/** Gaussian noise at full colour: the larger `sigma`, the less a JPEG can squeeze it. */
const noise = (width: number, height: number, sigma = 10) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .png()
    .toBuffer();

const shareOf = async (source: Buffer) => {
  const made = await makePhoto(source, { share: true });
  const file = made.files.find((candidate) => candidate.name.endsWith('-share.jpg'));
  return { made, file, meta: file ? await sharp(file.body).metadata() : undefined };
};

describe('the link-preview picture', () => {
  it('a large photo -> a 1200 × 628 JPEG, named by the hash, its size on the stored photo', async () => {
    const { made, file, meta } = await shareOf(await noise(1800, 1400));
    expect(file).toMatchObject({ name: `${made.photo.hash}-share.jpg`, contentType: 'image/jpeg' });
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_WIDTH, height: SHARE_HEIGHT });
    expect(made.photo.share).toEqual({ width: SHARE_WIDTH, height: SHARE_HEIGHT });
  });

  it('a source no JPEG squeezes under 300 KB at the first quality -> a lower one, within the limit', async () => {
    const source = await noise(SHARE_WIDTH, SHARE_HEIGHT, 100);
    const first = await sharp(source).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    // The case is real: at the first quality this source is over the limit.
    expect(first.length).toBeGreaterThan(SHARE_MAX_BYTES);
    const { file, meta } = await shareOf(source);
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_WIDTH, height: SHARE_HEIGHT });
    expect(file!.body.length).toBeLessThanOrEqual(SHARE_MAX_BYTES);
  });

  it("without `share` (a dish's photo) -> no JPEG, no share size", async () => {
    const made = await makePhoto(await noise(400, 300));
    expect(made.files.some((file) => file.contentType === 'image/jpeg')).toBe(false);
    expect(made.photo.share).toBeUndefined();
  });

  it('a transparent picture (a logo) -> on white, not on black', async () => {
    const logo = await sharp({
      create: { width: 800, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const { file } = await shareOf(logo);
    const { data } = await sharp(file!.body).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });

  it('smaller than WhatsApp shows (under 382 × 200 at 1.91:1) -> no share picture; the photo itself is made', async () => {
    const { made, file } = await shareOf(await noise(360, 240));
    expect(file).toBeUndefined();
    expect(made.photo.share).toBeUndefined();
    expect(made.files.length).toBeGreaterThan(0);
  });

  it('a small or tall photo -> its own width (no enlargement) at the same 1.91:1', async () => {
    const small = await shareOf(await noise(640, 480));
    expect(small.meta).toMatchObject({ width: 640, height: 335 });
    const tall = await shareOf(await noise(500, 900));
    expect(tall.meta).toMatchObject({ width: 500, height: 262 });
  });
});
