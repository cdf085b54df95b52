import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The QR decoder: the `barcode-detector` ponyfill over zxing-wasm, with the .wasm served by our own
 * server (Vite emits it as a fingerprinted asset) instead of the package's default CDN. This module
 * is imported lazily by the camera scanner only, so the 1 MB decoder never loads elsewhere.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export function createQrDetector(): BarcodeDetector {
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export type QrDetector = BarcodeDetector;
