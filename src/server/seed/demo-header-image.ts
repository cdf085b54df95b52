import sharp from 'sharp';

/** Colours of a demo event's header (sky top, sky bottom, hills, road). */
export type HeaderPalette = readonly [string, string, string, string];

/**
 * A demo event's header photo stand-in: a sky, a sun, hills and a road drawn as SVG and rendered to
 * a 1600×700 JPEG (decorative; the event's name is beside it). A real raster file, so the public
 * pages serve it as a WebP in the sizes `srcset` asks for, as they will serve organizers' photos.
 */
export function demoHeaderImage([skyTop, skyBottom, hills, road]: HeaderPalette): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="700" viewBox="0 0 1600 700">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#ffd27a" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="1600" height="700" fill="url(#sky)"/>
  <circle cx="1180" cy="300" r="260" fill="url(#sun)"/>
  <circle cx="1180" cy="300" r="90" fill="#fff3c4"/>
  <path d="M0 470 C 220 360 420 420 640 380 S 1080 300 1320 380 S 1560 420 1600 400 L1600 700 L0 700 Z" fill="${hills}" opacity="0.55"/>
  <path d="M0 540 C 260 470 520 520 800 480 S 1300 450 1600 500 L1600 700 L0 700 Z" fill="${hills}"/>
  <path d="M700 700 C 760 610 820 560 860 520 L 900 520 C 900 560 960 620 1100 700 Z" fill="${road}"/>
  <path d="M 880 528 L 884 560 M 888 585 L 894 625 M 900 650 L 908 700" stroke="#ffffff" stroke-width="6" stroke-linecap="round" opacity="0.8"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80, progressive: true }).toBuffer();
}
