/**
 * A scheme's mark as a PNG, for e-mails: most mail clients draw no SVG (Gmail, Outlook), so the mailer
 * attaches the mark as a small PNG rasterised here from the same path data the screens and PDFs draw
 * (common/brands.ts). Only what the marks use is read: M, L, H, V, C and Z, absolute or relative, filled with
 * the nonzero rule; each pixel is sampled 4 by 4 times for smooth edges. Encoded with node's own zlib.
 */
import { crc32, deflateSync } from 'node:zlib';
import { BRAND_MARKS, schemeColours, type Scheme } from '../../common/brands';

type Point = [number, number];

/** The path's outlines as closed polygons, curves flattened into short lines. */
export function flatten(d: string): Point[][] {
  const tokens = d.match(/[a-zA-Z]|-?\d*\.?\d+(?:e-?\d+)?/g) ?? [];
  const polygons: Point[][] = [];
  let current: Point[] = [];
  let [x, y] = [0, 0];
  let [startX, startY] = [0, 0];
  let command = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  const close = () => {
    if (current.length > 2) polygons.push(current);
    current = [];
  };
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const relative = command === command.toLowerCase();
    const [ox, oy] = relative ? [x, y] : [0, 0];
    switch (command.toUpperCase()) {
      case 'M':
        close();
        x = ox + num();
        y = oy + num();
        [startX, startY] = [x, y];
        current.push([x, y]);
        // Further pairs after a move are lines.
        command = relative ? 'l' : 'L';
        break;
      case 'L':
        x = ox + num();
        y = oy + num();
        current.push([x, y]);
        break;
      case 'H':
        x = (relative ? x : 0) + num();
        current.push([x, y]);
        break;
      case 'V':
        y = (relative ? y : 0) + num();
        current.push([x, y]);
        break;
      case 'C': {
        const [x1, y1, x2, y2, x3, y3] = [ox + num(), oy + num(), ox + num(), oy + num(), ox + num(), oy + num()];
        const [x0, y0] = [x, y];
        for (let s = 1; s <= 16; s++) {
          const t = s / 16;
          const u = 1 - t;
          current.push([u * u * u * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t * x3, u * u * u * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t * t * t * y3]);
        }
        [x, y] = [x3, y3];
        break;
      }
      case 'Z':
        close();
        [x, y] = [startX, startY];
        break;
      default:
        throw new Error(`path command ${command} is not supported by the e-mail logo`);
    }
  }
  close();
  return polygons;
}

/** How much of each pixel (0 to 1) the polygons cover under the nonzero rule, in a size by size image of a 32 by 32 box. */
export function coverage(polygons: Point[][], size: number): Float32Array {
  const SUB = 4;
  const scale = size / 32;
  const out = new Float32Array(size * size);
  const edges = polygons.flatMap((p) => p.map((a, k) => [a, p[(k + 1) % p.length]] as const)).map(([a, b]) => [a[0] * scale, a[1] * scale, b[0] * scale, b[1] * scale]);
  for (let row = 0; row < size * SUB; row++) {
    const sy = (row + 0.5) / SUB;
    const crossings: [number, number][] = [];
    for (const [x0, y0, x1, y1] of edges) {
      if (y0 <= sy !== y1 <= sy) crossings.push([x0 + ((sy - y0) / (y1 - y0)) * (x1 - x0), y1 > y0 ? 1 : -1]);
    }
    crossings.sort((a, b) => a[0] - b[0]);
    let winding = 0;
    for (let k = 0; k < crossings.length - 1; k++) {
      winding += crossings[k][1];
      if (winding === 0) continue;
      // Inside from this crossing to the next: add the covered subsamples of each pixel.
      const from = crossings[k][0];
      const to = crossings[k + 1][0];
      for (let col = Math.max(0, Math.floor(from * SUB)); col < Math.min(size * SUB, Math.ceil(to * SUB)); col++) {
        const sx = (col + 0.5) / SUB;
        if (sx >= from && sx < to) out[Math.floor(row / SUB) * size + Math.floor(sx)] += 1 / (SUB * SUB);
      }
    }
  }
  return out;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An RGBA image as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA, deflate, adaptive filtering (each row says 0: none), not interlaced
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const hexRgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));

/** The mark drawn at size by size pixels: the tile in the scheme's primary colour, the glyph in white over it. */
export function markRgba(scheme: Scheme, size: number): Uint8Array {
  const mark = BRAND_MARKS[scheme];
  const tile = coverage(flatten(mark.tile), size);
  const glyph = coverage(flatten(mark.glyph), size);
  const [r, g, b] = hexRgb(schemeColours(scheme).primary);
  const rgba = new Uint8Array(size * size * 4);
  for (let p = 0; p < size * size; p++) {
    const t = Math.min(1, tile[p]);
    const w = Math.min(1, glyph[p]);
    // The glyph lies inside the tile: white over the colour, the whole over transparency.
    rgba.set([Math.round(r + (255 - r) * w), Math.round(g + (255 - g) * w), Math.round(b + (255 - b) * w), Math.round(255 * t)], p * 4);
  }
  return rgba;
}

const cache = new Map<string, Buffer>();

/** The mark as a PNG; 64 pixels by default, twice the size the e-mail shows it (sharp on high-density screens). */
export function markPng(scheme: Scheme, size = 64): Buffer {
  const key = `${scheme}:${size}`;
  let png = cache.get(key);
  if (!png) {
    png = encodePng(size, size, markRgba(scheme, size));
    cache.set(key, png);
  }
  return png;
}
