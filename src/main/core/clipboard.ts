/** The system clipboard, written from main: Electron's in the app, a recorded copy in the harness. */
export interface Clipboard {
  /** Throws when the text did not reach the clipboard. */
  write(text: string): void | Promise<void>;
}

export const noClipboard: Clipboard = {
  write() {
    throw new Error('there is no clipboard here');
  },
};

/** Keeps what was copied, for the harness and tests. */
export function recordingClipboard(): Clipboard & { readonly copies: readonly string[] } {
  const copies: string[] = [];
  return {
    copies,
    write(text) {
      copies.push(text);
    },
  };
}
