import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_EVENT_IMAGE, EventImage, eventImageOf, uploadedImageSrcSet } from './event-image';

afterEach(cleanup);

const img = (container: HTMLElement) => container.querySelector('img')!;

describe('EventImage', () => {
  it('shows the event’s image, decorative, lazily when asked', () => {
    const { container } = render(<EventImage src="/api/files/header.webp" lazy className="aspect-[16/9]" />);
    expect(img(container).getAttribute('src')).toBe('/api/files/header.webp');
    expect(img(container).getAttribute('alt')).toBe('');
    expect(img(container).getAttribute('loading')).toBe('lazy');
    expect(img(container).className).toBe('aspect-[16/9]');
  });

  it('shows the default image when the event has none', () => {
    for (const src of [null, undefined, '']) {
      const { container } = render(<EventImage src={src} />);
      expect(img(container).getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
      expect(img(container).hasAttribute('loading')).toBe(false);
      cleanup();
    }
    expect(eventImageOf('/a.png')).toBe('/a.png');
  });

  it('reserves its box with width and height, and fetches the page’s main image first, never lazily', () => {
    const { container } = render(<EventImage src="/api/files/header.webp" priority lazy width={1600} height={700} />);
    expect(img(container).getAttribute('width')).toBe('1600');
    expect(img(container).getAttribute('height')).toBe('700');
    expect(img(container).getAttribute('fetchpriority')).toBe('high');
    expect(img(container).hasAttribute('loading')).toBe(false);
    cleanup();
    const plain = render(<EventImage src={null} />).container;
    expect(img(plain).getAttribute('width')).toBe('1200');
    expect(img(plain).getAttribute('height')).toBe('600');
    expect(img(plain).hasAttribute('fetchpriority')).toBe(false);
  });

  it('falls back to the default once when the image fails, and never loops', () => {
    const { container } = render(<EventImage src="/api/files/hilang.webp" />);
    fireEvent.error(img(container));
    expect(img(container).getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
    fireEvent.error(img(container));
    expect(img(container).getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
  });

  it('says when it is settled: loaded and decoded, or failed down to the default (not at the first failure)', async () => {
    const onSettled = vi.fn();
    const loaded = render(<EventImage src="/api/files/header.webp" onSettled={onSettled} />).container;
    let decoded = () => {};
    img(loaded).decode = () => new Promise<void>((resolve) => (decoded = resolve));
    expect(onSettled).not.toHaveBeenCalled();
    fireEvent.load(img(loaded));
    await Promise.resolve();
    expect(onSettled).not.toHaveBeenCalled();
    decoded();
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    cleanup();
    onSettled.mockClear();
    const failing = render(<EventImage src="/api/files/hilang.webp" onSettled={onSettled} />).container;
    fireEvent.error(img(failing));
    expect(onSettled).not.toHaveBeenCalled();
    fireEvent.error(img(failing));
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('offers the WebP copies of an uploaded image in a srcset (and none for other addresses)', () => {
    const key = `${'a'.repeat(32)}.png`;
    const { container } = render(<EventImage src={`http://localhost:3000/api/files/${key}`} sizes="(min-width: 1024px) 33vw, 100vw" />);
    expect(img(container).getAttribute('srcset')).toBe(
      [480, 800, 1200, 1600].map((w) => `http://localhost:3000/api/files/${key}?w=${w} ${w}w`).join(', '),
    );
    expect(img(container).getAttribute('sizes')).toBe('(min-width: 1024px) 33vw, 100vw');
    expect(uploadedImageSrcSet('https://cdn.example.com/x.png')).toBeUndefined();
    expect(uploadedImageSrcSet(DEFAULT_EVENT_IMAGE)).toBeUndefined();
    // A broken copy falls back to the default image, srcset dropped (else the browser keeps picking it).
    fireEvent.error(img(container));
    expect(img(container).hasAttribute('srcset')).toBe(false);
    expect(img(container).getAttribute('src')).toBe(DEFAULT_EVENT_IMAGE);
  });
});
