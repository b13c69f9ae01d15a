/**
 * jsdom lacks a few browser APIs Mantine uses: matchMedia (colour scheme, breakpoints),
 * ResizeObserver (ScrollArea, Tabs) and scrollIntoView (Combobox). These stand-ins do nothing.
 * It also lacks TextEncoder, which address parsing (EIP-55 checksums) uses; a UTF-8 encoder
 * stands in. Test files that choose the node environment (no window) are left alone.
 */
class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

/** TextEncoder's UTF-8 encoding, for jsdom. */
class Utf8Encoder {
  readonly encoding = 'utf-8';
  encode(input = ''): Uint8Array {
    const bytes: number[] = [];
    for (const char of input) {
      const code = char.codePointAt(0)!;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
    }
    return new Uint8Array(bytes);
  }
}

if (typeof window !== 'undefined') {
  if (typeof globalThis.TextEncoder === 'undefined') {
    Object.defineProperty(globalThis, 'TextEncoder', { writable: true, configurable: true, value: Utf8Encoder });
  }

  const computeStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element, pseudo?: string | null) => computeStyle(element, pseudo);

  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string): MediaQueryList => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  }

  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }

  if (!window.HTMLElement.prototype.scrollIntoView) {
    window.HTMLElement.prototype.scrollIntoView = () => undefined;
  }
}

export {};
