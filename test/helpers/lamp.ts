// A 1280 × 960 frame of an empty dark tray with a lamp's reflection blown out to white in the middle (radius 0: no reflection).
import sharp from 'sharp';

export function lampOnEmptyTray(radius = 40): Promise<Buffer> {
  const disc = radius > 0 ? `<circle cx="640" cy="480" r="${radius}" fill="#fff"/>` : '';
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="960"><rect width="1280" height="960" fill="#2b2118"/>${disc}</svg>`)).jpeg({ quality: 90 }).toBuffer();
}
